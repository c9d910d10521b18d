import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { cardDeclineReasons, contractMessages, paymentMessages, type CardSetup } from '../../../shared/contracts';
import { parisDay } from '../../../shared/paris-days';
import { webPaths } from '../../../shared/web-paths';
import type { Config, StripeSettings } from '../../config';
import type { Db } from '../../db/client';
import { contractInstalments, courses, invoices, trainingContracts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleManifest } from '../../lib/module-manifest';
import { recordPayment } from '../invoices';
import { notify, notifyAdmins } from '../notifications';

/**
 * The Stripe payment driver (issue 29, decision 054): on only with STRIPE_SECRET_KEY. The card is
 * saved through Checkout in setup mode at signature, each instalment's invoice is charged off
 * session with an idempotency key derived from the invoice, and Stripe's signed webhooks record
 * payments (through the invoices module, so `invoicePaid` fires) and failures.
 */

const clients = new WeakMap<StripeSettings, Stripe>();

/** One SDK client per settings (STRIPE_API_BASE becomes the SDK's host, port and protocol). */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, { ...(settings.api ?? {}), maxNetworkRetries: 1, timeout: 20_000, telemetry: false });
    clients.set(settings, client);
  }
  return client;
}

/**
 * Creates (once) the contract's Stripe customer and a Checkout session in setup mode, the learner
 * coming back to their contract page. Returns the page's address.
 */
export async function startCardSetup(db: Db, config: Config, userId: number, contractId: number): Promise<CardSetup> {
  const [row] = await db
    .select({ contract: trainingContracts, email: users.email, firstname: users.firstname, lastname: users.lastname })
    .from(trainingContracts)
    .innerJoin(users, eq(users.id, trainingContracts.userId))
    .where(eq(trainingContracts.id, contractId));
  if (!row || row.contract.userId !== userId || row.contract.withdrawnAt !== null) throw AppError.notFound(contractMessages.contractNotFound);
  if (!config.stripe) throw new AppError('payments_off', 409, paymentMessages.stripeOff);
  const stripe = stripeClient(config.stripe);
  if (row.contract.stripePaymentMethodId !== null && !(await hasFailedCharge(db, contractId))) throw new AppError('card_saved', 409, paymentMessages.cardAlreadySaved);
  try {
    let customerId = row.contract.stripeCustomerId;
    if (customerId === null) {
      const customer = await stripe.customers.create(
        { email: row.email, name: `${row.firstname} ${row.lastname}`, metadata: { user_id: String(userId), contract_id: String(contractId) } },
        { idempotencyKey: `ecoforma-customer-contract-${contractId}` },
      );
      customerId = customer.id;
      await db.update(trainingContracts).set({ stripeCustomerId: customerId }).where(eq(trainingContracts.id, contractId));
    }
    const back = `${config.publicUrl}${webPaths.courseContract(row.contract.courseId)}`;
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'eur',
      customer: customerId,
      success_url: `${back}?carte=enregistree`,
      cancel_url: back,
      metadata: { contract_id: String(contractId) },
      setup_intent_data: { metadata: { contract_id: String(contractId) } },
    });
    if (!session.url) throw new Error('Checkout session without url');
    return { checkout_url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('payments_unavailable', 502, paymentMessages.stripeUnavailable);
  }
}

async function hasFailedCharge(db: Db, contractId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contractInstalments.id })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.contractId, contractId), eq(contractInstalments.status, 'invoiced'), isNotNull(contractInstalments.chargeFailedAt)))
    .limit(1);
  return Boolean(row);
}

/** The invoice, instalment and contract a charge is about. */
async function chargeFacts(db: Db, instalmentId: number) {
  const [row] = await db
    .select({ instalment: contractInstalments, contract: trainingContracts, invoice: invoices, title: courses.title, firstname: users.firstname, lastname: users.lastname })
    .from(contractInstalments)
    .innerJoin(trainingContracts, eq(trainingContracts.id, contractInstalments.contractId))
    .innerJoin(invoices, eq(invoices.id, contractInstalments.invoiceId))
    .innerJoin(courses, eq(courses.id, trainingContracts.courseId))
    .innerJoin(users, eq(users.id, trainingContracts.userId))
    .where(eq(contractInstalments.id, instalmentId));
  return row ?? null;
}

/**
 * A failed card charge: recorded on the instalment and told to the learner and the administrators,
 * once per PaymentIntent (the synchronous error and its webhook are the same failure). Nothing is suspended.
 */
