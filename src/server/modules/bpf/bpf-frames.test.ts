import { describe, expect, it } from 'vitest';
import type { BpfLine } from '../../../shared/bpf';
import { effectiveClassification, frameC, frameE, frameF1, frameF3, frameF4, frameTotal, hoursInYear, parisYear, parisYearBounds, type TraineeYear, trainingCountsInYear } from './bpf-frames';

const line = (lines: BpfLine[], key: string) => lines.find((l) => l.key === key);

describe('the civil year in Paris', () => {
  it('31 December 23:30 in Paris is still that year; 23:30 UTC that night is already the next', () => {
    expect(parisYear(new Date('2025-12-31T22:30:00Z'))).toBe(2025);
    expect(parisYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(parisYearBounds(2026)).toEqual({ start: new Date('2025-12-31T23:00:00Z'), end: new Date('2026-12-31T23:00:00Z') });
  });
});

describe('a training spanning two years (trainingCountsInYear, hoursInYear)', () => {
  const span = { start: new Date('2025-11-15T09:00:00Z'), last: new Date('2026-02-10T09:00:00Z') };
  const stretches = [
    { at: new Date('2025-11-20T10:00:00Z'), seconds: 3 * 3600 },
    { at: new Date('2025-12-31T22:00:00Z'), seconds: 1800 }, // 23:00 in Paris: still 2025
    { at: new Date('2026-01-05T10:00:00Z'), seconds: 2 * 3600 },
  ];
  it('counts in both years, each with the hours that happened in it', () => {
    expect(trainingCountsInYear(span, 2025)).toBe(true);
    expect(trainingCountsInYear(span, 2026)).toBe(true);
    expect(hoursInYear(stretches, 2025)).toBe(3.5);
    expect(hoursInYear(stretches, 2026)).toBe(2);
    expect(hoursInYear(stretches, 2025) + hoursInYear(stretches, 2026)).toBe(5.5);
  });
  it('counts in neither the year before it began nor the year after its last day', () => {
    expect(trainingCountsInYear(span, 2024)).toBe(false);
    expect(trainingCountsInYear(span, 2027)).toBe(false);
    expect(hoursInYear(stretches, 2024)).toBe(0);
  });
});

describe('effectiveClassification (the obvious defaults)', () => {
  it('an organisation’s seat is a salarié paid by the company (line 1); a learner invoiced themselves is a particulier (line 9)', () => {
    expect(effectiveClassification({ traineeType: null, fundingLine: null, throughOrganisation: true, selfInvoiced: false })).toEqual({ traineeType: 'private_employee', fundingLine: 'c1' });
    expect(effectiveClassification({ traineeType: null, fundingLine: null, throughOrganisation: false, selfInvoiced: true })).toEqual({ traineeType: 'self_funded', fundingLine: 'c9' });
  });
  it('the admin’s choice wins; nothing obvious leaves it to classify', () => {
    expect(effectiveClassification({ traineeType: 'job_seeker', fundingLine: 'c7', throughOrganisation: true, selfInvoiced: false })).toEqual({ traineeType: 'job_seeker', fundingLine: 'c7' });
    expect(effectiveClassification({ traineeType: null, fundingLine: null, throughOrganisation: false, selfInvoiced: false })).toEqual({ traineeType: null, fundingLine: null });
  });
});

describe('frameC (revenue by line)', () => {
  it('sums invoices minus credit notes by line, the OPCO lines into line 2, and the total', () => {
    const lines = frameC([
      { amountCents: 120_000, fundingLine: 'c1' },
      { amountCents: 50_000, fundingLine: 'c2e' },
      { amountCents: 30_000, fundingLine: 'c2h' },
      { amountCents: 40_000, fundingLine: 'c9' },
      { amountCents: -10_000, fundingLine: 'c9' },
    ]);
    expect(line(lines, 'c1')?.amount_cents).toBe(120_000);
    expect(line(lines, 'c2')?.amount_cents).toBe(80_000);
    expect(line(lines, 'c2e')).toMatchObject({ code: '2e', amount_cents: 50_000, detail: true });
    expect(line(lines, 'c9')?.amount_cents).toBe(30_000);
    expect(line(lines, 'unclassified')).toBeUndefined();
    expect(frameTotal(lines).amount_cents).toBe(230_000);
  });
  it('keeps revenue of an unclassified enrolment on its own line, inside the total', () => {
    const lines = frameC([{ amountCents: 9_900, fundingLine: null }]);
    expect(line(lines, 'unclassified')?.amount_cents).toBe(9_900);
    expect(frameTotal(lines).amount_cents).toBe(9_900);
    expect(frameC([]).every((l) => l.amount_cents === 0)).toBe(true);
  });
});

describe('frameE (trainers)', () => {
  it('counts trainers and their hours, internal and external, and the unclassified apart', () => {
    const lines = frameE([
      { userId: 1, status: 'internal', hours: 6 },
      { userId: 2, status: 'external', hours: 3.5 },
      { userId: 3, status: 'internal', hours: 0 },
      { userId: 4, status: null, hours: 2 },
    ]);
    expect(line(lines, 'internal')).toMatchObject({ count: 2, hours: 6 });
    expect(line(lines, 'external')).toMatchObject({ count: 1, hours: 3.5 });
    expect(line(lines, 'unclassified')).toMatchObject({ count: 1, hours: 2 });
    expect(frameTotal(lines)).toMatchObject({ count: 4, hours: 11.5 });
  });
});

describe('frames F-1, F-3 and F-4', () => {
  const trainees: TraineeYear[] = [
    { enrolmentId: 1, traineeType: 'private_employee', objective: 'other', nsfCode: '343', hours: 10 },
    { enrolmentId: 2, traineeType: 'self_funded', objective: 'rncp_4', nsfCode: '343', hours: 4.25 },
    { enrolmentId: 3, traineeType: 'job_seeker', objective: 'rncp_5', nsfCode: '211', hours: 2 },
    { enrolmentId: 4, traineeType: null, objective: 'rs', nsfCode: '230', hours: 1 },
    { enrolmentId: 5, traineeType: 'apprentice', objective: null, nsfCode: '310', hours: 0.5 },
    { enrolmentId: 6, traineeType: 'other', objective: 'vae', nsfCode: '315', hours: 3 },
    { enrolmentId: 7, traineeType: 'other', objective: 'skills_review', nsfCode: '326', hours: 0.1 },
    { enrolmentId: 8, traineeType: 'other', objective: 'cqp', nsfCode: null, hours: 7 },
  ];

  it('their totals agree: the same trainees and the same hours in each', () => {
    const totals = [frameF1(trainees), frameF3(trainees), frameF4(trainees)].map(frameTotal);
    for (const total of totals) expect(total).toMatchObject({ count: 8, hours: 27.85 });
  });

  it('F-1 counts by type, the unclassified on their own line', () => {
    const lines = frameF1(trainees);
    expect(line(lines, 'private_employee')).toMatchObject({ code: 'F-1 a', count: 1, hours: 10 });
    expect(line(lines, 'other')).toMatchObject({ count: 3, hours: 10.1 });
    expect(line(lines, 'unclassified')).toMatchObject({ count: 1, hours: 1 });
  });

  it('F-3 sums the RNCP levels into line a, shown as « dont » lines not added again', () => {
    const lines = frameF3(trainees);
    expect(line(lines, 'rncp')).toMatchObject({ code: 'F-3 a', count: 2, hours: 6.25 });
    expect(line(lines, 'rncp_4')).toMatchObject({ count: 1, hours: 4.25, detail: true });
    const notDetail = lines.filter((l) => !l.detail && l.key !== 'total');
    expect(notDetail.reduce((sum, l) => sum + (l.count ?? 0), 0)).toBe(8);
  });

  it('F-4 names the five main specialities by hours and sums the rest', () => {
    const lines = frameF4(trainees);
    expect(lines.slice(0, 5).map((l) => l.code)).toEqual(['343', '315', '211', '230', '310']);
    expect(line(lines, '343')).toMatchObject({ label: 'Nettoyage, assainissement, protection de l’environnement', count: 2, hours: 14.25 });
    expect(line(lines, 'others')).toMatchObject({ count: 1, hours: 0.1 });
    expect(line(lines, 'unclassified')).toMatchObject({ count: 1, hours: 7 });
  });

  it('an empty year gives zero everywhere, and no unclassified line', () => {
    for (const frame of [frameF1([]), frameF3([]), frameF4([])]) {
      expect(frameTotal(frame)).toMatchObject({ count: 0, hours: 0 });
      expect(line(frame, 'unclassified')).toBeUndefined();
    }
  });
});
