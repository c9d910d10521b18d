import {
  type BpfLine,
  type FundingLine,
  fundingLineLabels,
  fundingLines,
  hoursOf,
  NSF_MAIN_SPECIALITIES,
  type NsfCode,
  nsfCodes,
  RNCP_HEADING,
  type TraineeType,
  traineeTypeLines,
  traineeTypes,
  type TrainerStatus,
  trainerStatuses,
  trainerStatusLines,
  type TrainingObjective,
  trainingObjectiveLines,
  trainingObjectives,
} from '../../../shared/bpf';

/**
 * The BPF's frames (Cerfa 10443, issue 29, decision 053) as pure functions of the rows the service
 * reads: each is tested on its own, and the report is only their assembly.
 */

const TO_CLASSIFY = 'À classer (voir les anomalies)';
const TOTAL = 'Total';

/** The civil year of an instant, in Paris (where the provider files its BPF). */
export function parisYear(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(date));
}

/** The instants a Paris civil year runs between: [start, end). */
export function parisYearBounds(year: number): { start: Date; end: Date } {
  // On 1 January Paris is always on winter time, UTC+1: its midnight is 23:00 UTC the day before.
  const at = (y: number) => new Date(Date.UTC(y - 1, 11, 31, 23));
  return { start: at(year), end: at(year + 1) };
}

/**
 * Whether a training counts in a civil year: it began before the year ended and its last day (its
 * completion, else its last activity, else its start) is in the year or after. A training spanning
 * two years counts in both; its hours are split by when they happened (`hoursInYear`).
 */
export function trainingCountsInYear(span: { start: Date; last: Date }, year: number): boolean {
  const { start, end } = parisYearBounds(year);
  return span.start < end && span.last >= start;
}

/** A trainee's hours in a year: the seconds on screen and the signed live time whose start falls in the year. */
export function hoursInYear(stretches: readonly { at: Date; seconds: number }[], year: number): number {
  return hoursOf(stretches.filter((s) => parisYear(s.at) === year).reduce((sum, s) => sum + s.seconds, 0));
}

/** Where an enrolment's facts point when the admin said nothing (decision 053). */
export interface EnrolmentFacts {
  traineeType: TraineeType | null;
  fundingLine: FundingLine | null;
  /** The learner took one of their organisation's seats for this course. */
  throughOrganisation: boolean;
  /** The learner was invoiced themselves for this course (a contrat de formation). */
  selfInvoiced: boolean;
}

/**
 * The classification an enrolment counts under: the admin's choice, else the obvious default (an
 * organisation's seat → a salarié, paid by the company, line 1; an invoice to the learner → a
 * particulier à ses frais, line 9), else null (an anomaly to resolve).
 */
export function effectiveClassification(facts: EnrolmentFacts): { traineeType: TraineeType | null; fundingLine: FundingLine | null } {
  const derivedType: TraineeType | null = facts.throughOrganisation ? 'private_employee' : facts.selfInvoiced ? 'self_funded' : null;
  const derivedLine: FundingLine | null = facts.throughOrganisation ? 'c1' : facts.selfInvoiced ? 'c9' : null;
  return { traineeType: facts.traineeType ?? derivedType, fundingLine: facts.fundingLine ?? derivedLine };
}

/** One revenue entry of the year: an invoice (positive) or a credit note (negative), in cents excluding VAT. */
export interface RevenueEntry {
  amountCents: number;
  /** The line of the billed enrolment, or c1 for an invoice to an organisation; null: to classify. */
  fundingLine: FundingLine | null;
}

/** Frame C: revenue by the Cerfa's lines 1 to 11, the OPCO subtotal (line 2) and the total. */
export function frameC(entries: readonly RevenueEntry[]): BpfLine[] {
  const sums = new Map<FundingLine | null, number>();
  for (const e of entries) sums.set(e.fundingLine, (sums.get(e.fundingLine) ?? 0) + e.amountCents);
  const line = (l: FundingLine, detail = false): BpfLine => ({ key: l, ...fundingLineLabels[l], amount_cents: sums.get(l) ?? 0, ...(detail ? { detail } : {}) });
  const opco = fundingLines.filter((l) => l.startsWith('c2'));
  const lines: BpfLine[] = [line('c1')];
  lines.push({
    key: 'c2',
    code: '2',
    label: 'Produits provenant des organismes gestionnaires des fonds de la formation professionnelle (OPCO, fonds d’assurance formation)',
    amount_cents: opco.reduce((sum, l) => sum + (sums.get(l) ?? 0), 0),
  });
  for (const l of opco) lines.push(line(l, true));
  for (const l of fundingLines.filter((l) => !l.startsWith('c2') && l !== 'c1')) lines.push(line(l));
  const unclassified = sums.get(null) ?? 0;
  if (unclassified !== 0) lines.push({ key: 'unclassified', code: '', label: TO_CLASSIFY, amount_cents: unclassified });
  lines.push({ key: 'total', code: '12', label: 'Total des produits réalisés au titre de la formation professionnelle', amount_cents: [...sums.values()].reduce((a, b) => a + b, 0) });
  return lines;
}

