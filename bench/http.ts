import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { verifyPassword, hashPassword } from '../src/server/lib/passwords';
import { createSession, sessionParams } from '../src/server/lib/sessions';
import { profileBySessionStatement } from '../src/server/modules/profile/profile.service';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { normalizeSearch } from '../src/shared/text';
import { measureThroughput } from './lib';

const CONNECTIONS = 8;
const PASSWORD = 'Motdepasse1';

let passwordHash: Promise<string> | undefined;
/** One argon2id hash of the bench's password, for every account and every baseline: a hash costs as much as a check. */
function benchPasswordHash(): Promise<string> {
  return (passwordHash ??= hashPassword(PASSWORD));
}

/** Serves a bare Fastify app (no plugin, no hook, no schema) with the routes `register` adds, on a free port, while `measure` runs against it. */
async function withBareApp(register: (app: FastifyInstance) => void, measure: (origin: string) => Promise<number>): Promise<number> {
  const bare = Fastify();
  register(bare);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const { port } = bare.server.address() as AddressInfo;
  try {
    return await measure(`http://127.0.0.1:${port}`);
  } finally {
    await bare.close();
  }
}

/**
 * A bare Fastify route (no plugin, no hook, no schema) running the very statement of GET
 * /api/user/profile, with the same parameters, and answering its row: issue 30 asks the profile
 * read at 80 % of "the same primary-key select on the same driver", so the ratio weighs only what
 * the application adds around it (hooks, the token's check, the response's writing).
 */
export async function barePkSelectThroughput(database: Database, seconds: number): Promise<number> {
  const user = await benchUser(database, `pk-bench-${Date.now()}@exemple.fr`);
  const params = sessionParams(await createSession(database.db, user.id));
  const bySession = profileBySessionStatement(database.db);
  if (!(await bySession.execute(params))[0]) throw new Error('route nue : la session du banc ne se lit pas');
  return withBareApp(
    (bare) => bare.get('/bare-pk', async () => (await bySession.execute(params))[0]),
    (origin) => measureThroughput({ url: `${origin}/bare-pk`, connections: CONNECTIONS, seconds }),
  );
}

/** argon2id verifications per second with the same concurrency: the cost a login cannot avoid. */
export async function rawArgonVerifyThroughput(seconds: number): Promise<number> {
  const hash = await benchPasswordHash();
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        await verifyPassword(hash, PASSWORD);
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * POST /api/login with nothing of the application: a bare Fastify route (no plugin, no hook, no
 * schema) that reads the same JSON body and verifies its password against an argon2id hash with the
 * same parameters. The raw verify pays neither HTTP nor the load generator; against this route the
 * login's ratio weighs only what it adds itself: limits, session, hooks, validation (decision 085).
 */
export async function bareArgonRouteThroughput(seconds: number): Promise<number> {
  const hash = await benchPasswordHash();
  return withBareApp(
    (bare) => bare.post('/bare-login', async (request) => ({ ok: await verifyPassword(hash, (request.body as { password: string }).password) })),
    (origin) =>
      measureThroughput({
        url: `${origin}/bare-login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        nextBody: () => JSON.stringify({ email: 'login-bench@exemple.fr', password: PASSWORD, remember: false }),
        connections: CONNECTIONS,
        seconds,
      }),
  );
}

async function benchUser(database: Database, email: string) {
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: await benchPasswordHash(),
      firstname: 'Camille',
      lastname: 'Martin',
      role: 'membre',
      isValid: true,
      gender: 'female',
      birthdate: '1990-05-17',
      searchText: normalizeSearch(`Camille Martin ${email}`),
    })
    .returning();
  return user!;
}

/**
 * Sign-ins per second, rotating over one account per connection: attempts in flight on one account
 * count against its lockout until their password is checked (decision 012), and would answer 423.
 */
export async function loginThroughput(database: Database, url: string, seconds: number): Promise<number> {
  const run = Date.now();
  const emails = Array.from({ length: CONNECTIONS }, (_, i) => `login-bench-${run}-${i}@exemple.fr`);
  for (const email of emails) await benchUser(database, email);
  let next = 0;
  return measureThroughput({
    url: `${url}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    nextBody: () => JSON.stringify({ email: emails[next++ % emails.length], password: PASSWORD, remember: false }),
    connections: CONNECTIONS,
    seconds,
  });
}

export async function profileThroughput(database: Database, url: string, seconds: number): Promise<number> {
  const user = await benchUser(database, `profile-bench-${Date.now()}@exemple.fr`);
  const token = await createSession(database.db, user.id);
  return measureThroughput({
    url: `${url}/api/user/profile`,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    seconds,
  });
}
