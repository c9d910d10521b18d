import { asc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPastBirthdate, isPlausiblePhone } from '../../src/shared/auth';
import { roles } from '../../src/shared/roles';
import { normalizeSearch } from '../../src/shared/text';
import { auditLog, courses, meetings, providerSettings, sessions, users } from '../../src/server/db/schema';
import { createSession } from '../../src/server/lib/sessions';
import { testEngine } from '../../src/server/test/database';
import { referencedFiles, signedIn, type SignedIn } from './support';
import { createTestApp } from '../../src/server/test/app';
import { issueInvoice } from '../../src/server/modules/invoices';
import { demoProvider } from '../../src/server/modules/provider/provider.service';
import { createUser, insertCourse, insertLiveSession } from '../../src/server/test/factories';
import { pdfDocument, pngImage, signaturePng } from '../../src/server/test/files';
import { placeFile, uploadsListing } from '../../src/server/test/uploads';
import { parisDay } from '../../src/shared/paris-days';

/**
 * Property-based fuzzing of every JSON endpoint: random bodies, query strings and path ids, sent
 * as a visitor, as a member and as an administrator. Properties: never a 5xx; every 4xx is the
 * API's JSON error body; and afterwards the database holds nothing invalid.
 *
 * Replay a failing run with FUZZ_SEED=<the seed printed in the failure> (each property's own
 * seed is derived from it, so the whole run replays in the same order on a fresh database).
 */

// The multipart routes have their own attack corpus (upload-attacks.test.ts).
const MULTIPART_ROUTES = ['POST /api/upload-cv', 'POST /api/courses', 'PUT /api/courses/:id'];

// Server-sent event streams never end by themselves: their answer is read as a stream (sendStreamed).
const STREAM_ROUTES = ['GET /api/events'];

const seedFromEnv = process.env.FUZZ_SEED;
const baseSeed = seedFromEnv ? Number(seedFromEnv) : Math.floor(Math.random() * 2 ** 31);

/**
 * Runs per (route, caller): more where the caller gets past the guard, since that is where the
 * handlers and the database are reached. Both engines make at least 10,000 requests.
 *
 * Each engine's pass sends `perPass` requests (22,000 with both engines): every refused
 * (route, caller) pair gets `refused` of them, and the pairs that get past the guard share the
 * rest evenly. Each run draws a new seed, so successive runs cover different inputs, and a new
 * route adds its requests to nobody's CI time: it takes its share of the same budget.
 * PGlite is PostgreSQL itself compiled to WebAssembly: the same parser, types, constraints and
 * error codes decide what a random body does to the database. The PostgreSQL pass adds the
 * node-postgres driver and its pool (how errors arrive, how values convert, connections taken and
 * given back).
 */
const RUNS = { perPass: 11_000, refused: 20, minimum: 10_000 };

const { app, db, config, storage } = await createTestApp();

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const fuzzedRoutes = app.apiRoutes.filter((r) => !MULTIPART_ROUTES.includes(routeKey(r)));

type Caller = 'anonymous' | 'membre' | 'admin';
const actors: Record<Exclude<Caller, 'anonymous'>, SignedIn> = {
  membre: await signedIn(db, 'membre'),
  admin: await signedIn(db, 'admin'),
};
const protectedIds = new Set([actors.membre.user.id, actors.admin.user.id]);

// Real rows for the generated ids to hit: users of every role, courses with files, meetings.
const victims = [
  await createUser(db, { role: 'membre' }),
  await createUser(db, { role: 'organisme' }),
  await createUser(db, { role: 'formateur', isValid: false }),
  await createUser(db, { role: 'formateur', isValid: true }),
  await createUser(db, {
    role: 'formateur',
    cvPath: await placeFile(storage, pdfDocument(), 'pdf'),
    cvOriginalName: 'cv.pdf',
    cvMimeType: 'application/pdf',
    cvSize: pdfDocument().length,
    cvUploadedAt: new Date(),
  }),
];
const author = victims[3]!;
const victimCourses = [
  await insertCourse(db, author.id, { imagePath: await placeFile(storage, pngImage(2, 2), 'png'), imageMimeType: 'image/png' }),
  await insertCourse(db, author.id, {
    status: 'draft',
    priceCents: 12_000,
    discountPriceCents: 9_900,
    attachmentPath: await placeFile(storage, pdfDocument(), 'pdf'),
    attachmentOriginalName: 'programme.pdf',
    attachmentMimeType: 'application/pdf',
    attachmentSize: pdfDocument().length,
  }),
  await insertCourse(db, author.id),
];
const [victimMeeting] = await db
  .insert(meetings)
  .values({ userId: victims[2]!.id, roomName: 'EcoForma-fuzz-room', url: `https://${config.jitsiDomain}/EcoForma-fuzz-room`, scheduledAt: new Date() })
  .returning();