/** A trainer who delivered training in the year: their status and the live hours they gave. */
export interface TrainerYear {
  userId: number;
  status: TrainerStatus | null;
  hours: number;
}

/** Frame E: how many trainers and how many hours, internal and external. */
export function frameE(trainers: readonly TrainerYear[]): BpfLine[] {
  const group = (status: TrainerStatus | null) => trainers.filter((t) => t.status === status);
  const sumHours = (list: readonly TrainerYear[]) => round2(list.reduce((sum, t) => sum + t.hours, 0));
  const lines: BpfLine[] = trainerStatuses.map((s) => ({ key: s, code: trainerStatusLines[s].code, label: trainerStatusLines[s].label, count: group(s).length, hours: sumHours(group(s)) }));
  const unclassified = group(null);
  if (unclassified.length > 0) lines.push({ key: 'unclassified', code: '', label: TO_CLASSIFY, count: unclassified.length, hours: sumHours(unclassified) });
  lines.push({ key: 'total', code: 'E', label: TOTAL, count: trainers.length, hours: sumHours(trainers) });
  return lines;
}

/** A trainee of the year as frames F-1, F-3 and F-4 count them: one per enrolment. */
export interface TraineeYear {
  enrolmentId: number;
  traineeType: TraineeType | null;
  objective: TrainingObjective | null;
  nsfCode: NsfCode | null;
  hours: number;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function tally(trainees: readonly TraineeYear[]): { count: number; hours: number } {
  return { count: trainees.length, hours: round2(trainees.reduce((sum, t) => sum + t.hours, 0)) };
}

function withUnclassifiedAndTotal(lines: BpfLine[], trainees: readonly TraineeYear[], unclassified: readonly TraineeYear[], totalCode: string): BpfLine[] {
  if (unclassified.length > 0) lines.push({ key: 'unclassified', code: '', label: TO_CLASSIFY, ...tally(unclassified) });
  lines.push({ key: 'total', code: totalCode, label: TOTAL, ...tally(trainees) });
  return lines;
}

/** Frame F-1: trainees and hours by type of trainee. */
export function frameF1(trainees: readonly TraineeYear[]): BpfLine[] {
  const lines: BpfLine[] = traineeTypes.map((t) => ({ key: t, ...traineeTypeLines[t], ...tally(trainees.filter((x) => x.traineeType === t)) }));
  return withUnclassifiedAndTotal(lines, trainees, trainees.filter((x) => x.traineeType === null), 'F-1');
}

/** Frame F-3: trainees and hours by the courses' general objective; the RNCP levels are « dont » lines of F-3 a. */
export function frameF3(trainees: readonly TraineeYear[]): BpfLine[] {
  const of = (o: TrainingObjective) => trainees.filter((x) => x.objective === o);
  const rncp = trainingObjectives.filter((o) => o.startsWith('rncp_'));
  const lines: BpfLine[] = [{ key: 'rncp', code: 'F-3 a', label: RNCP_HEADING, ...tally(trainees.filter((x) => x.objective !== null && x.objective.startsWith('rncp_'))) }];
  for (const o of rncp) lines.push({ key: o, code: trainingObjectiveLines[o].code, label: `dont ${trainingObjectiveLines[o].label}`, ...tally(of(o)), detail: true });
  for (const o of trainingObjectives.filter((o) => !o.startsWith('rncp_'))) lines.push({ key: o, ...trainingObjectiveLines[o], ...tally(of(o)) });
  return withUnclassifiedAndTotal(lines, trainees, trainees.filter((x) => x.objective === null), 'F-3');
}

/** Frame F-4: the five main specialities (by hours, then trainees, then code), the others on one line. */
export function frameF4(trainees: readonly TraineeYear[]): BpfLine[] {
  const byCode = new Map<NsfCode, TraineeYear[]>();
  for (const t of trainees) if (t.nsfCode) byCode.set(t.nsfCode, [...(byCode.get(t.nsfCode) ?? []), t]);
  const ranked = [...byCode.entries()]
    .map(([code, list]) => ({ code, ...tally(list) }))
    .sort((a, b) => b.hours - a.hours || b.count - a.count || a.code.localeCompare(b.code));
  const lines: BpfLine[] = ranked.slice(0, NSF_MAIN_SPECIALITIES).map((r) => ({ key: r.code, code: r.code, label: nsfCodes[r.code], count: r.count, hours: r.hours }));
  const others = ranked.slice(NSF_MAIN_SPECIALITIES);
  if (others.length > 0) lines.push({ key: 'others', code: '', label: 'Autres spécialités', count: others.reduce((s, r) => s + r.count, 0), hours: round2(others.reduce((s, r) => s + r.hours, 0)) });
  return withUnclassifiedAndTotal(lines, trainees, trainees.filter((x) => x.nsfCode === null), 'F-4');
}

/** The total line of a frame. */
export function frameTotal(lines: readonly BpfLine[]): BpfLine {
  const total = lines.find((l) => l.key === 'total');
  if (!total) throw new Error('frame without a total');
  return total;
}
