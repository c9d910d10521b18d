import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll } from 'vitest';
import type { StripeSettings } from '../config';

/** A card that the fake declines, as Stripe's test card `pm_card_chargeDeclined` does. */
export const DECLINED_CARD = 'pm_card_chargeDeclined';
/** A card that needs the holder's authentication off session (3-D Secure), as `pm_card_authenticationRequired`. */
export const AUTHENTICATION_CARD = 'pm_card_authenticationRequired';

export const TEST_WEBHOOK_SECRET = 'whsec_fakeStripeTestSecret';

interface StoredAnswer {
  body: string;
  status: number;
  answer: unknown;
}

/**
 * A local HTTP server answering the Stripe API endpoints the driver uses, in Stripe's documented
 * JSON shapes (decision 054): customers, Checkout sessions (setup mode), SetupIntents,
 * PaymentIntents (declined and authentication-required cards included). The Idempotency-Key
 * header is honoured as Stripe does: the same key returns the same object and charges nothing
 * again; the same key with other parameters is an idempotency_error.
 */
export interface FakeStripe {
  settings: StripeSettings;
  /** Every request, in order: method, path, form fields, idempotency key. */
  requests: Array<{ method: string; path: string; fields: Record<string, string>; idempotencyKey: string | undefined }>;
  /** The PaymentIntents created (each one a charge attempt; a replayed key adds none). */
  paymentIntents: Array<Record<string, unknown>>;
  /** The card a Checkout session's SetupIntent will carry once "completed". */
  setPaymentMethod(sessionId: string, paymentMethod: string): void;
  /** The SetupIntent a Checkout session created. */
  sessionSetupIntent(sessionId: string): string;
  /** A signed webhook delivery: the raw body and its Stripe-Signature header. */
  signedEvent(type: string, object: unknown, secret?: string): { payload: string; headers: Record<string, string> };
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, StoredAnswer>();
  const requests: FakeStripe['requests'] = [];
  const paymentIntents: FakeStripe['paymentIntents'] = [];

  function handle(method: string, path: string, fields: Record<string, string>): { status: number; answer: unknown } {
    const metadata = Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', created: now(), email: fields.email ?? null, name: fields.name ?? null, metadata, livemode: false };
      customers.set(customer.id, customer);
      return { status: 200, answer: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (fields.mode !== 'setup' || !fields.customer || !customers.has(fields.customer) || !fields.success_url) {
        return { status: 400, answer: { error: { type: 'invalid_request_error', message: 'Invalid checkout session parameters.' } } };
      }
      const setupIntent = { id: id('seti'), object: 'setup_intent', status: 'requires_payment_method', customer: fields.customer, payment_method: null, usage: 'off_session', metadata: Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('setup_intent_data[metadata][')).map(([k, v]) => [k.slice(28, -1), v])), livemode: false };
      setupIntents.set(setupIntent.id, setupIntent);
      const sessionId = id('cs_test');
      const session = { id: sessionId, object: 'checkout.session', mode: 'setup', status: 'open', currency: fields.currency ?? null, customer: fields.customer, setup_intent: setupIntent.id, success_url: fields.success_url, cancel_url: fields.cancel_url ?? null, url: `https://checkout.stripe.com/c/pay/${sessionId}`, metadata, livemode: false };
      sessions.set(sessionId, session);
      return { status: 200, answer: session };
    }
    const setupMatch = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && setupMatch) {
      const intent = setupIntents.get(setupMatch[1]!);
      if (!intent) return { status: 404, answer: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${setupMatch[1]}'` } } };
      return { status: 200, answer: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentMatch) {
      const intent = paymentIntents.find((i) => i.id === intentMatch[1]);
      if (!intent) return { status: 404, answer: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentMatch[1]}'` } } };
      return { status: 200, answer: intent };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent: Record<string, unknown> = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(fields.amount),
        amount_received: 0,
        currency: fields.currency,
        customer: fields.customer ?? null,
        payment_method: fields.payment_method ?? null,
        description: fields.description ?? null,
        metadata,
        created: now(),
        livemode: false,
        status: 'succeeded',
        last_payment_error: null,
      };
      paymentIntents.push(intent);
      if (fields.payment_method === DECLINED_CARD || fields.payment_method === AUTHENTICATION_CARD) {
        const code = fields.payment_method === DECLINED_CARD ? 'card_declined' : 'authentication_required';
        const error = { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : 'authentication_required', message: code === 'card_declined' ? 'Your card was declined.' : 'Your card was declined. This transaction requires authentication.', payment_method: { id: fields.payment_method, object: 'payment_method' } };
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
        return { status: 402, answer: { error: { ...error, payment_intent: intent } } };
      }
      intent.amount_received = intent.amount;
      return { status: 200, answer: intent };
    }
    return { status: 404, answer: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const fields = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body));
      const key = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, fields, idempotencyKey: key });
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Request-Id': id('req') };
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, headers);
        response.end(JSON.stringify(answer));
      };
      if (request.headers.authorization !== `Bearer ${settings.secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      if (key && request.method === 'POST') {
        const stored = idempotent.get(key);
        if (stored) {
          if (stored.body !== body) {
            send(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
            return;
          }
          headers['Idempotent-Replayed'] = 'true';
          send(stored.status, stored.answer);
          return;
        }
      }
      const { status, answer } = handle(request.method ?? '', url.pathname, fields);
      if (key && request.method === 'POST') idempotent.set(key, { body, status, answer });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const settings: StripeSettings = { secretKey: 'sk_test_fakeStripeKey', webhookSecret: TEST_WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http' } };
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const signer = new Stripe(settings.secretKey);

  return {
    settings,
    requests,
    paymentIntents,
    setPaymentMethod(sessionId, paymentMethod) {
      const session = sessions.get(sessionId);
      const intent = session && setupIntents.get(session.setup_intent as string);
      if (!session || !intent) throw new Error(`no such session ${sessionId}`);
      Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod });
      Object.assign(session, { status: 'complete' });
    },
    sessionSetupIntent(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no such session ${sessionId}`);
      return session.setup_intent as string;
    },
    signedEvent(type, object, secret = TEST_WEBHOOK_SECRET) {
      const payload = JSON.stringify({ id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });
      const header = signer.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
  };
}
