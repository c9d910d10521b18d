import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  contractMessages,
  fullNameMatches,
  instalmentIsDue,
  withinWithdrawalPeriod,
  type ContractAccepted,
  type ContractAcceptBody,
  type ContractView,
  type Instalment,
  type InstalmentDue,
  type InstalmentStatus,
  type InstalmentView,
  type MyContracts,
  type Withdrawn,
} from '../../../shared/contracts';
import { canViewCourse, type CourseStatus } from '../../../shared/courses';
import { parisDay } from '../../../shared/paris-days';
import { isAdmin, type Actor } from '../../../shared/roles';
import type { Db, Executor } from '../../db/client';
import { contractInstalments, courses, courseSections, enrolments, lessons, quizzes, trainingContracts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { enrol, withdraw } from '../enrolments';
import { notify } from '../notifications';
import { providerIdentity, sellingSettings } from '../provider';
import { hashIp, ipHashSecret } from '../sessions';
import { buildContract, parisMidnight, type ContractDocument, type ContractFacts } from './contract-document';
import { renderContractPdf } from './contract-pdf';
import { issueInvoice } from '../invoices';

export interface Deps {
  db: Db;
  storage: Storage;
}

export interface RequestFacts {
  userAgent: string;
  ip: string;
}

/** The published course (or one the caller may see) with what the contract states; 404 otherwise. */
async function courseFacts(db: Executor, actor: Actor, courseId: number): Promise<ContractFacts['course'] & { authorId: number; status: CourseStatus; discountPriceCents: number | null }> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course || !canViewCourse(actor, { authorId: course.authorId, status: course.status })) throw AppError.notFound(contractMessages.courseNotFound);
  const rows = await db
    .select({ sectionId: courseSections.id, sectionTitle: courseSections.title, lessonTitle: lessons.title, minutes: lessons.durationMinutes, quiz: quizzes.lessonId, positioning: quizzes.positioning })
    .from(courseSections)
    .leftJoin(lessons, eq(lessons.sectionId, courseSections.id))
    .leftJoin(quizzes, eq(quizzes.lessonId, lessons.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(lessons.position), asc(lessons.id));
  const programme: ContractFacts['course']['programme'] = [];
  let quizCount = 0;
  for (const row of rows) {
    let section = programme.at(-1) as (ContractFacts['course']['programme'][number] & { id?: number }) | undefined;
    if (!section || section.id !== row.sectionId) {
      section = { id: row.sectionId, title: row.sectionTitle, lessons: [] };
      programme.push(section);
    }
    if (row.lessonTitle !== null) section.lessons.push({ title: row.lessonTitle, minutes: row.minutes ?? 0 });
    if (row.quiz !== null && !row.positioning) quizCount += 1;
  }
  return {
    id: course.id,
    authorId: course.authorId,
    status: course.status,
    title: course.title,
    description: course.description,
    duration: course.duration,
    // The learner pays the discounted price when there is one.
    priceCents: course.discountPriceCents ?? course.priceCents,
    discountPriceCents: course.discountPriceCents,
    objectives: course.objectives,
    targetAudience: course.targetAudience,
    prerequisites: course.prerequisites,
    assessmentMethods: course.assessmentMethods,
    contact: course.contact,
    accessibility: course.accessibility,
    trainerName: course.authorName,
    certificationCode: course.certificationCode,
    programme: programme.map(({ title, lessons: l }) => ({ title, lessons: l })),
    quizCount,
  };
}

async function contractFacts(deps: Deps, actor: Actor, courseId: number) {
  const course = await courseFacts(deps.db, actor, courseId);
  if (course.status !== 'published') throw AppError.notFound(contractMessages.courseNotFound);
  if (course.priceCents === 0) throw AppError.invalidTransition(contractMessages.freeCourse);
  const [learner] = await deps.db.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, actor.id));
  if (!learner) throw AppError.unauthenticated();
  const [provider, selling] = await Promise.all([providerIdentity(deps), sellingSettings(deps.db)]);
  const facts: ContractFacts = { provider, learner, course, waiverOffered: selling.paidAccessOpening === 'immediately_with_waiver' };
  return facts;
}

async function liveContractOf(db: Executor, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(trainingContracts)
    .where(and(eq(trainingContracts.userId, userId), eq(trainingContracts.courseId, courseId), isNull(trainingContracts.withdrawnAt)))
    .limit(1);
  return row ?? null;
}

const toDue = (row: { dueOn: string | null; dueProgress: number | null }): InstalmentDue => (row.dueOn !== null ? { on: row.dueOn } : { progress: row.dueProgress === 50 ? 50 : 100 });

const scheduleView = (schedule: Instalment[]): InstalmentView[] => schedule.map((i) => ({ label: i.label, amount_cents: i.amountCents, due: i.due }));

