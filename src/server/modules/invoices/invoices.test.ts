import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvoiceSource } from '../../../shared/billing';
import { invoiceMessages, type AdminInvoices, type InvoiceList, type InvoiceSummary } from '../../../shared/invoices';
import { providerMessages } from '../../../shared/provider';
import { invoicePayments, invoices, providerSettings, type InvoiceSeller } from '../../db/schema';
import type { ModuleManifest } from '../../lib/module-manifest';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, enrol, insertCourse, setProviderSettings } from '../../test/factories';
import { pdfText } from '../../test/pdf';
import { issueCreditNote, issueInvoice, invoiceMentions } from './index';
import type { InvoiceDocument } from './invoice-document';
import { parisDay } from '../../../shared/paris-days';

/** Every `invoicePaid` call, and a switch to make the hook fail (its payment must then roll back). */
const paidEvents: Array<{ invoiceId: number; source: InvoiceSource }> = [];
let failHook = false;
const listener: ModuleManifest = {
  name: 'test-listener',
  routes: [],
  async invoicePaid(tx, event) {
    // Runs inside the payment's transaction: the invoice is already marked paid there.
    const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, event.invoiceId));
    if (failHook) throw new Error('hook en échec');
    paidEvents.push({ invoiceId: event.invoiceId, source: { ...event.source, ...(row?.status === 'paid' ? {} : { kind: 'quote' as const }) } });
  },
};

const { app, db, storage } = await createTestApp({}, { extraModules: [listener] });
await setProviderSettings({ db, storage });
const admin = await createUser(db, { role: 'admin' });
const trainer = await createUser(db, { role: 'formateur' });
const learner = await createUser(db, { firstname: 'Léa', lastname: 'Martin' });
const other = await createUser(db);
const organisation = await createOrganisation(db, { name: 'Asso Verte Lyon' });
const otherOrganisation = await createOrganisation(db);
const course = await insertCourse(db, trainer.id, { title: 'Climat et entreprise' });
await enrol(db, learner.id, course.id);
let nextSource = 1000;

async function learnerInvoice(amountCents = 30_000) {
  return issueInvoice(db, { buyer: { kind: 'user', userId: learner.id }, lines: [{ label: 'Formation Climat et entreprise', quantity: 1, unitAmountCents: amountCents }], courseId: course.id, enrolmentId: null, source: { kind: 'instalment', id: nextSource++ } });
}
async function organisationInvoice() {
  return issueInvoice(db, { buyer: { kind: 'organisation', organisationId: organisation.id }, lines: [{ label: 'Places sur « Climat et entreprise »', quantity: 3, unitAmountCents: 25_000 }], courseId: course.id, enrolmentId: null, source: { kind: 'quote', id: nextSource++ } });
}
const as = async (user: { id: number }) => authHeader(db, user);

