import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type BpfLine, type BpfReport, bpfMessages } from '../../../shared/bpf';
import { attendanceSessions, courses, enrolments, liveSessions, liveSignatures, liveSlots, organisationEnrolments, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, insertCourse, setProviderSettings } from '../../test/factories';
import { issueCreditNote, issueInvoice } from '../invoices';
import { revenueLine } from './bpf.service';

const { app, db, storage } = await createTestApp();

const admin = await createUser(db, { role: 'admin' });
const member = await createUser(db, { role: 'membre' });
const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Inès', lastname: 'Interne' });
const guest = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Émile', lastname: 'Externe' });
const organisation = await createOrganisation(db);

/** Two learners in a course that runs from November 2031 to February 2032, one through their organisation. */
const compost = await insertCourse(db, trainer.id, { title: 'Composter en entreprise' });
const climate = await insertCourse(db, guest.id, { title: 'Bilan carbone' });
const alice = await createUser(db, { role: 'membre', firstname: 'Alice', lastname: 'Martin' });
const bruno = await createUser(db, { role: 'membre', firstname: 'Bruno', lastname: 'Petit' });
const chloe = await createUser(db, { role: 'membre', firstname: 'Chloé', lastname: 'Durand' });

async function enrolAt(userId: number, courseId: number, createdAt: Date, completedAt: Date | null = null) {
  const [row] = await db.insert(enrolments).values({ userId, courseId, createdAt, completedAt }).returning();
  return row!;
}
async function onScreen(userId: number, courseId: number, startedAt: Date, seconds: number) {
  await db.insert(attendanceSessions).values({ userId, courseId, startedAt, lastBeatAt: new Date(startedAt.getTime() + seconds * 1000), lastSeq: 1, seconds });
}

const aliceCompost = await enrolAt(alice.id, compost.id, new Date('2031-11-10T09:00:00Z'), new Date('2032-02-01T10:00:00Z'));
await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: alice.id, courseId: compost.id });
await onScreen(alice.id, compost.id, new Date('2031-11-12T09:00:00Z'), 2 * 3600);
await onScreen(alice.id, compost.id, new Date('2032-01-15T09:00:00Z'), 3600);
const brunoCompost = await enrolAt(bruno.id, compost.id, new Date('2031-12-01T09:00:00Z'));
await onScreen(bruno.id, compost.id, new Date('2031-12-02T09:00:00Z'), 1800);
// A live slot of 3 hours in January 2032, signed by Bruno, countersigned by the guest trainer.
const [session] = await db
  .insert(liveSessions)
  .values({ courseId: compost.id, title: 'Atelier', modality: 'in_person', address: 'Lyon', startsAt: new Date('2032-01-20T08:00:00Z'), endsAt: new Date('2032-01-20T11:00:00Z'), capacity: 5 })
  .returning();
const [slot] = await db
  .insert(liveSlots)
  .values({ sessionId: session!.id, startsAt: new Date('2032-01-20T08:00:00Z'), endsAt: new Date('2032-01-20T11:00:00Z'), countersignedById: guest.id, countersignedAt: new Date('2032-01-20T11:05:00Z') })
  .returning();
await db.insert(liveSignatures).values({ slotId: slot!.id, userId: bruno.id, method: 'typed', signaturePng: 'iVBORw0KGgo=', imageSha256: 'x', ipHash: 'y' });
// Chloé only in 2033: not in 2031 nor 2032.
await enrolAt(chloe.id, climate.id, new Date('2033-03-01T09:00:00Z'));