async function instalmentsOf(db: Executor, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db.select().from(contractInstalments).where(inArray(contractInstalments.contractId, contractIds)).orderBy(asc(contractInstalments.contractId), asc(contractInstalments.position));
}

/** `GET /api/courses/{id}/contract`: the contract the caller would sign now (with `waiver`, the immediate-access version), or the one they signed. */
export async function getContract(deps: Deps, actor: Actor, courseId: number, now = new Date(), waiver = false): Promise<ContractView & { document: ContractDocument }> {
  const facts = await contractFacts(deps, actor, courseId);
  const signed = await liveContractOf(deps.db, actor.id, courseId);
  const document = buildContract(facts, signed?.signedAt ?? now, signed ? signed.waiver : waiver && facts.waiverOffered);
  const text = signed?.documentText ?? document.text;
  return {
    course_id: courseId,
    course_title: facts.course.title,
    price_cents: signed?.priceCents ?? facts.course.priceCents,
    sections: signed ? [] : document.sections,
    text,
    sha256: signed?.documentSha256 ?? document.sha256,
    withdrawal_until: signed?.withdrawalUntil ?? document.withdrawalUntil,
    schedule: signed ? (await instalmentsOf(deps.db, [signed.id])).map(instalmentView) : scheduleView(document.schedule),
    waiver_offered: facts.waiverOffered,
    signed: signed ? { contract_id: signed.id, enrolment_id: signed.enrolmentId, signed_at: signed.signedAt.toISOString() } : null,
    document: signed ? { ...document, text, sha256: signed.documentSha256 } : document,
  };
}

function instalmentView(row: typeof contractInstalments.$inferSelect): InstalmentView {
  return { id: row.id, label: row.label, amount_cents: row.amountCents, due: toDue(row), status: row.status, invoice_id: row.invoiceId, paid_at: row.paidAt?.toISOString() ?? null, charge_error: row.status === 'invoiced' ? row.chargeError : null };
}

/** The contract as a PDF: the signed one with its proof, or the one to sign. */
export async function contractPdf(deps: Deps, actor: Actor, courseId: number, now = new Date()): Promise<{ pdf: Buffer; fileName: string }> {
  const view = await getContract(deps, actor, courseId, now);
  const signed = view.signed ? await liveContractOf(deps.db, actor.id, courseId) : null;
  const provider = await providerIdentity(deps);
  const pdf = await renderContractPdf({ title: view.document.title, text: view.text, sha256: view.sha256, provider, signature: signed ? { fullName: signed.fullName, signedAt: signed.signedAt } : null });
  return { pdf, fileName: `contrat-de-formation-${courseId}.pdf` };
}

/** `GET /api/contracts/{id}/pdf`: a signed contract, for its learner or an administrator (404 for anyone else), withdrawn ones included. */
export async function signedContractPdf(deps: Deps, actor: Actor, contractId: number): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await deps.db.select().from(trainingContracts).where(eq(trainingContracts.id, contractId)).limit(1);
  if (!row || (row.userId !== actor.id && !isAdmin(actor))) throw AppError.notFound(contractMessages.contractNotFound);
  const provider = await providerIdentity(deps);
  const title = row.documentText.split('\n', 1)[0] ?? 'Contrat de formation';
  const pdf = await renderContractPdf({ title, text: row.documentText, sha256: row.documentSha256, provider, signature: { fullName: row.fullName, signedAt: row.signedAt }, withdrawnAt: row.withdrawnAt });
  return { pdf, fileName: `contrat-de-formation-${row.id}.pdf` };
}

/**
 * `POST /api/courses/{id}/contract/accept`: the learner signs (box ticked, their account's name
 * typed), in one transaction: the enrolment through `enrol()` with its access date, the contract
 * with its proof (time, SHA-256 of the exact text, keyed hash of the address, user agent) and its
 * instalments. Nothing is charged: the first instalment falls due after the withdrawal period.
 */