const seller: InvoiceSeller = { legalName: 'Terres Vivantes', siret: '90123456700013', nda: '11755555575', address: '3 place du Marché', postalCode: '69003', city: 'Lyon', vatRegime: 'exempt_261_4_4', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP882' };
const document: InvoiceDocument = {
  kind: 'invoice',
  number: '2026-000042',
  issuedAt: new Date('2026-03-02T10:00:00Z'),
  dueOn: '2026-04-01',
  serviceDate: '2026-02-20',
  serviceLabel: 'Climat et entreprise',
  buyer: { name: 'Léa Martin', address: null, postalCode: null, city: null, email: 'lea@example.fr', siret: null },
  lines: [{ label: 'Formation', quantity: 2, unitAmountCents: 15_000, totalHtCents: 30_000 }],
  totalHtCents: 30_000,
  vatCents: 0,
  totalCents: 30_000,
  creditedInvoiceNumber: null,
  reason: null,
};
const professional = { ...document.buyer, name: 'Asso Verte', address: '3 rue des Lilas', postalCode: '69003', city: 'Lyon', siret: '73282932000074' };
const flat = (m: ReturnType<typeof invoiceMentions>) => [m.title, ...m.seller, ...m.buyer, ...m.references, ...m.lines.flatMap((l) => [l.label, l.quantity, l.unit, l.total]), ...m.totals.flat(), m.vat, ...m.payment].join('\n').replace(/[\u202f\u00a0]/g, ' ');

/** The file attached under `name` in a PDF (a Factur-X's XML), inflated. */
function pdfAttachment(pdf: Buffer, name: string): string | null {
  const source = pdf.toString('latin1');
  const spec = new RegExp(`/F \\(${name.replace('.', '\\.')}\\)[\\s\\S]*?/EF\\s*<<\\s*/F (\\d+) 0 R`).exec(source);
  if (!spec) return null;
  const object = new RegExp(`\\n${spec[1]} 0 obj\\s*<<([\\s\\S]*?)>>\\s*stream\\r?\\n`).exec(source);
  if (!object) return null;
  const length = Number(/\/Length (\d+)/.exec(object[1]!)![1]);
  const start = object.index + object[0].length;
  const raw = pdf.subarray(start, start + length);
  return (/FlateDecode/.test(object[1]!) ? inflateSync(raw) : raw).toString('utf8');
}

describe('invoiceMentions (CGI 242 nonies A, C. com. L441-9 and L441-10)', () => {
  it('names seller, buyer, number, dates, lines HT, the 261-4-4° exemption, due date and IBAN', () => {
    const text = flat(invoiceMentions(seller, document));
    for (const expected of ['Terres Vivantes', '3 place du Marché, 69003 Lyon', 'SIRET 90123456700013', 'numéro 11755555575', 'Léa Martin', 'Facture n° 2026-000042', 'Date d’émission : 2 mars 2026', 'Date de la prestation (formation) : 20 février 2026', 'Formation : Climat et entreprise', '150,00 €', '300,00 €', 'Exonération de TVA, art. 261-4-4° a du CGI', 'Date d’échéance : 1 avril 2026', 'IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP882']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('293 B');
    expect(text).not.toContain('TTC');
  });

  it('prints the franchise sentence under 293 B, and 20 % VAT with the TTC under the standard regime', () => {
    expect(flat(invoiceMentions({ ...seller, vatRegime: 'franchise_293b' }, document))).toContain('TVA non applicable, art. 293 B du CGI');
    const standard = invoiceMentions({ ...seller, vatRegime: 'standard' }, { ...document, vatCents: 6_000, totalCents: 36_000 });
    expect(standard.totals).toEqual([
      ['Total HT', expect.stringContaining('300,00')],
      ['TVA 20 %', expect.stringContaining('60,00')],
      ['Total TTC', expect.stringContaining('360,00')],
    ]);
    expect(flat(standard)).not.toContain('Exonération');
  });

  it('adds the late-payment penalties and the 40 € indemnity for a professional buyer only', () => {
    const pro = flat(invoiceMentions(seller, { ...document, buyer: professional }));
    expect(pro).toContain('Pénalités de retard : trois fois le taux d’intérêt légal');
    expect(pro).toContain('Indemnité forfaitaire pour frais de recouvrement due en cas de retard de paiement : 40 €');
    expect(pro).toContain('SIRET 73282932000074');
    expect(pro).toContain('3 rue des Lilas, 69003 Lyon');
    const individual = flat(invoiceMentions(seller, document));
    expect(individual).not.toContain('Indemnité forfaitaire');
    expect(individual).not.toContain('Pénalités de retard');
  });

  it('names the invoice a credit note cancels and why, without payment terms', () => {
    const credit = flat(invoiceMentions(seller, { ...document, kind: 'credit_note', number: 'AV-2026-000001', dueOn: null, creditedInvoiceNumber: '2026-000042', reason: 'Rétractation' }));
    expect(credit).toContain('Avoir n° AV-2026-000001');
    expect(credit).toContain('la facture n° 2026-000042');
    expect(credit).toContain('Motif : Rétractation');
    expect(credit).not.toContain('Date d’échéance');
  });

  it('says “no IBAN” plainly when none is set', () => {
    expect(flat(invoiceMentions({ ...seller, iban: null, bic: null }, document))).toContain('les coordonnées bancaires sont communiquées sur demande');
  });
});

describe('issuing', () => {
  it('snapshots seller and buyer, computes VAT from the regime, and refuses without the provider settings', async () => {
    await setProviderSettings({ db, storage }, { vatRegime: 'standard' });
    const issued = await learnerInvoice(10_000);
    expect(issued.totalCents).toBe(12_000);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(row).toMatchObject({ totalHtCents: 10_000, vatCents: 2_000, status: 'unpaid', buyer: { name: 'Léa Martin', siret: null } });
    await setProviderSettings({ db, storage });
    // A later change of settings does not change an issued invoice.
    const [again] = await db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(again!.seller.vatRegime).toBe('standard');

    await db.update(providerSettings).set({ siret: null });
    await expect(learnerInvoice()).rejects.toMatchObject({ statusCode: 409, code: 'provider_settings_missing', message: providerMessages.incomplete(['siret']) });
    await setProviderSettings({ db, storage });
  });

  it('takes HT and VAT out of a consumer’s price under the standard regime, so the total is the price shown; adds nothing when exempt', async () => {
    const base = { buyer: { kind: 'user' as const, userId: learner.id }, courseId: null, enrolmentId: null, amountsIncludeVat: true };
    await setProviderSettings({ db, storage }, { vatRegime: 'standard' });
    const taxed = await issueInvoice(db, { ...base, source: { kind: 'instalment', id: nextSource++ }, lines: [{ label: 'Premier versement', quantity: 1, unitAmountCents: 10_001 }] });
    const [taxedRow] = await db.select().from(invoices).where(eq(invoices.id, taxed.id));
    expect(taxedRow).toMatchObject({ totalCents: 10_001, totalHtCents: 8_334, vatCents: 1_667 });
    await setProviderSettings({ db, storage });
    const exempt = await issueInvoice(db, { ...base, source: { kind: 'instalment', id: nextSource++ }, lines: [{ label: 'Premier versement', quantity: 1, unitAmountCents: 10_001 }] });
    const [exemptRow] = await db.select().from(invoices).where(eq(invoices.id, exempt.id));
    expect(exemptRow).toMatchObject({ totalCents: 10_001, totalHtCents: 10_001, vatCents: 0 });
  });

  it('refuses an invoice without lines or with a bad line, taking no number', async () => {
    const base = { buyer: { kind: 'user' as const, userId: learner.id }, courseId: null, enrolmentId: null, source: { kind: 'instalment' as const, id: nextSource++ } };
    await expect(issueInvoice(db, { ...base, lines: [] })).rejects.toMatchObject({ statusCode: 422, message: invoiceMessages.noLines });
    await expect(issueInvoice(db, { ...base, lines: [{ label: 'x', quantity: 0, unitAmountCents: 100 }] })).rejects.toMatchObject({ statusCode: 422, message: invoiceMessages.lineInvalid });
  });
});

describe('reading invoices', () => {
  it('lists the learner’s own invoices, and the organisation’s to the organisation only', async () => {
    const mine = await learnerInvoice();
    const theirs = await organisationInvoice();
    const list = (await app.inject({ url: '/api/user/invoices', headers: await as(learner) })).json() as InvoiceList;
    expect(list.invoices.map((i) => i.id)).toContain(mine.id);
    expect(list.invoices.map((i) => i.id)).not.toContain(theirs.id);
    expect((await app.inject({ url: '/api/user/invoices', headers: await as(other) })).json()).toEqual({ invoices: [] });
    const orgList = (await app.inject({ url: '/api/organisation/invoices', headers: await as(organisation) })).json() as InvoiceList;
    expect(orgList.invoices.map((i) => i.id)).toEqual([theirs.id]);
    expect(orgList.invoices[0]).toMatchObject({ buyer_name: 'Asso Verte Lyon', total_cents: 75_000, due_cents: 75_000, status: 'unpaid', buyer_kind: 'organisation' });
    expect((await app.inject({ url: '/api/organisation/invoices', headers: await as(otherOrganisation) })).json()).toEqual({ invoices: [] });
    expect((await app.inject({ url: '/api/organisation/invoices', headers: await as(learner) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/user/invoices' })).statusCode).toBe(401);
  });

  it('gives the PDF to the buyer and administrators, with every mention, and 404 to anyone else', async () => {
    const issued = await learnerInvoice();
    const url = `/api/invoices/${issued.id}/pdf`;
    const res = await app.inject({ url, headers: await as(learner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload).replace(/\u00a0/g, ' ');
    for (const expected of [`Facture n° ${issued.number}`, 'EcoForma Démonstration SAS', 'SIRET 90123456700013', 'Léa Martin', 'Exonération de TVA, art. 261-4-4° a du CGI', 'Date d’échéance', 'IBAN FR76 3000 6000 0112 3456 7890 189', 'Climat et entreprise', '300,00 €']) {
      expect(text).toContain(expected);
    }
    expect(pdfAttachment(res.rawPayload, 'factur-x.xml')).toBeNull();
    expect((await app.inject({ url, headers: await as(admin) })).statusCode).toBe(200);
    for (const stranger of [other, organisation, trainer]) expect((await app.inject({ url, headers: await as(stranger) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/invoices/999999/pdf', headers: await as(admin) })).statusCode).toBe(404);
    expect((await app.inject({ url })).statusCode).toBe(401);
  });

  it('sends an organisation a Factur-X (PDF/A-3 with factur-x.xml holding number, total and seller SIRET)', async () => {
    const issued = await organisationInvoice();
    const res = await app.inject({ url: `/api/invoices/${issued.id}/pdf`, headers: await as(organisation) });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.toString('latin1')).toContain('pdfaid');
    const xml = pdfAttachment(pdf, 'factur-x.xml');
    expect(xml).not.toBeNull();
    expect(xml).toContain('CrossIndustryInvoice');
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(xml).toContain(`<ram:ID>${issued.number}</ram:ID>`);
    expect(xml).toMatch(/<ram:GrandTotalAmount>750\.00<\/ram:GrandTotalAmount>/);
    expect(xml).toContain('90123456700013');
    expect(pdfText(pdf).replace(/\u00a0/g, ' ')).toContain('Indemnité forfaitaire pour frais de recouvrement');
  });

  it('has no route that edits an invoice', async () => {
    const issued = await learnerInvoice();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/admin/invoices/${issued.id}`, headers: await as(admin), payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('administrators', () => {
  it('filter the list by year and status and export it as CSV', async () => {
    const old = await issueInvoice(db, { buyer: { kind: 'user', userId: learner.id }, lines: [{ label: 'Ancienne', quantity: 1, unitAmountCents: 5_000 }], courseId: null, enrolmentId: null, source: { kind: 'instalment', id: nextSource++ }, issuedAt: new Date('2024-05-01T10:00:00Z') });
    const list = (await app.inject({ url: '/api/admin/invoices?year=2024', headers: await as(admin) })).json() as AdminInvoices;
    expect(list.invoices.map((i) => i.number)).toEqual([old.number]);
    expect(list.years).toContain(2024);
    const unpaid = (await app.inject({ url: '/api/admin/invoices?status=paid', headers: await as(admin) })).json() as AdminInvoices;
    expect(unpaid.invoices.every((i) => i.status === 'paid')).toBe(true);
    const csv = await app.inject({ url: '/api/admin/invoices.csv?year=2024', headers: await as(admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Numéro;Type;Date;Client');
    expect(csv.body).toContain(`${old.number};Facture;01/05/2024;Léa Martin`);
    expect(csv.body).toContain('50,00');
    expect((await app.inject({ url: '/api/admin/invoices?status=nope', headers: await as(admin) })).statusCode).toBe(422);
    expect((await app.inject({ url: '/api/admin/invoices', headers: await as(learner) })).statusCode).toBe(403);
  });

  it('record payments: refuse bad amounts, future dates, overpayment; the last one pays the invoice and calls invoicePaid in its transaction', async () => {
    const issued = await learnerInvoice(30_000);
    const url = `/api/admin/invoices/${issued.id}/payments`;
    const pay = async (payload: object) => app.inject({ method: 'POST', url, headers: await as(admin), payload });
    const today = parisDay(new Date());
    const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

    expect(errorsOf(await pay({ amount: 'abc', received_on: today })).amount).toEqual([invoiceMessages.amountInvalid]);
    expect(errorsOf(await pay({ amount: '-5', received_on: today })).amount).toEqual([invoiceMessages.amountInvalid]);
    expect(errorsOf(await pay({ amount: '10,123', received_on: today })).amount).toEqual([invoiceMessages.amountDecimals]);
    expect(errorsOf(await pay({ amount: '10', received_on: '2026-02-30' })).received_on).toEqual([invoiceMessages.receivedOnInvalid]);
    expect(errorsOf(await pay({ amount: '10', received_on: '2999-01-01' })).received_on).toEqual([invoiceMessages.receivedOnFuture]);
    expect(errorsOf(await pay({ amount: '10', received_on: '2000-01-01' })).received_on).toEqual([invoiceMessages.receivedOnBeforeIssue]);
    const over = await pay({ amount: '300,01', received_on: today });
    expect(over.statusCode).toBe(422);
    expect(errorsOf(over).amount![0]).toContain('Ce paiement dépasse ce qui reste à payer');
    expect(await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, issued.id))).toEqual([]);

    const first = await pay({ amount: '100', received_on: today });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'partially_paid', paid_cents: 10_000, due_cents: 20_000 });
    expect(paidEvents.some((e) => e.invoiceId === issued.id)).toBe(false);

    // A hook that fails rolls the payment back: nothing half done.
    failHook = true;
    expect((await pay({ amount: '200', received_on: today })).statusCode).toBe(500);
    failHook = false;
    expect((await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, issued.id))).length).toBe(1);

    const last = await pay({ amount: '200,00', received_on: today });
    expect(last.json()).toMatchObject({ status: 'paid', paid_cents: 30_000, due_cents: 0 });
    expect(paidEvents.filter((e) => e.invoiceId === issued.id)).toEqual([{ invoiceId: issued.id, source: { kind: 'instalment', id: nextSource - 1 } }]);
    const again = await pay({ amount: '1', received_on: today });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: invoiceMessages.notPayable });
    expect((await app.inject({ method: 'POST', url, headers: await as(learner), payload: { amount: '1', received_on: today } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/invoices/999999/payments', headers: await as(admin), payload: { amount: '1', received_on: today } })).statusCode).toBe(404);
  });

  it('issue credit notes: partial, then the rest, which cancels the invoice; never more than what remains', async () => {
    const issued = await learnerInvoice(30_000);
    const url = `/api/admin/invoices/${issued.id}/credit-notes`;
    const credit = async (payload: object) => app.inject({ method: 'POST', url, headers: await as(admin), payload });
    expect((await credit({ reason: '' })).json()).toMatchObject({ errors: { reason: [invoiceMessages.reasonRequired] } });
    const tooMuch = await credit({ reason: 'Remise', amount: '400' });
    expect(tooMuch.statusCode).toBe(422);
    const partial = await credit({ reason: 'Remise commerciale', amount: '100' });
    expect(partial.statusCode, partial.body).toBe(201);
    const note = partial.json() as InvoiceSummary;
    expect(note).toMatchObject({ kind: 'credit_note', total_cents: 10_000, credited_invoice_number: issued.number, reason: 'Remise commerciale', status: 'issued' });
    expect(note.number).toMatch(/^AV-\d{4}-\d{6}$/);
    const rest = await credit({ reason: 'Rétractation' });
    expect(rest.json()).toMatchObject({ total_cents: 20_000 });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(row!.status).toBe('cancelled');
    expect((await credit({ reason: 'Encore' })).json()).toMatchObject({ message: invoiceMessages.nothingToCredit });
    expect((await app.inject({ method: 'POST', url: `/api/admin/invoices/${note.id}/credit-notes`, headers: await as(admin), payload: { reason: 'x' } })).json()).toMatchObject({ message: invoiceMessages.creditOfCreditNote });
    const pdf = await app.inject({ url: `/api/invoices/${note.id}/pdf`, headers: await as(learner) });
    expect(pdfText(pdf.rawPayload).replace(/\u00a0/g, ' ')).toContain(`la facture n° ${issued.number}`);
    // The learner sees the credit notes with their invoices.
    const mine = (await app.inject({ url: '/api/user/invoices', headers: await as(learner) })).json() as InvoiceList;
    expect(mine.invoices.find((i) => i.id === issued.id)).toMatchObject({ status: 'cancelled', credited_cents: 30_000, due_cents: 0 });
  });

  it('a payment after a partial credit note is capped at what remains', async () => {
    const issued = await learnerInvoice(30_000);
    await db.transaction((tx) => issueCreditNote(tx, { invoiceId: issued.id, reason: 'Remise', amountCents: 10_000 }));
    const today = parisDay(new Date());
    const over = await app.inject({ method: 'POST', url: `/api/admin/invoices/${issued.id}/payments`, headers: await as(admin), payload: { amount: '250', received_on: today } });
    expect(over.statusCode).toBe(422);
    const exact = await app.inject({ method: 'POST', url: `/api/admin/invoices/${issued.id}/payments`, headers: await as(admin), payload: { amount: '200', received_on: today } });
    expect(exact.json()).toMatchObject({ status: 'paid' });
  });
});
