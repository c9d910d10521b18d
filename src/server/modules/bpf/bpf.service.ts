import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type BpfAnomaly,
  type BpfLine,
  type BpfReport,
  bpfMessages,
  type CourseClassification,
  type CourseClassificationBody,
  type EnrolmentClassification,
  type EnrolmentClassificationBody,
  type FundingLine,
  hoursOf,
  type NsfCode,
  type TraineeType,
  type TrainerClassification,
  type TrainerClassificationBody,
  type TrainerStatus,
  type TrainingObjective,
} from '../../../shared/bpf';
import { toCsv } from '../../lib/csv';
import type { Executor } from '../../db/client';
import { courses, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { setEnrolmentClassification } from '../enrolments';
import {
  effectiveClassification,
  frameC,
  frameE,
  frameF1,
  frameF3,
  frameF4,
  hoursInYear,
  parisYearBounds,
  type RevenueEntry,
  type TraineeYear,
  type TrainerYear,
} from './bpf-frames';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface EnrolmentRow {
  id: number;
  user_id: number;
  course_id: number;
  trainee_type: TraineeType | null;
  funding_line: FundingLine | null;
  firstname: string;
  lastname: string;
  title: string;
  bpf_objective: TrainingObjective | null;
  nsf_code: NsfCode | null;
  author_id: number;
  through_organisation: boolean;
  self_invoiced: boolean;
}

interface StretchRow {
  user_id: number;
  course_id: number;
  at: Date | string;
  seconds: number | string;
}

/**
 * The enrolments that count in the year (decision 053): begun before the year ended, and whose
 * last day (completion, last lesson, last beat on screen, last signed live slot) is in it or after.
 */
async function enrolmentsOfYear(db: Executor, start: Date, end: Date): Promise<EnrolmentRow[]> {
  const result = await db.execute(sql`
    select e.id, e.user_id, e.course_id, e.trainee_type, e.funding_line, u.firstname, u.lastname,
      c.title, c.bpf_objective, c.nsf_code, c.author_id,
      exists (select 1 from organisation_enrolments oe where oe.user_id = e.user_id and oe.course_id = e.course_id) as through_organisation,
      exists (select 1 from invoices i where i.enrolment_id = e.id and i.kind = 'invoice' and i.buyer_user_id = e.user_id) as self_invoiced
    from enrolments e
    join users u on u.id = e.user_id
    join courses c on c.id = e.course_id
    where e.created_at < ${end.toISOString()}::timestamptz
      and greatest(
        e.created_at, e.completed_at, e.last_activity_at,
        (select max(a.last_beat_at) from attendance_sessions a where a.user_id = e.user_id and a.course_id = e.course_id),
        (select max(sl.ends_at) from live_signatures sg join live_slots sl on sl.id = sg.slot_id join live_sessions ls on ls.id = sl.session_id
          where sg.user_id = e.user_id and ls.course_id = e.course_id)
      ) >= ${start.toISOString()}::timestamptz
    order by e.id`);
  return rowsOf<EnrolmentRow>(result).map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), course_id: Number(r.course_id), author_id: Number(r.author_id) }));
}

/**
 * The year's attendance, summed by learner, course and Paris day (so a year of beats is a few rows
 * per learner): the seconds on screen of each connection and the length of each signed live slot,
 * dated by their start.
 */
async function stretchesOfYear(db: Executor, start: Date, end: Date): Promise<StretchRow[]> {
  const result = await db.execute(sql`
    with stretches as (
      select a.user_id, a.course_id, a.started_at as at, a.seconds from attendance_sessions a
      where a.started_at >= ${start.toISOString()}::timestamptz and a.started_at < ${end.toISOString()}::timestamptz
      union all
      select sg.user_id, ls.course_id, sl.starts_at as at, extract(epoch from sl.ends_at - sl.starts_at)::int as seconds
      from live_signatures sg join live_slots sl on sl.id = sg.slot_id join live_sessions ls on ls.id = sl.session_id
      where sl.starts_at >= ${start.toISOString()}::timestamptz and sl.starts_at < ${end.toISOString()}::timestamptz
    )
    select user_id, course_id, date_trunc('day', at at time zone 'Europe/Paris') at time zone 'Europe/Paris' as at, sum(seconds) as seconds
    from stretches
    group by 1, 2, 3`);
  return rowsOf<StretchRow>(result);
}