// A live session (issue 28) open for signing, with a registered member, so session and slot ids reach the handlers.
const victimSession = await insertLiveSession(db, victimCourses[0]!.id, { startsInMinutes: 5, slotMinutes: [60, 60], learners: [actors.membre.user.id, victims[0]!.id] });
// An unpaid invoice (issue 29) of a member, so payment and credit-note routes reach their rules.
// The seller's settings without a signature file: an invoice needs none, and the file check below counts every file.
await db.insert(providerSettings).values({ id: 1, ...demoProvider });
const victimInvoice = await issueInvoice(db, { buyer: { kind: 'user', userId: victims[0]!.id }, lines: [{ label: 'Formation', quantity: 1, unitAmountCents: 50_000 }], courseId: victimCourses[0]!.id, enrolmentId: null, source: { kind: 'instalment', id: 1 } });
const validIds = [...victims.map((v) => v.id), ...victimCourses.map((c) => c.id), victimMeeting!.id, victimSession.session.id, ...victimSession.slots.map((s) => s.id), victimInvoice.id];

// ---------------------------------------------------------------------------------------------
// Generators

const nastyStrings = [
  '', ' ', '\t\n', '\u0000', 'a\u0000b', '\u0007\u001b[31m', '\u202e\u200b\ufeff', '%', '_', '\\', '%_\\', '%%__\\\\', "'", '"', '`',
  "' OR '1'='1' --", "1; DROP TABLE users; --", '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', '${7*7}',
  '../../etc/passwd', '..\\..\\windows\\win.ini', 'null', 'undefined', 'NaN', 'true', 'false', '-1', '0', '1e400', '9'.repeat(40),
  'ÉCOLOGIE', 'écologie', 'Ǆ', 'ß', 'İ', '😀', '👩🏽‍🌾', '中文', 'עברית', 'a'.repeat(101), 'a'.repeat(256), 'x'.repeat(100_000),
  'admin', 'formateur', 'membre', 'organisme', 'approved', 'pending', 'published', 'draft', 'rse', '2024-02-30', '1990-05-17',
  '2999-01-01T00:00:00Z', '1970-01-01T00:00:00Z', 'fuzz@exemple.fr', 'FUZZ@EXEMPLE.FR', ' a@b.fr ', 'a@b', '@', 'a@@b.fr',
  '06 12 34 56 78', '+33612345678', '+1', 'Motdepasse1',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Any JSON value, the nasty strings included. */
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), Number.MAX_VALUE, [], {}, [null], { $gt: '' }) },
);