export async function acceptContract(deps: Deps, actor: Actor, courseId: number, body: ContractAcceptBody, request: RequestFacts, now = new Date()): Promise<ContractAccepted> {
  const facts = await contractFacts(deps, actor, courseId);
  if (!fullNameMatches(body.full_name, facts.learner.firstname, facts.learner.lastname)) {
    throw AppError.validation({ full_name: [contractMessages.fullNameMismatch] }, contractMessages.fullNameMismatch);
  }
  if (body.waiver && !facts.waiverOffered) throw AppError.validation({ waiver: [contractMessages.waiverNotOffered] }, contractMessages.waiverNotOffered);
  const waiver = Boolean(body.waiver);
  const document = buildContract(facts, now, waiver);
  if (body.document_sha256 && body.document_sha256 !== document.sha256) throw new AppError('contract_changed', 409, contractMessages.documentChanged);
  const accessFrom = waiver ? now : parisMidnight(addDay(document.withdrawalUntil));
  const secret = await ipHashSecret(deps.db);
  return deps.db.transaction(async (tx) => {
    if (await liveContractOf(tx, actor.id, courseId)) throw new AppError('contract_signed', 409, contractMessages.alreadySigned);
    const added = await enrol(tx, courseId, [actor.id], { accessFrom });
    // Already in the course (an organisation's seat, a free period): nothing to sign.
    if (added.length === 0) throw new AppError('contract_signed', 409, contractMessages.alreadyEnrolled);
    const [enrolment] = await tx.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, actor.id), eq(enrolments.courseId, courseId)));
    const [contract] = await tx
      .insert(trainingContracts)
      .values({
        userId: actor.id,
        courseId,
        enrolmentId: enrolment!.id,
        priceCents: facts.course.priceCents,
        documentText: document.text,
        documentSha256: document.sha256,
        fullName: body.full_name.trim(),
        signedAt: now,
        ipHash: hashIp(secret, request.ip),
        userAgent: request.userAgent.slice(0, 500),
        withdrawalUntil: document.withdrawalUntil,
        waiver,
        accessFrom,
      })
      .onConflictDoNothing()
      .returning({ id: trainingContracts.id });
    if (!contract) throw new AppError('contract_signed', 409, contractMessages.alreadySigned);
    const rows =
      document.schedule.length === 0
        ? []
        : await tx
            .insert(contractInstalments)
            .values(
              document.schedule.map((i, position) => ({
                contractId: contract.id,
                position,
                label: i.label,
                amountCents: i.amountCents,
                dueOn: 'on' in i.due ? i.due.on : null,
                dueProgress: 'progress' in i.due ? i.due.progress : null,
              })),
            )
            .returning();
    return {
      contract_id: contract.id,
      enrolment_id: enrolment!.id,
      withdrawal_until: document.withdrawalUntil,
      access_from: accessFrom.toISOString(),
      schedule: rows.map(instalmentView),
    };
  });
}

function addDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * `POST /api/enrolments/{id}/withdraw`: the learner withdraws within the period (its last day
 * included, in Paris): the enrolment goes and the schedule is cancelled, in one transaction; the
 * contract stays, marked withdrawn, as evidence. 404 for another's enrolment; 409 after the period.
 */
export async function withdrawFromContract(db: Db, actor: Actor, enrolmentId: number, now = new Date()): Promise<Withdrawn> {
  return db.transaction(async (tx) => {
    const [enrolment] = await tx.select({ userId: enrolments.userId, courseId: enrolments.courseId }).from(enrolments).where(eq(enrolments.id, enrolmentId)).for('update');
    if (!enrolment || enrolment.userId !== actor.id) throw AppError.notFound(contractMessages.enrolmentNotFound);
    const contract = await liveContractOf(tx, actor.id, enrolment.courseId);
    if (!contract) throw AppError.invalidTransition(contractMessages.noContract);
    if (!withinWithdrawalPeriod(contract.withdrawalUntil, now)) throw new AppError('withdrawal_period_over', 409, contractMessages.withdrawalOver);
    await tx.update(trainingContracts).set({ withdrawnAt: now, enrolmentId: null }).where(eq(trainingContracts.id, contract.id));
    await tx.update(contractInstalments).set({ status: 'cancelled' }).where(eq(contractInstalments.contractId, contract.id));
    await withdraw(tx, actor.id, enrolment.courseId);
    return { contract_id: contract.id, withdrawn_at: now.toISOString() };
  });
}

/** `GET /api/user/contracts`: the caller's contracts, newest first, with their schedules. */
export async function myContracts(db: Db, actor: Actor, now = new Date(), cardPayments = false): Promise<MyContracts> {
  const rows = await db
    .select({ contract: trainingContracts, title: courses.title })
    .from(trainingContracts)
    .innerJoin(courses, eq(courses.id, trainingContracts.courseId))
    .where(eq(trainingContracts.userId, actor.id))
    .orderBy(sql`${trainingContracts.signedAt} desc`, sql`${trainingContracts.id} desc`);
  const instalments = await instalmentsOf(db, rows.map((r) => r.contract.id));
  return {
    items: rows.map(({ contract: c, title }) => ({
      id: c.id,
      course_id: c.courseId,
      course_title: title,
      enrolment_id: c.enrolmentId,
      price_cents: c.priceCents,
      signed_at: c.signedAt.toISOString(),
      withdrawal_until: c.withdrawalUntil,
      access_from: c.accessFrom.toISOString(),
      waiver: c.waiver,
      withdrawn_at: c.withdrawnAt?.toISOString() ?? null,
      can_withdraw: c.withdrawnAt === null && c.enrolmentId !== null && withinWithdrawalPeriod(c.withdrawalUntil, now),
      sha256: c.documentSha256,
      schedule: instalments.filter((i) => i.contractId === c.id).map(instalmentView),
      card_needed: cardPayments && c.withdrawnAt === null && (c.stripePaymentMethodId === null || instalments.some((i) => i.contractId === c.id && i.status === 'invoiced' && i.chargeFailedAt !== null)),
    })),
  };
}