export async function recordChargeFailure(db: Db, instalmentId: number, paymentIntentId: string, reason: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [instalment] = await tx.select().from(contractInstalments).where(eq(contractInstalments.id, instalmentId)).for('update');
    if (!instalment || instalment.status !== 'invoiced') return false;
    if (instalment.paymentIntentId === paymentIntentId && instalment.chargeFailedAt !== null) return false;
    await tx.update(contractInstalments).set({ paymentIntentId, chargeFailedAt: now, chargeError: reason.slice(0, 500) }).where(eq(contractInstalments.id, instalmentId));
    const facts = await chargeFacts(tx as unknown as Db, instalmentId);
    if (!facts) return true;
    const data = { courseTitle: facts.title, label: facts.instalment.label, amountCents: facts.invoice.totalCents, invoiceNumber: facts.invoice.number, reason: reason.slice(0, 300) };
    await notify(tx, { userId: facts.contract.userId, kind: 'card_payment_failed', data });
    await notifyAdmins(tx, 'card_payment_failed_admin', { ...data, learnerName: `${facts.firstname} ${facts.lastname}` });
    return true;
  });
}

/** Stripe's reason for a declined card, in the learner's language when it is a known code. */
function declineReason(error: { code?: string; decline_code?: string; message?: string }): string {
  const code = error.decline_code ?? error.code;
  return (code && cardDeclineReasons[code]) ?? error.message ?? 'paiement refusé';
}

/**
 * Charges one invoiced instalment off session with the contract's saved card: amount = the
 * invoice's total, metadata {invoice_id}, idempotency key from the invoice and the card (a re-run
 * never charges twice; a new card after a failure may try again). The payment itself is recorded
 * by the `payment_intent.succeeded` webhook; a card error takes the failure path at once.
 * Returns the PaymentIntent's status, or null when there is nothing to charge.
 */
export async function chargeInstalment(db: Db, settings: StripeSettings, instalmentId: number, now = new Date()): Promise<string | null> {
  const facts = await chargeFacts(db, instalmentId);
  if (!facts) return null;
  const { instalment, contract, invoice } = facts;
  if (instalment.status !== 'invoiced' || invoice.status === 'paid' || invoice.status === 'cancelled') return null;
  if (!contract.stripeCustomerId || !contract.stripePaymentMethodId) return null;
  const stripe = stripeClient(settings);
  // A charge already made for this instalment whose webhook has not come yet: never a second one
  // (Stripe forgets idempotency keys after 24 hours; the PaymentIntent itself is asked).
  if (instalment.paymentIntentId !== null && instalment.chargeFailedAt === null && instalment.paymentIntentId.startsWith('pi_')) {
    const previous = await stripe.paymentIntents.retrieve(instalment.paymentIntentId);
    if (previous.status !== 'requires_payment_method' && previous.status !== 'canceled') return previous.status;
  }
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: invoice.totalCents,
        currency: 'eur',
        customer: contract.stripeCustomerId,
        payment_method: contract.stripePaymentMethodId,
        off_session: true,
        confirm: true,
        description: `Facture ${invoice.number}`,
        metadata: { invoice_id: String(invoice.id), instalment_id: String(instalment.id) },
      },
      { idempotencyKey: `ecoforma-invoice-${invoice.id}-${contract.stripePaymentMethodId}` },
    );
    await db.update(contractInstalments).set({ paymentIntentId: intent.id }).where(eq(contractInstalments.id, instalment.id));
    return intent.status;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const raw = error.raw as { payment_intent?: { id?: string } };
      await recordChargeFailure(db, instalment.id, raw.payment_intent?.id ?? `declined-${invoice.id}-${contract.stripePaymentMethodId}`, declineReason(error), now);
      return 'requires_payment_method';
    }
    throw error;
  }
}

/**
 * The daily job's second half: every invoiced, unpaid instalment of a contract with a saved card
 * and no failed charge is charged. A failed one waits for a new card or a transfer.
 */
export async function chargeInvoicedInstalments(db: Db, settings: StripeSettings, now = new Date(), log: { warn(message: string): void } = console): Promise<number> {
  const rows = await db
    .select({ id: contractInstalments.id })
    .from(contractInstalments)
    .innerJoin(trainingContracts, eq(trainingContracts.id, contractInstalments.contractId))
    .where(and(eq(contractInstalments.status, 'invoiced'), isNull(contractInstalments.chargeFailedAt), isNull(trainingContracts.withdrawnAt), isNotNull(trainingContracts.stripePaymentMethodId)));
  let charged = 0;
  for (const { id } of rows) if ((await chargeSafely(db, settings, id, now, log)) !== null) charged += 1;
  return charged;
}