/** Valid-looking bodies per route, each then changed in one field, so the handlers are reached. */
const templates: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'POST /api/signup': fc.nat().map((n) => ({
    firstname: 'Zoé', lastname: 'Aléatoire', email: `fuzz-${n}@exemple.fr`, password: 'Motdepasse1', gender: 'female',
    birthdate: '1992-04-11', role: 'membre', phone_number: '', country: 'France', speciality: '', cin: '',
  })),
  'POST /api/login': fc.constant({ email: actors.membre.user.email, password: 'Mauvais1', remember: false }),
  'PUT /api/user/profile': fc.constant({
    firstName: 'Zoé', lastName: 'Profil', email: 'membre-fuzz@exemple.fr', phoneNumber: '', birthDate: '1990-05-17', gender: 'female',
  }),
  'POST /api/admin/users': fc.nat().map((n) => ({ firstname: 'Néo', lastname: 'Créé', email: `cree-${n}@exemple.fr`, role: 'membre' })),
  'PUT /api/admin/users/:id': fc.nat().map((n) => ({
    firstname: 'Léa', lastname: 'Corrigée', email: `corrigee-${n}@exemple.fr`, phone_number: null, gender: null, birthdate: null, country: null, speciality: null,
  })),
  'PUT /api/admin/users/:id/status': fc.boolean().map((b) => ({ is_valid: b })),
  'POST /api/admin/users/:id/reject': fc.constant({ reason: 'Dossier incomplet.' }),
  'POST /api/admin/users/:id/meeting': fc.constant({ meeting_date: new Date(Date.now() + 86_400_000).toISOString() }),
  'POST /api/courses/:id/sessions': fc.nat({ max: 500 }).map((capacity) => {
    const start = Date.now() + 86_400_000;
    const iso = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    return { title: 'Session aléatoire', modality: 'virtual', starts_at: iso(0), ends_at: iso(240), capacity, slots: [{ starts_at: iso(0), ends_at: iso(240) }] };
  }),
  'POST /api/slots/:id/signatures': fc.constant({ signature_png: signaturePng().toString('base64') }),
  'PUT /api/slots/:id/absences/:userId': fc.constant({ reason: 'Motif aléatoire' }),
  // Issue 29: a quote for seats (an organisation's; the fuzzed callers are refused before the body counts, the bodies stay realistic).
  'POST /api/organisation/quotes': fc.integer({ min: -5, max: 600 }).map((seats) => ({ course_id: 1, seats })),
  'PUT /api/admin/bpf/enrolments/:id': fc.constantFrom('private_employee', 'self_funded', null).map((t) => ({ trainee_type: t, funding_line: 'c1' })),
  'PUT /api/admin/bpf/courses/:id': fc.constantFrom('other', 'rncp_4', null).map((o) => ({ objective: o, nsf_code: '343' })),
  'PUT /api/admin/bpf/trainers/:id': fc.constantFrom('internal', 'external', null).map((status) => ({ status })),
  'POST /api/courses/:id/contract/accept': fc.boolean().map((waiver) => ({ full_name: `${actors.membre.user.firstname} ${actors.membre.user.lastname}`, accept: true, waiver })),
  // Stripe's webhook (decision 054): off in this app (404); its signature check is fuzzed in stripe.test.ts.
  'POST /api/payments/stripe/webhook': fc.record({ id: fc.string(), type: fc.constantFrom('checkout.session.completed', 'payment_intent.succeeded', 'payment_intent.payment_failed'), data: fc.record({ object: fc.dictionary(fc.string(), fc.string()) }) }),
  'POST /api/admin/invoices/:id/payments': fc.nat({ max: 600 }).map((euros) => ({ amount: String(euros), received_on: parisDay(new Date()) })),
  'POST /api/admin/invoices/:id/credit-notes': fc.nat({ max: 600 }).map((euros) => ({ reason: 'Avoir aléatoire', amount: String(euros) })),
};

function mutated(template: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.tuple(template, fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'is_valid', 'role')), fc.nat(), jsonish, fc.boolean()).map(
    ([body, extraKey, pick, value, remove]) => {
      const keys = Object.keys(body);
      const key = pick % (keys.length + 1) === keys.length ? extraKey : keys[pick % (keys.length + 1)]!;
      const copy: Record<string, unknown> = { ...body };
      if (remove) delete copy[key];
      else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
      return copy;
    },
  );
}

interface Payload {
  contentType?: string;
  body?: string;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
);

/** Past the 1 MB body limit: refused before anything reads it. Built once, not for each route. */
const oversizedPayload: Payload = { contentType: 'application/json', body: JSON.stringify({ reason: 'x'.repeat(1_100_000) }) };