async function call(method: 'GET' | 'PUT', url: string, user: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}
async function report(year: number): Promise<BpfReport> {
  const res = await call('GET', `/api/admin/bpf/${year}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BpfReport;
}
const line = (lines: BpfLine[], key: string) => lines.find((l) => l.key === key);
const total = (lines: BpfLine[]) => line(lines, 'total')!;

describe('GET /api/admin/bpf/{year}', () => {
  it('counts a training spanning two years in both, its hours split by when they happened', async () => {
    const y1 = await report(2031);
    const y2 = await report(2032);
    // 2031: Alice 2 h, Bruno 0.5 h; 2032: Alice 1 h, Bruno 3 h signed live (his training has no end: it lasts while he is active).
    expect(total(y1.frames.f1)).toMatchObject({ count: 2, hours: 2.5 });
    expect(total(y2.frames.f1)).toMatchObject({ count: 2, hours: 4 });
    expect(total((await report(2030)).frames.f1)).toMatchObject({ count: 0, hours: 0 });
  });

  it('classifies a seat taken through an organisation as a salarié, and lists the rest as anomalies', async () => {
    const y = await report(2031);
    expect(line(y.frames.f1, 'private_employee')).toMatchObject({ count: 1, hours: 2 });
    expect(line(y.frames.f1, 'unclassified')).toMatchObject({ count: 1, hours: 0.5 });
    const enrolmentAnomaly = y.anomalies.find((a) => a.kind === 'enrolment');
    expect(enrolmentAnomaly).toMatchObject({ id: brunoCompost.id, missing: [bpfMessages.missingTraineeType], label: 'Bruno Petit — Composter en entreprise', course_id: compost.id });
    expect(y.anomalies.find((a) => a.kind === 'course')).toMatchObject({ id: compost.id, missing: [bpfMessages.missingObjective, bpfMessages.missingNsf] });
    expect(y.anomalies.filter((a) => a.kind === 'trainer').map((a) => a.id)).toEqual([trainer.id]);
    expect(y.anomalies.some((a) => a.id === aliceCompost.id && a.kind === 'enrolment')).toBe(false);
  });

  it('frame E: the live hours go to who ran the slot', async () => {
    const y = await report(2032);
    expect(total(y.frames.e)).toMatchObject({ count: 2, hours: 3 });
    expect(y.anomalies.filter((a) => a.kind === 'trainer').map((a) => a.label).sort()).toEqual(['Inès Interne', 'Émile Externe'].sort());
  });

  it('once everything is classified: no anomaly, and F-1, F-3 and F-4 agree', async () => {
    expect((await call('PUT', `/api/admin/bpf/enrolments/${brunoCompost.id}`, admin, { trainee_type: 'self_funded', funding_line: 'c9' })).json()).toEqual({ enrolment_id: brunoCompost.id, trainee_type: 'self_funded', funding_line: 'c9' });
    expect((await call('PUT', `/api/admin/bpf/courses/${compost.id}`, admin, { objective: 'other', nsf_code: '343' })).json()).toEqual({ course_id: compost.id, objective: 'other', nsf_code: '343' });
    for (const t of [trainer, guest]) expect((await call('PUT', `/api/admin/bpf/trainers/${t.id}`, admin, { status: t === trainer ? 'internal' : 'external' })).statusCode).toBe(200);
    const y = await report(2032);
    expect(y.anomalies).toEqual([]);
    for (const frame of [y.frames.f1, y.frames.f3, y.frames.f4]) expect(total(frame)).toMatchObject({ count: 2, hours: 4 });
    expect(line(y.frames.f4, '343')).toMatchObject({ count: 2, hours: 4 });
    expect(line(y.frames.e, 'internal')).toMatchObject({ count: 1, hours: 0 });
    expect(line(y.frames.e, 'external')).toMatchObject({ count: 1, hours: 3 });
    expect(total(y.frames.c).amount_cents).toBe(0);
  });

  it('answers a CSV with the Cerfa’s line labels', async () => {
    const res = await call('GET', '/api/admin/bpf/2032?format=csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('bpf-2032.csv');
    expect(res.body).toContain('Cadre;Ligne;Libellé;Nombre;Heures;Montant HT (€)');
    expect(res.body).toContain('Produits provenant des entreprises pour la formation de leurs salariés');
    expect(res.body).toContain('F-1 – Type de stagiaires;F-1 d;Particuliers à leurs propres frais formés par votre organisme de formation;1;3');
    expect(res.body).toContain('Nettoyage, assainissement, protection de l’environnement;2;4');
  });

  it('refuses a malformed or out-of-range year with 422 and a French message', async () => {
    for (const year of ['abc', '1999', '2101', '20255', '2025.5']) {
      const res = await call('GET', `/api/admin/bpf/${year}`, admin);
      expect(res.statusCode, year).toBe(422);
    }
    expect(JSON.stringify((await call('GET', '/api/admin/bpf/1999', admin)).json())).toContain(bpfMessages.yearInvalid);
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/admin/bpf/2032', null)).statusCode).toBe(401);
    for (const user of [member, trainer, organisation]) expect((await call('GET', '/api/admin/bpf/2032', user)).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/bpf/enrolments/${brunoCompost.id}`, trainer, { trainee_type: 'other' })).statusCode).toBe(403);
  });
});