/** One charge whose network or API error (Stripe down, a concurrent request on the same key) is logged and left for the next run, never stopping the others. */
async function chargeSafely(db: Db, settings: StripeSettings, instalmentId: number, now: Date, log: { warn(message: string): void }): Promise<string | null> {
  try {
    return await chargeInstalment(db, settings, instalmentId, now);
  } catch (error) {
    log.warn(`Stripe : prélèvement de l’échéance ${instalmentId} reporté (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** What the webhook did with an event, for the log and the tests. */
export type WebhookOutcome = 'card_saved' | 'payment_recorded' | 'failure_recorded' | 'ignored';

/**
 * `POST /api/payments/stripe/webhook`: the signature is checked on the raw body (400 when it is
 * wrong), then the event is applied; repeating an event changes nothing.
 */
export async function handleStripeWebhook(db: Db, config: Config, modules: readonly ModuleManifest[], rawBody: Buffer, signature: string | undefined, now = new Date()): Promise<WebhookOutcome> {
  if (!config.stripe) throw AppError.notFound(paymentMessages.stripeOff);
  const stripe = stripeClient(config.stripe);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.stripe.webhookSecret);
  } catch {
    throw new AppError('bad_signature', 400, paymentMessages.badSignature);
  }
  switch (event.type) {
    case 'checkout.session.completed':
      return cardSaved(db, config.stripe, event.data.object, now);
    case 'payment_intent.succeeded':
      return paymentSucceeded(db, modules, event.data.object, now);
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const instalmentId = await instalmentOfIntent(db, intent);
      if (instalmentId === null) return 'ignored';
      const recorded = await recordChargeFailure(db, instalmentId, intent.id, declineReason(intent.last_payment_error ?? {}), now);
      return recorded ? 'failure_recorded' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

async function cardSaved(db: Db, settings: StripeSettings, session: Stripe.Checkout.Session, now: Date): Promise<WebhookOutcome> {
  const contractId = Number(session.metadata?.contract_id);
  if (session.mode !== 'setup' || !Number.isInteger(contractId) || !session.setup_intent) return 'ignored';
  const stripe = stripeClient(settings);
  const setupIntentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent.id;
  const intent = await stripe.setupIntents.retrieve(setupIntentId);
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? (typeof session.customer === 'string' ? session.customer : null));
  if (intent.status !== 'succeeded' || !paymentMethod || !customer) return 'ignored';
  const [contract] = await db
    .select({ id: trainingContracts.id, customer: trainingContracts.stripeCustomerId, paymentMethod: trainingContracts.stripePaymentMethodId })
    .from(trainingContracts)
    .where(and(eq(trainingContracts.id, contractId), isNull(trainingContracts.withdrawnAt)));
  // Only the customer this contract created: a session about anything else changes nothing.
  if (!contract || (contract.customer !== null && contract.customer !== customer)) return 'ignored';
  if (contract.paymentMethod === paymentMethod) return 'ignored';
  await db.update(trainingContracts).set({ stripeCustomerId: customer, stripePaymentMethodId: paymentMethod }).where(eq(trainingContracts.id, contract.id));
  // A new card: the instalments whose charge failed (or that were invoiced before any card) are charged with it.
  const open = await db
    .select({ id: contractInstalments.id })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.contractId, contract.id), eq(contractInstalments.status, 'invoiced')));
  if (open.length > 0) {
    await db.update(contractInstalments).set({ chargeFailedAt: null, chargeError: null }).where(inArray(contractInstalments.id, open.map((o) => o.id)));
    for (const { id } of open) await chargeSafely(db, settings, id, now, console);
  }
  return 'card_saved';
}

async function instalmentOfIntent(db: Db, intent: Stripe.PaymentIntent): Promise<number | null> {
  const invoiceId = Number(intent.metadata?.invoice_id);
  if (!Number.isInteger(invoiceId)) return null;
  const [row] = await db.select({ id: contractInstalments.id }).from(contractInstalments).where(eq(contractInstalments.invoiceId, invoiceId));
  return row?.id ?? null;
}

async function paymentSucceeded(db: Db, modules: readonly ModuleManifest[], intent: Stripe.PaymentIntent, now: Date): Promise<WebhookOutcome> {
  const invoiceId = Number(intent.metadata?.invoice_id);
  if (!Number.isInteger(invoiceId) || intent.currency !== 'eur') return 'ignored';
  const [invoice] = await db.select({ id: invoices.id, issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return 'ignored';
  const today = parisDay(now);
  try {
    const result = await recordPayment(db, modules, {
      invoiceId,
      amountCents: intent.amount_received || intent.amount,
      receivedOn: today < parisDay(invoice.issuedAt) ? parisDay(invoice.issuedAt) : today,
      recordedBy: null,
      method: 'card',
      reference: intent.id,
      now,
    });
    if (!result.recorded) return 'ignored';
  } catch (error) {
    // Already settled another way (a transfer recorded meanwhile): nothing to record, the administrators refund by hand.
    // Anything else fails the delivery (500): Stripe delivers it again later, and the log says why.
    if (error instanceof AppError && error.statusCode === 409) return 'ignored';
    throw error;
  }
  await db.update(contractInstalments).set({ paymentIntentId: intent.id, chargeFailedAt: null, chargeError: null }).where(eq(contractInstalments.invoiceId, invoiceId));
  return 'payment_recorded';
}