function payloadArb(key: string): fc.Arbitrary<Payload> {
  const json = (value: fc.Arbitrary<unknown>) => fc.tuple(value, contentTypes).map(([v, ct]): Payload => {
    const body = JSON.stringify(v);
    return body === undefined ? {} : { contentType: ct, body };
  });
  const template = templates[key];
  return fc.oneof(
    { weight: template ? 4 : 0, arbitrary: template ? json(mutated(template)) : fc.constant({}) },
    { weight: 2, arbitrary: json(fc.anything()) },
    { weight: 2, arbitrary: json(fc.dictionary(text, jsonish, { maxKeys: 6 })) },
    { weight: 1, arbitrary: json(fc.array(jsonish, { maxLength: 5 })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom('{', '{"a":', 'nul', '[1,2', '\u0000', '{"email": "a" "b"}', '{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {}}}'), fc.string())
        .map((body): Payload => ({ contentType: 'application/json', body })),
    },
    { weight: 1, arbitrary: fc.constant(oversizedPayload) },
    { weight: 1, arbitrary: fc.constant<Payload>({}) },
  );
}

const rawIdSegments = [
  '0', '-1', '2026', '2147483647', '2147483648', '9007199254740993', '99999999999999999999', '1e3', '0x1F', '1.5', '01', '+1', '%201', '1%20',
  'NaN', 'Infinity', '-0', 'null', 'undefined', 'true', '%5B%5D', '%7B%7D', '..', '..%2F', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f', '..%5C..%5Cx',
  '%00', '1%00', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%C3%A9', '%F0%9F%98%80', "1'%20OR%20'1'%3D'1", '%3Cscript%3E', 'a'.repeat(3000),
];

/** A path id: a real one, or something that must be refused without a crash. */
const idSegment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...validIds).map(String) },
  { weight: 3, arbitrary: fc.constantFrom(...rawIdSegments) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 0 }).map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent) },
);

