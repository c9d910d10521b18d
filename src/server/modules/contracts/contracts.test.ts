import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractMentionKeys, contractMessages, missingContractMentions, type ContractAccepted, type ContractView, type MyContracts } from '../../../shared/contracts';
import { contractInstalments, enrolments, invoices, notifications, trainingContracts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertSection, setProviderSettings } from '../../test/factories';
import { pdfText } from '../../test/pdf';
import { buildContract } from './contract-document';
import { invoiceDueInstalments } from './contracts.service';
import { contractsModule } from '.';
import { parisDay } from '../../../shared/paris-days';

const { app, db, storage } = await createTestApp();
await setProviderSettings({ db, storage }, { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' } as never);

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Théo', lastname: 'Formateur' });
const admin = await createUser(db, { role: 'admin' });

async function call(method: 'GET' | 'POST', url: string, user: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** A published paid course (120 €) with two lessons. */
async function paidCourse(overrides: { priceCents?: number } = {}) {
  const course = await insertCourse(db, author.id, { status: 'published', title: 'Compostage partagé', priceCents: overrides.priceCents ?? 12000, objectives: ['Installer un composteur collectif'], prerequisites: 'Aucun' });
  const section = await insertSection(db, course.id, { title: 'Découvrir' });
  const first = await insertLesson(db, section.id, { title: 'Introduction', durationMinutes: 5 });
  const second = await insertLesson(db, section.id, { title: 'Les bases', durationMinutes: 20 });
  return { course, first, second };
}

const learner = (fields: { firstname?: string; lastname?: string } = {}) => createUser(db, { role: 'membre', firstname: 'Zoé', lastname: 'Martin', ...fields });
const accept = (courseId: number, user: { id: number }, body: object = {}) => call('POST', `/api/courses/${courseId}/contract/accept`, user, { full_name: 'Zoé Martin', accept: true, ...body });

describe('the contract document (L6353-4)', () => {
  it('carries every mention the law lists, from the course and the provider', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const res = await call('GET', `/api/courses/${course.id}/contract`, user);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<ContractView>();
    expect(missingContractMentions(view.sections as never)).toEqual([]);
    expect(view.sections.map((s) => s.key)).toEqual(expect.arrayContaining([...contractMentionKeys]));
    expect(view.text).toContain('Compostage partagé');
    expect(view.text).toContain('Installer un composteur collectif');
    expect(view.text).toContain('Théo Formateur');
    expect(view.text).toContain('120,00');
    expect(view.text).toContain('force majeure');
    expect(view.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(view.schedule.reduce((sum, i) => sum + i.amount_cents, 0)).toBe(12000);
    expect(view.signed).toBeNull();
  });

  it('names a missing mention when a section is empty (the check works both ways)', () => {
    const sections = contractMentionKeys.map((key) => ({ key, body: key === 'trainers' ? '' : 'texte' }));
    expect(missingContractMentions(sections)).toEqual(['trainers']);
  });

  it('serves the contract as a PDF whose text has the mentions', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    for (const url of [`/api/courses/${course.id}/contract?format=pdf`, `/api/courses/${course.id}/contract.pdf`]) {
      const res = await call('GET', url, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Contrat de formation professionnelle');
      expect(text).toContain('Délai de rétractation');
    }
  });

  it('answers 409 for a free course, 404 for a draft or an unknown course, 401 without a session', async () => {
    const user = await learner();
    const free = await insertCourse(db, author.id, { status: 'published', priceCents: 0 });
    expect((await call('GET', `/api/courses/${free.id}/contract`, user)).json()).toMatchObject({ message: contractMessages.freeCourse });
    const draft = await insertCourse(db, author.id, { status: 'draft' });
    expect((await call('GET', `/api/courses/${draft.id}/contract`, user)).statusCode).toBe(404);
    expect((await call('GET', '/api/courses/999999/contract', user)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${free.id}/contract`, null)).statusCode).toBe(401);
  });

  it('states 14 days (at a distance) and the same schedule in the document and the rule', () => {
    const signedAt = new Date('2026-03-03T10:00:00Z');
    const doc = buildContract(
      {
        provider: { legalName: 'Org', address: '1 rue', postalCode: '75001', city: 'Paris', siret: '1', nda: '2', legalRepresentative: 'R', complaintsContact: 'c@x.fr', disabilityReferent: 'H', vatRegime: 'exempt_261_4_4' },
        learner: { firstname: 'Zoé', lastname: 'Martin', email: 'z@x.fr' },
        course: { id: 1, title: 'T', description: 'D', duration: '2 h', priceCents: 10000, objectives: [], targetAudience: '', prerequisites: '', assessmentMethods: '', contact: null, accessibility: null, trainerName: 'F', certificationCode: null, programme: [], quizCount: 0 },
        waiverOffered: false,
      },
      signedAt,
    );
    expect(doc.withdrawalUntil).toBe('2026-03-17');
    expect(doc.text).toContain('14 jours');
    expect(doc.text).toContain('17/03/2026');
    expect(missingContractMentions(doc.sections)).toEqual([]);
  });
});

describe('enrolling in a paid course', () => {
  it('refuses the direct enrolment of a paid course with a French message, and keeps it for a free one', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const refused = await call('POST', `/api/courses/${course.id}/enrolment`, user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error_code: 'contract_required', message: contractMessages.contractRequired });
    const free = await insertCourse(db, author.id, { status: 'published', priceCents: 0 });
    expect((await call('POST', `/api/courses/${free.id}/enrolment`, user)).statusCode).toBe(200);
  });

  it('signs: enrolment, proof, schedule; access opens after the withdrawal period', async () => {
    const { course, first } = await paidCourse();
    const user = await learner();
    const view = (await call('GET', `/api/courses/${course.id}/contract`, user)).json<ContractView>();
    const res = await accept(course.id, user, { document_sha256: view.sha256 });
    expect(res.statusCode, res.body).toBe(201);
    const accepted = res.json<ContractAccepted>();
    expect(accepted.withdrawal_until).toBe(view.withdrawal_until);
    expect(accepted.schedule.map((i) => i.amount_cents)).toEqual([3600, 4200, 4200]);
    expect(accepted.schedule.every((i) => i.status === 'scheduled')).toBe(true);
    const [contract] = await db.select().from(trainingContracts).where(eq(trainingContracts.id, accepted.contract_id));
    expect(contract).toMatchObject({ userId: user.id, courseId: course.id, enrolmentId: accepted.enrolment_id, documentSha256: view.sha256, fullName: 'Zoé Martin', waiver: false });
    expect(contract!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(contract!.ipHash).not.toContain('127.0.0.1');
    expect(contract!.documentText).toBe(view.text);
    const [enrolment] = await db.select().from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, course.id)));
    expect(enrolment!.accessFrom!.getTime()).toBeGreaterThan(Date.now());
    // The player refuses until then, saying when.
    const lesson = await call('GET', `/api/lessons/${first.id}`, user);
    expect(lesson.statusCode).toBe(403);
    expect(lesson.json().message).toContain('ouvrira le');
    // The signed contract stays in the learner's space, as a PDF.
    const mine = (await call('GET', '/api/user/contracts', user)).json<MyContracts>();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ course_id: course.id, can_withdraw: true, withdrawn_at: null });
    const pdf = await call('GET', `/api/contracts/${accepted.contract_id}/pdf`, user);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Accepté en ligne par Zoé Martin');
    // The contract page now shows the signed contract.
    expect((await call('GET', `/api/courses/${course.id}/contract`, user)).json<ContractView>().signed).toMatchObject({ contract_id: accepted.contract_id });
  });

  it('refuses a name that is not the account’s, an unticked box, a changed text, a second signature', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const wrong = await accept(course.id, user, { full_name: 'Jean Dupont' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.full_name).toEqual([contractMessages.fullNameMismatch]);
    const unticked = await accept(course.id, user, { accept: false });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().errors.accept).toEqual([contractMessages.acceptRequired]);
    expect((await accept(course.id, user, { document_sha256: 'a'.repeat(64) })).json()).toMatchObject({ error_code: 'contract_changed' });
    expect(await db.select().from(trainingContracts).where(eq(trainingContracts.userId, user.id))).toEqual([]);
    expect(await db.select().from(enrolments).where(eq(enrolments.userId, user.id))).toEqual([]);
    expect((await accept(course.id, user)).statusCode).toBe(201);
    expect((await accept(course.id, user)).json()).toMatchObject({ error_code: 'contract_signed' });
  });

  it('refuses the waiver when the provider does not offer it, and opens access at once when it does', async () => {
    const { course, first } = await paidCourse();
    const user = await learner();
    expect((await accept(course.id, user, { waiver: true })).statusCode).toBe(422);
    await setProviderSettings({ db, storage }, { paidAccessOpening: 'immediately_with_waiver' } as never);
    try {
      expect((await call('GET', `/api/courses/${course.id}/contract`, user)).json<ContractView>().waiver_offered).toBe(true);
      const res = await accept(course.id, user, { waiver: true });
      expect(res.statusCode, res.body).toBe(201);
      expect(new Date(res.json<ContractAccepted>().access_from).getTime()).toBeLessThanOrEqual(Date.now());
      expect((await call('GET', `/api/lessons/${first.id}`, user)).statusCode).toBe(200);
    } finally {
      await setProviderSettings({ db, storage }, { paidAccessOpening: 'after_withdrawal' } as never);
    }
  });

  it('refuses the author (403) and a learner already in the course through a seat (409)', async () => {
    const { course } = await paidCourse();
    expect((await accept(course.id, author, { full_name: 'Théo Formateur' })).statusCode).toBe(403);
    const seated = await learner();
    await enrol(db, seated.id, course.id);
    expect((await accept(course.id, seated)).json()).toMatchObject({ message: contractMessages.alreadyEnrolled });
  });
});

describe('withdrawal', () => {
  it('cancels the enrolment and the schedule within the period; the contract stays as evidence', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const accepted = (await accept(course.id, user)).json<ContractAccepted>();
    const other = await learner();
    expect((await call('POST', `/api/enrolments/${accepted.enrolment_id}/withdraw`, other)).statusCode).toBe(404);
    const res = await call('POST', `/api/enrolments/${accepted.enrolment_id}/withdraw`, user);
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.select().from(enrolments).where(eq(enrolments.userId, user.id))).toEqual([]);
    const rows = await db.select().from(contractInstalments).where(eq(contractInstalments.contractId, accepted.contract_id));
    expect(rows.every((r) => r.status === 'cancelled')).toBe(true);
    const mine = (await call('GET', '/api/user/contracts', user)).json<MyContracts>();
    expect(mine.items[0]).toMatchObject({ can_withdraw: false });
    expect(mine.items[0]!.withdrawn_at).not.toBeNull();
    expect((await call('POST', `/api/enrolments/${accepted.enrolment_id}/withdraw`, user)).statusCode).toBe(404);
    // A new contract may be signed after a withdrawal.
    expect((await accept(course.id, user)).statusCode).toBe(201);
  });

  it('answers 409 after the period, and 409 for an enrolment without contract', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const accepted = (await accept(course.id, user)).json<ContractAccepted>();
    await db.update(trainingContracts).set({ withdrawalUntil: '2020-01-10' }).where(eq(trainingContracts.id, accepted.contract_id));
    const late = await call('POST', `/api/enrolments/${accepted.enrolment_id}/withdraw`, user);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error_code: 'withdrawal_period_over', message: contractMessages.withdrawalOver });
    const free = await insertCourse(db, author.id, { status: 'published', priceCents: 0 });
    await enrol(db, user.id, free.id);
    const [row] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, free.id)));
    expect((await call('POST', `/api/enrolments/${row!.id}/withdraw`, user)).json()).toMatchObject({ message: contractMessages.noContract });
  });
});

describe('invoicing the schedule (daily job) and its payment', () => {
  it('invoices nothing during the withdrawal period, the first instalment after it, the balance with progress; once each', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const accepted = (await accept(course.id, user)).json<ContractAccepted>();
    const mine = await db.select().from(contractInstalments).where(eq(contractInstalments.contractId, accepted.contract_id)).orderBy(contractInstalments.position);
    expect(await invoiceDueInstalments(db, new Date())).toBe(0);
    const firstDay = mine[0]!.dueOn!;
    const dayAfter = new Date(`${firstDay}T10:00:00Z`);
    expect(await invoiceDueInstalments(db, dayAfter)).toBeGreaterThanOrEqual(1);
    const [invoiced] = await db.select().from(contractInstalments).where(eq(contractInstalments.id, mine[0]!.id));
    expect(invoiced).toMatchObject({ status: 'invoiced' });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiced!.invoiceId!));
    expect(invoice).toMatchObject({ sourceKind: 'instalment', sourceId: mine[0]!.id, totalCents: 3600 });
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'instalment_invoiced')));
    expect(told).toHaveLength(1);
    // Run again: nothing twice; the progress instalments wait for the lessons.
    await invoiceDueInstalments(db, dayAfter);
    expect(await db.select().from(invoices).where(and(eq(invoices.sourceKind, 'instalment'), eq(invoices.sourceId, mine[0]!.id)))).toHaveLength(1);
    const [second] = await db.select().from(contractInstalments).where(eq(contractInstalments.id, mine[1]!.id));
    expect(second!.status).toBe('scheduled');
    // The invoices module reports the payment: the instalment is paid.
    await db.transaction((tx) => contractsModule.invoicePaid!(tx, { invoiceId: invoice!.id, source: { kind: 'instalment', id: mine[0]!.id }, paidAt: dayAfter }));
    expect((await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]!.schedule[0]).toMatchObject({ status: 'paid', invoice_id: invoice!.id });
  });

  it('never invoices a withdrawn contract, and invoices the progress instalments once the lessons are done', async () => {
    const { course, first, second } = await paidCourse();
    const user = await learner();
    const accepted = (await accept(course.id, user)).json<ContractAccepted>();
    const later = new Date(Date.now() + 40 * 86_400_000);
    // Access opens after the period; then the learner completes both lessons.
    await db.update(enrolments).set({ accessFrom: new Date(Date.now() - 1000) }).where(eq(enrolments.id, accepted.enrolment_id));
    for (const lesson of [first, second]) expect((await call('POST', `/api/lessons/${lesson.id}/complete`, user)).statusCode).toBe(200);
    await invoiceDueInstalments(db, later);
    const rows = await db.select().from(contractInstalments).where(eq(contractInstalments.contractId, accepted.contract_id));
    expect(rows.map((r) => r.status)).toEqual(['invoiced', 'invoiced', 'invoiced']);

    const quitter = await learner();
    const withdrawn = (await accept(course.id, quitter)).json<ContractAccepted>();
    await call('POST', `/api/enrolments/${withdrawn.enrolment_id}/withdraw`, quitter);
    await invoiceDueInstalments(db, later);
    const cancelled = await db.select().from(contractInstalments).where(eq(contractInstalments.contractId, withdrawn.contract_id));
    expect(cancelled.every((r) => r.status === 'cancelled' && r.invoiceId === null)).toBe(true);
  });

  it('runs the bank-transfer chain: due instalment invoiced, the learner sees the invoice, the administrator records the transfer, the instalment is paid', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const accepted = (await accept(course.id, user)).json<ContractAccepted>();
    // Signed weeks ago: the withdrawal period is over and the first instalment fell due yesterday.
    const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await db.update(trainingContracts).set({ withdrawalUntil: dayOffset(-2) }).where(eq(trainingContracts.id, accepted.contract_id));
    await db.update(contractInstalments).set({ dueOn: dayOffset(-1) }).where(eq(contractInstalments.id, accepted.schedule[0]!.id!));
    expect(await invoiceDueInstalments(db, new Date())).toBeGreaterThanOrEqual(1);
    const invoiceId = (await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]!.schedule[0]!.invoice_id!;
    const invoicesOfLearner = await call('GET', '/api/user/invoices', user);
    expect(invoicesOfLearner.statusCode, invoicesOfLearner.body).toBe(200);
    expect(JSON.stringify(invoicesOfLearner.json())).toContain(String(invoiceId));
    const paid = await call('POST', `/api/admin/invoices/${invoiceId}/payments`, admin, { amount: '36', received_on: parisDay(new Date()) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]!.schedule[0]).toMatchObject({ status: 'paid', invoice_id: invoiceId });
  });

  it('shows another learner’s contract PDF to nobody but them and administrators', async () => {
    const { course } = await paidCourse();
    const user = await learner();
    const accepted = (await accept(course.id, user)).json<ContractAccepted>();
    expect((await call('GET', `/api/contracts/${accepted.contract_id}/pdf`, await learner())).statusCode).toBe(404);
    expect((await call('GET', `/api/contracts/${accepted.contract_id}/pdf`, admin)).statusCode).toBe(200);
  });
});