describe('the classifications', () => {
  it('a field left out stays, null clears it; an unknown value is 422 and changes nothing', async () => {
    const e = await enrolAt(chloe.id, compost.id, new Date('2033-01-01T00:00:00Z'));
    await call('PUT', `/api/admin/bpf/enrolments/${e.id}`, admin, { trainee_type: 'apprentice', funding_line: 'c2a' });
    expect((await call('PUT', `/api/admin/bpf/enrolments/${e.id}`, admin, { funding_line: null })).json()).toEqual({ enrolment_id: e.id, trainee_type: 'apprentice', funding_line: null });
    const bad = await call('PUT', `/api/admin/bpf/enrolments/${e.id}`, admin, { trainee_type: 'robot', funding_line: 'c1' });
    expect(bad.statusCode).toBe(422);
    const [row] = await db.select().from(enrolments).where(and(eq(enrolments.userId, chloe.id), eq(enrolments.courseId, compost.id)));
    expect(row).toMatchObject({ traineeType: 'apprentice', fundingLine: null });
    expect((await call('PUT', `/api/admin/bpf/courses/${climate.id}`, admin, { nsf_code: '999' })).statusCode).toBe(422);
    expect((await call('PUT', `/api/admin/bpf/trainers/${guest.id}`, admin, { status: 'maybe' })).statusCode).toBe(422);
  });

  it('reads a course’s and a trainer’s classification', async () => {
    await call('PUT', `/api/admin/bpf/courses/${climate.id}`, admin, { objective: 'rs' });
    expect((await call('GET', `/api/admin/bpf/courses/${climate.id}`, admin)).json()).toEqual({ course_id: climate.id, objective: 'rs', nsf_code: null });
    const [c] = await db.select({ o: courses.bpfObjective }).from(courses).where(eq(courses.id, climate.id));
    expect(c!.o).toBe('rs');
    expect((await call('GET', `/api/admin/bpf/trainers/${guest.id}`, admin)).json()).toEqual({ user_id: guest.id, status: 'external' });
    await call('PUT', `/api/admin/bpf/trainers/${guest.id}`, admin, { status: null });
    const [u] = await db.select({ s: users.trainerStatus }).from(users).where(eq(users.id, guest.id));
    expect(u!.s).toBeNull();
  });

  it('404 for an unknown enrolment or course, and for a user who is not a trainer', async () => {
    expect((await call('PUT', '/api/admin/bpf/enrolments/999999', admin, { trainee_type: 'other' })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/bpf/courses/999999', admin)).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/bpf/courses/999999', admin, { objective: 'rs' })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/bpf/trainers/${member.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/bpf/trainers/${member.id}`, admin, { status: 'internal' })).statusCode).toBe(404);
  });
});

describe('frame C: the revenue of the year, by invoice date', () => {
  it('sums invoices minus credit notes excluding VAT, by the billed enrolment’s line, an organisation’s invoice on line 1', async () => {
    await setProviderSettings({ db, storage });
    const dan = await createUser(db, { role: 'membre', firstname: 'Dan', lastname: 'Roux' });
    const emma = await createUser(db, { role: 'membre', firstname: 'Emma', lastname: 'Blanc' });
    const danClimate = await enrolAt(dan.id, climate.id, new Date('2034-02-01T09:00:00Z'));
    const emmaClimate = await enrolAt(emma.id, climate.id, new Date('2034-03-01T09:00:00Z'));
    const lines = (cents: number) => [{ label: 'Bilan carbone', quantity: 1, unitAmountCents: cents }];
    const danInvoice = await issueInvoice(db, { buyer: { kind: 'user', userId: dan.id }, lines: lines(50_000), courseId: climate.id, enrolmentId: danClimate.id, source: { kind: 'instalment', id: 9001 }, issuedAt: new Date('2034-02-20T10:00:00Z') });
    await issueCreditNote(db, { invoiceId: danInvoice.id, reason: 'Geste commercial', amountCents: 10_000, issuedAt: new Date('2034-06-01T10:00:00Z') });
    await issueCreditNote(db, { invoiceId: danInvoice.id, reason: 'Second geste', amountCents: 5_000, issuedAt: new Date('2035-01-10T10:00:00Z') });
    await issueInvoice(db, { buyer: { kind: 'organisation', organisationId: organisation.id }, lines: lines(120_000), courseId: climate.id, enrolmentId: null, source: { kind: 'quote', id: 9002 }, issuedAt: new Date('2034-04-01T10:00:00Z') });
    // Emma's training is paid by someone else (Dan): nothing obvious, so an anomaly until classified.
    await issueInvoice(db, { buyer: { kind: 'user', userId: dan.id }, lines: lines(30_000), courseId: climate.id, enrolmentId: emmaClimate.id, source: { kind: 'instalment', id: 9003 }, issuedAt: new Date('2034-05-01T10:00:00Z') });
    // Issued at 23:30 on 31 December 2033 in Paris: counted in 2033, not 2034.
    await issueInvoice(db, { buyer: { kind: 'organisation', organisationId: organisation.id }, lines: lines(7_000), courseId: climate.id, enrolmentId: null, source: { kind: 'quote', id: 9004 }, issuedAt: new Date('2033-12-31T22:30:00Z') });

    const y = await report(2034);
    expect(line(y.frames.c, 'c1')?.amount_cents).toBe(120_000);
    expect(line(y.frames.c, 'c9')?.amount_cents).toBe(40_000);
    expect(line(y.frames.c, 'unclassified')?.amount_cents).toBe(30_000);
    expect(total(y.frames.c).amount_cents).toBe(190_000);
    expect(y.anomalies.find((a) => a.kind === 'enrolment' && a.id === emmaClimate.id)).toMatchObject({ missing: [bpfMessages.missingTraineeType, bpfMessages.missingFundingLine], label: 'Emma Blanc — Bilan carbone' });
    // Dan was invoiced himself: a particulier à ses frais, no anomaly.
    expect(y.anomalies.some((a) => a.kind === 'enrolment' && a.id === danClimate.id)).toBe(false);
    expect(line(y.frames.f1, 'self_funded')?.count).toBe(1);
    expect(total((await report(2035)).frames.c).amount_cents).toBe(-5_000);
    expect(line((await report(2033)).frames.c, 'c1')?.amount_cents).toBe(7_000);

    await call('PUT', `/api/admin/bpf/enrolments/${emmaClimate.id}`, admin, { trainee_type: 'private_employee', funding_line: 'c2e' });
    const fixed = await report(2034);
    expect(line(fixed.frames.c, 'c2e')?.amount_cents).toBe(30_000);
    expect(line(fixed.frames.c, 'c2')?.amount_cents).toBe(30_000);
    expect(line(fixed.frames.c, 'unclassified')).toBeUndefined();
    expect(fixed.anomalies.some((a) => a.kind === 'enrolment')).toBe(false);
  });

  it('revenueLine: the admin’s line first, then the organisation, the enrolment’s default, a person billed', () => {
    const base = { buyer_user_id: null, buyer_organisation_id: null, enrolment_id: null, trainee_type: null, funding_line: null, through_organisation: null, self_invoiced: null };
    expect(revenueLine({ ...base, buyer_organisation_id: 3, enrolment_id: 5, funding_line: 'c2h' })).toBe('c2h');
    expect(revenueLine({ ...base, buyer_organisation_id: 3 })).toBe('c1');
    expect(revenueLine({ ...base, buyer_user_id: 4, enrolment_id: 5, through_organisation: true })).toBe('c1');
    expect(revenueLine({ ...base, buyer_user_id: 4, enrolment_id: 5, self_invoiced: true })).toBe('c9');
    expect(revenueLine({ ...base, buyer_user_id: 4, enrolment_id: 5 })).toBeNull();
    expect(revenueLine({ ...base, buyer_user_id: 4 })).toBe('c9');
    expect(revenueLine(base)).toBeNull();
  });
});