const queryKeys = ['q', 'page', 'pageSize', 'role', 'status', 'rejected', 'category', 'v', 'token', 'access_token', 'format', '__proto__', 'constructor'];
const queryValue = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom('-1', '0', '1', '2', '100', '101', '1000000000', String(10 ** 9), '1e400', '1.5', ' 3 ', '0x10') },
);
const queryString = fc
  .array(fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...queryKeys) }, { weight: 1, arbitrary: text }), queryValue), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`).join('&'));

/** Each byte as a query string writes it: itself when unreserved, else `%XX`. */
const encodedBytes = Array.from({ length: 256 }, (_, b) => {
  const char = String.fromCharCode(b);
  return /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
});

/** Percent-encodes like a browser, keeping lone surrogates (which encodeURIComponent refuses) as raw bytes. */
function encodeQuery(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) encoded += encodedBytes[byte];
  return encoded;
}

interface FuzzRequest {
  path: string;
  query: string;
  payload: Payload;
}

function requestArb(route: { method: string; url: string }): fc.Arbitrary<FuzzRequest> {
  const params = route.url.match(/:\w+|\*/g) ?? [];
  const segments = fc.tuple(...params.map(() => idSegment));
  const payload = route.method === 'GET' ? fc.oneof({ weight: 5, arbitrary: fc.constant<Payload>({}) }, { weight: 1, arbitrary: payloadArb(routeKey(route)) }) : payloadArb(routeKey(route));
  return fc.record({ segments, query: queryString, payload }).map(({ segments: values, query, payload: p }) => {
    let i = 0;
    const path = route.url.replace(/:\w+|\*/g, () => shield(values[i++]!));
    return { path, query, payload: p };
  });
}

/** The callers' own accounts stay out of reach, so one phase cannot sign out the next. */
function shield(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return segment;
  }
  const asNumber = Number(decoded);
  return protectedIds.has(asNumber) || protectedIds.has(Number.parseInt(decoded, 10)) ? String(validIds[0]) : segment;
}

// ---------------------------------------------------------------------------------------------
// The run

let requests = 0;
const perRoute = new Map<string, number>();
/** Milliseconds spent per caller and route, to see where the run's time goes. */
const timePerRoute = new Map<string, number>();

async function send(route: { method: string; url: string }, caller: Caller, req: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (caller !== 'anonymous') {
    // Logging out ends the session it is sent with: give it one of its own.
    headers.authorization =
      routeKey(route) === 'POST /api/logout' ? `Bearer ${await createSession(db, actors[caller].user.id)}` : actors[caller].headers.authorization;
  }
  if (req.payload.contentType) headers['content-type'] = req.payload.contentType;
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: req.query ? `${req.path}?${req.query}` : req.path,
    headers,
    ...(req.payload.body !== undefined ? { payload: req.payload.body } : {}),
  };
  requests++;
  perRoute.set(routeKey(route), (perRoute.get(routeKey(route)) ?? 0) + 1);
  const start = performance.now();
  try {
    if (STREAM_ROUTES.includes(routeKey(route))) return await sendStreamed(options);
    return await app.inject(options);
  } finally {
    const key = `${caller} ${routeKey(route)}`;
    timePerRoute.set(key, (timePerRoute.get(key) ?? 0) + performance.now() - start);
  }
}

/** A stream's answer: an error is read whole; a stream that opened is closed at once, its body left empty. */
async function sendStreamed(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (res.statusCode >= 400) for await (const chunk of stream) body += String(chunk);
  else stream.destroy();
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
}

function checkAnswer(res: LightMyRequestResponse, label: string): void {
  const where = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(typeof body.error_code, where).toBe('string');
    expect(typeof body.message === 'string' && body.message.length > 0, where).toBe(true);
    if (body.errors !== undefined) {
      expect(typeof body.errors, where).toBe('object');
      for (const messages of Object.values(body.errors as object)) {
        expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string'), where).toBe(true);
      }
    }
  }
}

function passesGuard(route: (typeof fuzzedRoutes)[number], caller: Caller): boolean {
  if (route.access === 'public') return true;
  if (caller === 'anonymous') return false;
  if (route.access === 'authenticated') return true;
  const { user } = actors[caller];
  return route.access({ id: user.id, role: user.role, is_valid: user.isValid });
}

const callers: Caller[] = ['anonymous', 'membre', 'admin'];
const guardPasses = fuzzedRoutes.flatMap((route) => callers.map((caller) => passesGuard(route, caller)));
const refusedPairs = guardPasses.filter((passes) => !passes).length;
/** Runs of each (route, caller) pair that gets past the guard: its share of what the refusals leave of the budget. */
const runsThrough = Math.max(RUNS.refused, Math.ceil((RUNS.perPass - refusedPairs * RUNS.refused) / (guardPasses.length - refusedPairs)));

let propertyIndex = 0;
async function fuzz(caller: Caller): Promise<void> {
  for (const route of fuzzedRoutes) {
    const seed = baseSeed + propertyIndex++;
    const label = (req: FuzzRequest) => `${caller} ${route.method} ${req.path}${req.query ? `?${req.query.slice(0, 200)}` : ''} ${req.payload.contentType ?? ''} ${req.payload.body?.slice(0, 200) ?? ''}`;
    try {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (req) => checkAnswer(await send(route, caller, req), label(req))),
        { seed, numRuns: passesGuard(route, caller) ? runsThrough : RUNS.refused, endOnFailure: true },
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\nRejouer toute la série : FUZZ_SEED=${baseSeed}`, { cause: error });
    }
  }
}