interface TrainerRow {
  user_id: number;
  firstname: string;
  lastname: string;
  trainer_status: TrainerStatus | null;
  seconds: number | string;
}

/**
 * The year's trainers: the authors of the courses counted, and whoever ran (countersigned, else
 * authored the course of) a live slot in the year, with the live hours they gave.
 */
async function trainersOfYear(db: Executor, start: Date, end: Date, authorIds: number[]): Promise<TrainerRow[]> {
  const result = await db.execute(sql`
    with slots as (
      select coalesce(sl.countersigned_by_id, c.author_id) as user_id, extract(epoch from sl.ends_at - sl.starts_at)::int as seconds
      from live_slots sl join live_sessions ls on ls.id = sl.session_id join courses c on c.id = ls.course_id
      where sl.starts_at >= ${start.toISOString()}::timestamptz and sl.starts_at < ${end.toISOString()}::timestamptz
    ), people as (
      select user_id, seconds from slots
      union all
      select u.id, 0 from users u where u.id = any(${`{${authorIds.join(',')}}`}::int[])
    )
    select u.id as user_id, u.firstname, u.lastname, u.trainer_status, sum(p.seconds) as seconds
    from people p join users u on u.id = p.user_id
    group by u.id
    order by u.id`);
  return rowsOf<TrainerRow>(result).map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

interface RevenueRow {
  kind: 'invoice' | 'credit_note';
  total_ht_cents: number | string;
  buyer_user_id: number | null;
  buyer_organisation_id: number | null;
  enrolment_id: number | null;
  trainee_type: TraineeType | null;
  funding_line: FundingLine | null;
  through_organisation: boolean | null;
  self_invoiced: boolean | null;
  firstname: string | null;
  lastname: string | null;
  title: string | null;
  course_id: number | null;
}

/** A revenue entry, and the enrolment it is billed for (its funding line is then the enrolment's). */
interface RevenueOfEnrolment extends RevenueEntry {
  enrolment: { id: number; label: string; courseId: number; traineeType: TraineeType | null; fundingLine: FundingLine | null } | null;
}

/**
 * The line of an invoice or credit note (decision 053): the billed enrolment's own line when the
 * admin set one, else an organisation buyer is the company paying for its employees (line 1),
 * else the enrolment's obvious default, else a person billed themselves is line 9; else null.
 */
export function revenueLine(row: Pick<RevenueRow, 'buyer_user_id' | 'buyer_organisation_id' | 'enrolment_id' | 'trainee_type' | 'funding_line' | 'through_organisation' | 'self_invoiced'>): FundingLine | null {
  if (row.enrolment_id !== null && row.funding_line) return row.funding_line;
  if (row.buyer_organisation_id !== null) return 'c1';
  if (row.enrolment_id !== null) {
    const derived = effectiveClassification({ traineeType: row.trainee_type, fundingLine: null, throughOrganisation: Boolean(row.through_organisation), selfInvoiced: Boolean(row.self_invoiced) }).fundingLine;
    if (derived) return derived;
    return null;
  }
  return row.buyer_user_id !== null ? 'c9' : null;
}

/**
 * The year's revenue for frame C: each invoice and credit note issued in the year (Paris), excluding
 * VAT (the Cerfa's products are « hors taxes »), a credit note counted negative.
 */
async function revenueOfYear(db: Executor, start: Date, end: Date): Promise<RevenueOfEnrolment[]> {
  const result = await db.execute(sql`
    select i.kind, i.total_ht_cents, i.buyer_user_id, i.buyer_organisation_id, e.id as enrolment_id, e.trainee_type, e.funding_line,
      exists (select 1 from organisation_enrolments oe where oe.user_id = e.user_id and oe.course_id = e.course_id) as through_organisation,
      (i.buyer_user_id is not null and i.buyer_user_id = e.user_id) as self_invoiced,
      u.firstname, u.lastname, c.title, e.course_id
    from invoices i
    left join enrolments e on e.id = i.enrolment_id
    left join users u on u.id = e.user_id
    left join courses c on c.id = e.course_id
    where i.issued_at >= ${start.toISOString()}::timestamptz and i.issued_at < ${end.toISOString()}::timestamptz
    order by i.id`);
  return rowsOf<RevenueRow>(result).map((r) => {
    const row = { ...r, enrolment_id: r.enrolment_id === null ? null : Number(r.enrolment_id), buyer_user_id: r.buyer_user_id === null ? null : Number(r.buyer_user_id), buyer_organisation_id: r.buyer_organisation_id === null ? null : Number(r.buyer_organisation_id) };
    const amount = Number(r.total_ht_cents);
    return {
      amountCents: r.kind === 'credit_note' ? -amount : amount,
      fundingLine: revenueLine(row),
      enrolment:
        row.enrolment_id === null
          ? null
          : { id: row.enrolment_id, label: `${r.firstname} ${r.lastname} — ${r.title}`, courseId: Number(r.course_id), traineeType: r.trainee_type, fundingLine: r.funding_line },
    };
  });
}

/** Everything the report needs for a year, computed by the named frame functions. */
export async function bpfReport(db: Executor, year: number): Promise<BpfReport> {
  const { start, end } = parisYearBounds(year);
  const [enrolled, stretches, revenue] = await Promise.all([enrolmentsOfYear(db, start, end), stretchesOfYear(db, start, end), revenueOfYear(db, start, end)]);
  const byPair = new Map<string, { at: Date; seconds: number }[]>();
  for (const s of stretches) {
    const key = `${Number(s.user_id)}:${Number(s.course_id)}`;
    byPair.set(key, [...(byPair.get(key) ?? []), { at: new Date(s.at), seconds: Number(s.seconds) }]);
  }
  const classified = enrolled.map((e) => ({
    row: e,
    ...effectiveClassification({ traineeType: e.trainee_type, fundingLine: e.funding_line, throughOrganisation: Boolean(e.through_organisation), selfInvoiced: Boolean(e.self_invoiced) }),
  }));
  const trainees: TraineeYear[] = classified.map((c) => ({
    enrolmentId: c.row.id,
    traineeType: c.traineeType,
    objective: c.row.bpf_objective,
    nsfCode: c.row.nsf_code,
    hours: hoursInYear(byPair.get(`${c.row.user_id}:${c.row.course_id}`) ?? [], year),
  }));
  const entries: RevenueEntry[] = revenue.map((r) => ({ amountCents: r.amountCents, fundingLine: r.fundingLine }));
  const trainerRows = await trainersOfYear(db, start, end, [...new Set(enrolled.map((e) => e.author_id))]);
  const trainers: TrainerYear[] = trainerRows.map((t) => ({ userId: t.user_id, status: t.trainer_status, hours: hoursOf(Number(t.seconds)) }));

  // An enrolment billed in the year without a line: its revenue waits on the « à classer » line.
  const unlined = new Map(revenue.filter((r) => r.fundingLine === null && r.enrolment).map((r) => [r.enrolment!.id, r.enrolment!]));
  const anomalies: BpfAnomaly[] = [];
  for (const c of classified) {
    const missing = [...(c.traineeType ? [] : [bpfMessages.missingTraineeType]), ...(unlined.has(c.row.id) ? [bpfMessages.missingFundingLine] : [])];
    if (missing.length > 0)
      anomalies.push({ kind: 'enrolment', id: c.row.id, missing, label: `${c.row.firstname} ${c.row.lastname} — ${c.row.title}`, course_id: c.row.course_id, trainee_type: c.row.trainee_type, funding_line: c.row.funding_line });
  }
  const counted = new Set(classified.map((c) => c.row.id));
  for (const e of unlined.values()) {
    if (!counted.has(e.id)) anomalies.push({ kind: 'enrolment', id: e.id, missing: [bpfMessages.missingFundingLine], label: e.label, course_id: e.courseId, trainee_type: e.traineeType, funding_line: e.fundingLine });
  }
  const seenCourses = new Set<number>();
  for (const e of enrolled) {
    if (seenCourses.has(e.course_id)) continue;
    seenCourses.add(e.course_id);
    const missing = [...(e.bpf_objective ? [] : [bpfMessages.missingObjective]), ...(e.nsf_code ? [] : [bpfMessages.missingNsf])];
    if (missing.length > 0) anomalies.push({ kind: 'course', id: e.course_id, missing, label: e.title, course_id: e.course_id, objective: e.bpf_objective, nsf_code: e.nsf_code });
  }
  for (const t of trainerRows) {
    if (!t.trainer_status) anomalies.push({ kind: 'trainer', id: t.user_id, missing: [bpfMessages.missingTrainerStatus], label: `${t.firstname} ${t.lastname}`, course_id: null, status: null });
  }
  return { year, frames: { c: frameC(entries), e: frameE(trainers), f1: frameF1(trainees), f3: frameF3(trainees), f4: frameF4(trainees) }, anomalies };
}

const frameTitles = { c: 'C – Origine des produits', e: 'E – Personnes dispensant des heures de formation', f1: 'F-1 – Type de stagiaires', f3: 'F-3 – Objectif général des prestations', f4: 'F-4 – Spécialités de formation' } as const;

function euros(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** The report as a CSV with the Cerfa's frames, line codes and labels. */
export function bpfCsv(report: BpfReport): string {
  const rows: (string | number | null)[][] = [];
  for (const frame of ['c', 'e', 'f1', 'f3', 'f4'] as const) {
    for (const line of report.frames[frame] as BpfLine[]) {
      rows.push([
        frameTitles[frame],
        line.code,
        line.label,
        line.count ?? null,
        line.hours === undefined ? null : String(line.hours).replace('.', ','),
        line.amount_cents === undefined ? null : euros(line.amount_cents),
      ]);
    }
  }
  return toCsv(['Cadre', 'Ligne', 'Libellé', 'Nombre', 'Heures', 'Montant HT (€)'], rows);
}

/** Classifies an enrolment (frames F-1 and C), through the enrolments module. */
export async function classifyEnrolment(db: Executor, enrolmentId: number, body: EnrolmentClassificationBody): Promise<EnrolmentClassification> {
  const row = await setEnrolmentClassification(db, enrolmentId, { traineeType: body.trainee_type, fundingLine: body.funding_line });
  if (!row) throw new AppError('not_found', 404, bpfMessages.enrolmentNotFound);
  return { enrolment_id: enrolmentId, trainee_type: row.traineeType, funding_line: row.fundingLine };
}

/** A course's classification (frames F-3 and F-4). */
export async function courseClassification(db: Executor, courseId: number): Promise<CourseClassification> {
  const [row] = await db.select({ objective: courses.bpfObjective, nsfCode: courses.nsfCode }).from(courses).where(eq(courses.id, courseId));
  if (!row) throw new AppError('not_found', 404, bpfMessages.courseNotFound);
  return { course_id: courseId, objective: row.objective, nsf_code: row.nsfCode as NsfCode | null };
}

/** Classifies a course (frames F-3 and F-4); a field left out stays, null clears it. */
export async function classifyCourse(db: Executor, courseId: number, body: CourseClassificationBody): Promise<CourseClassification> {
  const set: { bpfObjective?: TrainingObjective | null; nsfCode?: NsfCode | null } = {};
  if (body.objective !== undefined) set.bpfObjective = body.objective;
  if (body.nsf_code !== undefined) set.nsfCode = body.nsf_code;
  if (Object.keys(set).length > 0) {
    const updated = await db.update(courses).set(set).where(eq(courses.id, courseId)).returning({ id: courses.id });
    if (updated.length === 0) throw new AppError('not_found', 404, bpfMessages.courseNotFound);
  }
  return courseClassification(db, courseId);
}

const trainerRoles = ['formateur', 'admin'] as const;

/** A trainer's classification (frame E): internal or external. Only trainers and administrators (who may author courses) have one. */
export async function trainerClassification(db: Executor, userId: number): Promise<TrainerClassification> {
  const [row] = await db.select({ status: users.trainerStatus }).from(users).where(and(eq(users.id, userId), inArray(users.role, [...trainerRoles])));
  if (!row) throw new AppError('not_found', 404, bpfMessages.trainerNotFound);
  return { user_id: userId, status: row.status };
}

export async function classifyTrainer(db: Executor, userId: number, body: TrainerClassificationBody): Promise<TrainerClassification> {
  const updated = await db
    .update(users)
    .set({ trainerStatus: body.status })
    .where(and(eq(users.id, userId), inArray(users.role, [...trainerRoles])))
    .returning({ status: users.trainerStatus });
  if (updated.length === 0) throw new AppError('not_found', 404, bpfMessages.trainerNotFound);
  return { user_id: userId, status: updated[0]!.status };
}
