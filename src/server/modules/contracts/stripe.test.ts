import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardDeclineReasons, type ContractAccepted, type MyContracts } from '../../../shared/contracts';
import { webPaths } from '../../../shared/web-paths';
import { loadConfig } from '../../config';
import { contractInstalments, enrolments, invoicePayments, invoices, notifications, trainingContracts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, insertCourse, insertLesson, insertSection, setProviderSettings } from '../../test/factories';
import { AUTHENTICATION_CARD, DECLINED_CARD, startFakeStripe } from '../../test/fake-stripe';
import { invoiceDueInstalments } from './contracts.service';
import { chargeInvoicedInstalments } from './stripe-payments';

const fake = await startFakeStripe();
const { app, db, storage, config } = await createTestApp({ stripe: fake.settings });
await setProviderSettings({ db, storage }, { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' } as never);

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Théo', lastname: 'Formateur' });
const admin = await createUser(db, { role: 'admin' });

async function call(method: 'GET' | 'POST', url: string, user: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

const webhook = (delivery: { payload: string; headers: Record<string, string> }) => app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: delivery.headers, payload: delivery.payload });

/** A learner who signed a paid course's contract (120 €: 36 € after the withdrawal period). */
async function signed() {
  const course = await insertCourse(db, author.id, { status: 'published', title: 'Compostage partagé', priceCents: 12000, objectives: ['Installer un composteur'], prerequisites: 'Aucun' });
  const section = await insertSection(db, course.id, { title: 'Découvrir' });
  await insertLesson(db, section.id, { title: 'Introduction', durationMinutes: 5 });
  const user = await createUser(db, { role: 'membre', firstname: 'Zoé', lastname: 'Martin' });
  const res = await call('POST', `/api/courses/${course.id}/contract/accept`, user, { full_name: 'Zoé Martin', accept: true });
  expect(res.statusCode, res.body).toBe(201);
  return { course, user, accepted: res.json<ContractAccepted>() };
}

/** The learner completes Checkout with `card`: Stripe's checkout.session.completed, signed. */
async function saveCard(accepted: ContractAccepted, card: string) {
  const sessionId = accepted.checkout_url!.split('/').at(-1)!;
  fake.setPaymentMethod(sessionId, card);
  const [contract] = await db.select().from(trainingContracts).where(eq(trainingContracts.id, accepted.contract_id));
  return webhook(fake.signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session', mode: 'setup', status: 'complete', customer: contract!.stripeCustomerId, setup_intent: fake.sessionSetupIntent(sessionId), metadata: { contract_id: String(accepted.contract_id) } }));
}

/** The first instalment falls due (the day after the period) and the daily job runs. */
async function firstInstalmentDue(accepted: ContractAccepted) {
  const [first] = await db.select().from(contractInstalments).where(eq(contractInstalments.contractId, accepted.contract_id)).orderBy(contractInstalments.position).limit(1);
  const dayAfter = new Date(`${first!.dueOn}T10:00:00Z`);
  await invoiceDueInstalments(db, dayAfter);
  // The invoice dated today, as the job running on its day would date it (payments are refused before their invoice).
  await db.update(invoices).set({ issuedAt: new Date() }).where(and(eq(invoices.sourceKind, 'instalment'), eq(invoices.sourceId, first!.id)));
  await chargeInvoicedInstalments(db, config.stripe!, dayAfter);
  const [instalment] = await db.select().from(contractInstalments).where(eq(contractInstalments.id, first!.id));
  return { instalment: instalment!, dayAfter };
}

const intentsFor = (invoiceId: number) => fake.paymentIntents.filter((i) => (i.metadata as Record<string, string>).invoice_id === String(invoiceId));

describe('the configuration', () => {
  it('reads STRIPE_API_BASE as the SDK’s host, port and protocol, and wants the two secrets together', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('saving the card at signature (Checkout, setup mode)', () => {
  it('creates a customer and a setup session back to the contract page, and offers « Enregistrer ma carte » until the card is saved', async () => {
    const { course, user, accepted } = await signed();
    expect(accepted.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.fields).toMatchObject({ mode: 'setup', currency: 'eur', 'metadata[contract_id]': String(accepted.contract_id) });
    expect(session.fields.success_url).toContain(webPaths.courseContract(course.id));
    expect(session.fields.cancel_url).toBe(`${config.publicUrl}${webPaths.courseContract(course.id)}`);
    const customer = fake.requests.filter((r) => r.path === '/v1/customers').at(-1)!;
    expect(customer.fields).toMatchObject({ email: expect.stringContaining('@'), name: 'Zoé Martin' });
    expect((await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]).toMatchObject({ card_needed: true });

    expect((await saveCard(accepted, 'pm_card_visa')).json()).toEqual({ received: true, outcome: 'card_saved' });
    const [contract] = await db.select().from(trainingContracts).where(eq(trainingContracts.id, accepted.contract_id));
    expect(contract).toMatchObject({ stripePaymentMethodId: 'pm_card_visa', stripeCustomerId: expect.stringMatching(/^cus_/) });
    expect((await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]).toMatchObject({ card_needed: false });
    // The same event again changes nothing.
    expect((await saveCard(accepted, 'pm_card_visa')).json()).toMatchObject({ outcome: 'ignored' });
  });

  it('gives a new setup page to the contract’s learner only (404 for another’s), 409 once the card is saved', async () => {
    const { user, accepted } = await signed();
    const stranger = await createUser(db, { role: 'membre' });
    expect((await call('POST', `/api/contracts/${accepted.contract_id}/card-setup`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/contracts/${accepted.contract_id}/card-setup`, admin)).statusCode).toBe(404);
    const again = await call('POST', `/api/contracts/${accepted.contract_id}/card-setup`, user);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    // One customer per contract, whatever the number of setup pages.
    const [contract] = await db.select().from(trainingContracts).where(eq(trainingContracts.id, accepted.contract_id));
    expect(fake.requests.filter((r) => r.path === '/v1/customers' && r.fields['metadata[contract_id]'] === String(accepted.contract_id))).toHaveLength(1);
    expect(contract!.stripeCustomerId).toMatch(/^cus_/);
    await saveCard({ ...accepted, checkout_url: again.json<{ checkout_url: string }>().checkout_url }, 'pm_card_visa');
    expect((await call('POST', `/api/contracts/${accepted.contract_id}/card-setup`, user)).json()).toMatchObject({ error_code: 'card_saved' });
  });
});

describe('the webhook’s signature', () => {
  it('refuses a bad signature, a missing one and another secret’s (400), and changes nothing', async () => {
    const { accepted } = await signed();
    const sessionId = accepted.checkout_url!.split('/').at(-1)!;
    fake.setPaymentMethod(sessionId, 'pm_card_visa');
    const object = { id: sessionId, object: 'checkout.session', mode: 'setup', setup_intent: fake.sessionSetupIntent(sessionId), metadata: { contract_id: String(accepted.contract_id) } };
    const forged = fake.signedEvent('checkout.session.completed', object, 'whsec_someoneElse');
    const res = await webhook(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'bad_signature' });
    expect((await webhook({ payload: forged.payload, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    // A body changed after signing.
    const good = fake.signedEvent('checkout.session.completed', object);
    expect((await webhook({ payload: good.payload.replace('"setup"', '"setup" '), headers: good.headers })).statusCode).toBe(400);
    const [contract] = await db.select().from(trainingContracts).where(eq(trainingContracts.id, accepted.contract_id));
    expect(contract!.stripePaymentMethodId).toBeNull();
    // Random bodies and random signature headers: always 400, never a 5xx, nothing written.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.oneof(fc.string({ maxLength: 120 }), fc.constant(forged.headers['stripe-signature']!)), async (payload, signature) => {
        const answer = await webhook({ payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
        expect(answer.statusCode).toBe(400);
      }),
      { numRuns: 60 },
    );
    // The right signature on the same bytes is accepted.
    expect((await webhook(good)).json()).toMatchObject({ outcome: 'card_saved' });
  });
});

describe('charging the instalments off session', () => {
  it('charges the invoice’s total once, with an idempotency key from the invoice; the succeeded event records the payment once (invoicePaid)', async () => {
    const { user, accepted } = await signed();
    await saveCard(accepted, 'pm_card_visa');
    const { instalment, dayAfter } = await firstInstalmentDue(accepted);
    expect(instalment.status).toBe('invoiced');
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, instalment.invoiceId!));
    const [intent] = intentsFor(invoice!.id);
    expect(intent).toMatchObject({ amount: invoice!.totalCents, currency: 'eur', payment_method: 'pm_card_visa', status: 'succeeded' });
    const request = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.fields['metadata[invoice_id]'] === String(invoice!.id))!;
    expect(request.fields).toMatchObject({ confirm: 'true', off_session: 'true', customer: expect.stringMatching(/^cus_/) });
    expect(request.idempotencyKey).toBe(`ecoforma-invoice-${invoice!.id}-pm_card_visa`);

    // The job runs again before the webhook came: the PaymentIntent is asked, no second charge.
    await chargeInvoicedInstalments(db, config.stripe!, dayAfter);
    expect(intentsFor(invoice!.id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent!.id as string}`)).toHaveLength(1);
    // Even when the instalment forgot its PaymentIntent, the idempotency key replays the first one: still one charge.
    await db.update(contractInstalments).set({ paymentIntentId: null }).where(eq(contractInstalments.id, instalment.id));
    await chargeInvoicedInstalments(db, config.stripe!, dayAfter);
    expect(intentsFor(invoice!.id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.fields['metadata[invoice_id]'] === String(invoice!.id))).toHaveLength(2);

    const succeeded = fake.signedEvent('payment_intent.succeeded', intent);
    expect((await webhook(succeeded)).json()).toMatchObject({ outcome: 'payment_recorded' });
    const [paid] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(paid!.status).toBe('paid');
    expect((await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]!.schedule[0]).toMatchObject({ status: 'paid', invoice_id: invoice!.id });
    // The same event again, and a new delivery of it: one payment.
    expect((await webhook(succeeded)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await webhook(fake.signedEvent('payment_intent.succeeded', intent))).json()).toMatchObject({ outcome: 'ignored' });
    const payments = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice!.id));
    expect(payments).toEqual([expect.objectContaining({ amountCents: invoice!.totalCents, method: 'card', reference: intent!.id as string })]);
    // Paid: the job charges nothing more.
    await chargeInvoicedInstalments(db, config.stripe!, dayAfter);
    expect(intentsFor(invoice!.id)).toHaveLength(1);
  });

  it('a declined card notifies the learner and the administrators once, records the failure and suspends nothing', async () => {
    for (const card of [DECLINED_CARD, AUTHENTICATION_CARD]) {
      const { user, accepted } = await signed();
      await saveCard(accepted, card);
      const { instalment, dayAfter } = await firstInstalmentDue(accepted);
      expect(instalment).toMatchObject({ status: 'invoiced', chargeFailedAt: expect.any(Date), paymentIntentId: expect.stringMatching(/^pi_/) });
      expect(instalment.chargeError).toBe(card === DECLINED_CARD ? cardDeclineReasons.generic_decline : cardDeclineReasons.authentication_required);
      const learnerTold = () => db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'card_payment_failed')));
      const adminTold = () => db.select().from(notifications).where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'card_payment_failed_admin')));
      expect(await learnerTold()).toHaveLength(1);
      const adminBefore = (await adminTold()).length;
      expect(adminBefore).toBeGreaterThanOrEqual(1);
      // Stripe's payment_failed event for the same PaymentIntent: the same failure, told once.
      const [intent] = intentsFor(instalment.invoiceId!);
      expect((await webhook(fake.signedEvent('payment_intent.payment_failed', intent))).json()).toMatchObject({ outcome: 'ignored' });
      expect(await learnerTold()).toHaveLength(1);
      expect(await adminTold()).toHaveLength(adminBefore);
      // The job does not hammer the declined card; the access stays; the space offers a new card.
      await chargeInvoicedInstalments(db, config.stripe!, dayAfter);
      expect(intentsFor(instalment.invoiceId!)).toHaveLength(1);
      expect(await db.select().from(enrolments).where(eq(enrolments.id, accepted.enrolment_id))).toHaveLength(1);
      const mine = (await call('GET', '/api/user/contracts', user)).json<MyContracts>().items[0]!;
      expect(mine).toMatchObject({ card_needed: true });
      expect(mine.schedule[0]).toMatchObject({ status: 'invoiced', charge_error: instalment.chargeError });
      const [unpaid] = await db.select().from(invoices).where(eq(invoices.id, instalment.invoiceId!));
      expect(unpaid!.status).toBe('unpaid');
    }
  });

  it('a failure only Stripe reports (payment_failed webhook) takes the same path; a new card is charged at once', async () => {
    const { user, accepted } = await signed();
    await saveCard(accepted, 'pm_card_visa');
    const { instalment } = await firstInstalmentDue(accepted);
    // The charge fails later at the bank (Stripe says so by the event only).
    const [failed] = intentsFor(instalment.invoiceId!);
    Object.assign(failed!, { status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect((await webhook(fake.signedEvent('payment_intent.payment_failed', failed))).json()).toMatchObject({ outcome: 'failure_recorded' });
    expect((await webhook(fake.signedEvent('payment_intent.payment_failed', failed))).json()).toMatchObject({ outcome: 'ignored' });
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'card_payment_failed')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(cardDeclineReasons.insufficient_funds);

    // A new card through a new setup page: the open instalment is charged with it, under a new key.
    const setup = await call('POST', `/api/contracts/${accepted.contract_id}/card-setup`, user);
    expect(setup.statusCode, setup.body).toBe(201);
    await saveCard({ ...accepted, checkout_url: setup.json<{ checkout_url: string }>().checkout_url }, 'pm_card_mastercard');
    const intents = intentsFor(instalment.invoiceId!);
    expect(intents.at(-1)).toMatchObject({ payment_method: 'pm_card_mastercard', status: 'succeeded' });
    const [after] = await db.select().from(contractInstalments).where(eq(contractInstalments.id, instalment.id));
    expect(after).toMatchObject({ chargeFailedAt: null, paymentIntentId: intents.at(-1)!.id });
  });
});