/** What a visitor or a member can never change, whatever they send. */
async function privilegedState() {
  const before = victims.map((v) => v.id).concat([...protectedIds]);
  const rows = await db.select({ id: users.id, role: users.role, isValid: users.isValid, rejectedAt: users.rejectedAt, cvPath: users.cvPath }).from(users).orderBy(asc(users.id));
  return {
    accounts: rows.filter((r) => before.includes(r.id)),
    courses: await db.select().from(courses).orderBy(asc(courses.id)),
    meetings: await db.select().from(meetings).orderBy(asc(meetings.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

const started = Date.now();
const initialPrivileged = await privilegedState();

describe(`fuzzing every JSON endpoint (seed ${baseSeed})`, () => {
  it('covers every API route but the multipart ones, which exist', () => {
    const keys = app.apiRoutes.map(routeKey);
    for (const key of MULTIPART_ROUTES) expect(keys).toContain(key);
    expect(fuzzedRoutes.length).toBe(keys.length - MULTIPART_ROUTES.length);
  });

  it('answers a visitor without a 5xx, and with the JSON error body', async () => {
    await fuzz('anonymous');
  }, 600_000);

  it('answers a member without a 5xx, and with the JSON error body', async () => {
    await fuzz('membre');
  }, 600_000);

  it('let neither the visitor nor the member change anything they may not', async () => {
    const now = await privilegedState();
    // Enrolments and saves do not touch courses; profile edits do not touch role or approval.
    expect(now).toEqual(initialPrivileged);
    const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([{ id: actors.admin.user.id }]);
    const [member] = await db.select().from(users).where(eq(users.id, actors.membre.user.id));
    expect(member).toMatchObject({ role: 'membre', isValid: true });
    const signedUpTrainers = await db.select({ id: users.id, isValid: users.isValid }).from(users).where(eq(users.role, 'formateur'));
    for (const t of signedUpTrainers) if (!victims.some((v) => v.id === t.id)) expect(t.isValid).toBe(false);
  });

  it('answers an administrator without a 5xx, and with the JSON error body', async () => {
    await fuzz('admin');
  }, 600_000);

  it(`made at least ${RUNS.minimum.toLocaleString('en')} requests, on every route`, () => {
    const seconds = (Date.now() - started) / 1000;
    const slowest = [...timePerRoute].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`);
    console.info(`fuzz (${testEngine}): ${requests} requests on ${fuzzedRoutes.length} routes in ${seconds.toFixed(1)} s, seed ${baseSeed}; slowest: ${slowest.join(', ')}`);
    expect(requests).toBeGreaterThanOrEqual(RUNS.minimum);
    for (const route of fuzzedRoutes) expect(perRoute.get(routeKey(route)) ?? 0, routeKey(route)).toBeGreaterThanOrEqual(3 * RUNS.refused);
  });

  it('stored nothing invalid', async () => {
    const allUsers = await db.select().from(users);
    for (const u of allUsers) {
      const label = `user ${u.id}`;
      expect(roles, label).toContain(u.role);
      expect(u.email.length, label).toBeGreaterThan(0);
      expect(u.email, label).toBe(u.email.trim().toLowerCase());
      expect(u.email, label).toMatch(/^[^\s@]+@[^\s@]+$/);
      expect(u.firstname.trim().length, label).toBeGreaterThan(0);
      expect(u.lastname.trim().length, label).toBeGreaterThan(0);
      expect(`${u.firstname}${u.lastname}`, label).not.toMatch(/[\u0000-\u001f\u007f]/);
      if (u.gender !== null) expect(['female', 'male'], label).toContain(u.gender);
      if (u.birthdate !== null) expect(isPastBirthdate(u.birthdate), `${label} ${u.birthdate}`).toBe(true);
      if (u.phoneNumber !== null) expect(isPlausiblePhone(u.phoneNumber), `${label} ${u.phoneNumber}`).toBe(true);
      // The admin search reads this column: it must follow every change of name or email.
      expect(u.searchText, label).toBe(normalizeSearch(`${u.firstname} ${u.lastname} ${u.email}`));
    }
    for (const c of await db.select().from(courses)) {
      expect(c.priceCents, `course ${c.id}`).toBeGreaterThan(0);
      if (c.discountPriceCents !== null) {
        expect(c.discountPriceCents).toBeGreaterThan(0);
        expect(c.discountPriceCents).toBeLessThan(c.priceCents);
      }
    }
    // No session survives its user, and a disabled member or organisation has none.
    const orphanSessions = await db.select({ id: sessions.id }).from(sessions).leftJoin(users, eq(users.id, sessions.userId)).where(isNull(users.id));
    expect(orphanSessions).toEqual([]);
    const sessionsOfDisabled = await db
      .select({ id: sessions.id, role: users.role, isValid: users.isValid })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId));
    expect(sessionsOfDisabled.filter((s) => !s.isValid && (s.role === 'membre' || s.role === 'organisme'))).toEqual([]);
    for (const m of await db.select().from(meetings)) expect(m.url.startsWith(`https://${config.jitsiDomain}/`)).toBe(true);
    // Deleted users and courses took their files with them; nothing else is in the folder.
    expect(await uploadsListing(storage)).toEqual(await referencedFiles(db));
  });
});