/**
 * The daily job: every scheduled instalment of a live contract whose day has come (Paris) or
 * whose progress milestone the learner reached is invoiced (issueInvoice, source
 * {kind: 'instalment', id}: issuing twice returns the first invoice) and its learner notified, one
 * instalment per transaction, the row locked and skipped by a concurrent process. Never before the
 * withdrawal period's end, whatever the schedule says. Returns how many were invoiced.
 */
export async function invoiceDueInstalments(db: Db, now = new Date()): Promise<number> {
  const today = parisDay(now);
  const candidates = await db.execute(sql`
    select i.id, i.due_on, i.due_progress, t.withdrawal_until,
      (select count(*)::int from lessons l join course_sections s on s.id = l.section_id
        where s.course_id = t.course_id and not exists (select 1 from quizzes pq where pq.lesson_id = l.id and pq.positioning)) as total,
      (select count(*)::int from lesson_progress p join lessons l on l.id = p.lesson_id join course_sections s on s.id = l.section_id
        where s.course_id = t.course_id and p.user_id = t.user_id and not exists (select 1 from quizzes pq where pq.lesson_id = l.id and pq.positioning)) as done,
      (select e.completed_at from enrolments e where e.user_id = t.user_id and e.course_id = t.course_id) as completed_at
    from contract_instalments i join training_contracts t on t.id = i.contract_id
    where i.status = 'scheduled' and t.withdrawn_at is null and t.withdrawal_until < ${today}`);
  const due = (candidates as unknown as { rows: { id: number; due_on: string | null; due_progress: number | null; total: number; done: number; completed_at: unknown }[] }).rows.filter((r) => {
    const percent = r.completed_at ? 100 : Number(r.total) > 0 ? Math.floor((Number(r.done) * 100) / Number(r.total)) : 0;
    return instalmentIsDue(toDue({ dueOn: r.due_on === null ? null : String(r.due_on).slice(0, 10), dueProgress: r.due_progress }), today, percent);
  });
  let invoiced = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ instalment: contractInstalments, contract: trainingContracts, title: courses.title })
        .from(contractInstalments)
        .innerJoin(trainingContracts, eq(trainingContracts.id, contractInstalments.contractId))
        .innerJoin(courses, eq(courses.id, trainingContracts.courseId))
        .where(and(eq(contractInstalments.id, Number(id)), eq(contractInstalments.status, 'scheduled'), isNull(trainingContracts.withdrawnAt)))
        .for('update', { of: contractInstalments, skipLocked: true });
      if (!row) return false;
      const { instalment, contract, title } = row;
      const invoice = await issueInvoice(tx, {
        buyer: { kind: 'user', userId: contract.userId },
        lines: [{ label: `${title} – ${instalment.label}`, quantity: 1, unitAmountCents: instalment.amountCents }],
        courseId: contract.courseId,
        enrolmentId: contract.enrolmentId,
        source: { kind: 'instalment', id: instalment.id },
        issuedAt: now,
        amountsIncludeVat: true,
        dueOn: addDays(today, 30),
      });
      await tx.update(contractInstalments).set({ status: 'invoiced', invoiceId: invoice.id, invoicedAt: now }).where(eq(contractInstalments.id, instalment.id));
      await notify(tx, { userId: contract.userId, kind: 'instalment_invoiced', data: { courseTitle: title, label: instalment.label, amountCents: instalment.amountCents, invoiceNumber: invoice.number } });
      return true;
    });
    if (done) invoiced += 1;
  }
  return invoiced;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The manifest's `invoicePaid` hook: an instalment's invoice is fully paid, in the payment's transaction. */
export async function markInstalmentPaid(tx: Executor, event: { invoiceId: number; source: { kind: string; id: number }; paidAt: Date }): Promise<void> {
  if (event.source.kind !== 'instalment') return;
  const status: InstalmentStatus = 'paid';
  await tx
    .update(contractInstalments)
    .set({ status, paidAt: event.paidAt, invoiceId: event.invoiceId })
    .where(and(eq(contractInstalments.id, event.source.id), inArray(contractInstalments.status, ['scheduled', 'invoiced'])));
}
