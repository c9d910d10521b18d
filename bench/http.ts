import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { verifyPassword, hashPassword } from '../src/server/lib/passwords';
import { createSession } from '../src/server/lib/sessions';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { normalizeSearch } from '../src/shared/text';
import { measureThroughput } from './lib';

const CONNECTIONS = 8;

/**
 * A bare Fastify route running one primary-key SELECT through the same database handle (the same
 * driver and pool as the API): the floor of an authenticated read (issue 16, goal 2).
 */
export async function barePkSelectThroughput(database: Database, seconds: number): Promise<number> {
  const user = await benchUser(database, `pk-bench-${Date.now()}@exemple.fr`);
  const byId = database.db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, is_valid: users.isValid })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('bench_pk_select');
  const bare = Fastify();
  bare.get('/bare-pk', async () => (await byId.execute({ id: user.id }))[0]);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const { port } = bare.server.address() as AddressInfo;
  try {
    return await measureThroughput({ url: `http://127.0.0.1:${port}/bare-pk`, connections: CONNECTIONS, seconds });
  } finally {
    await bare.close();
  }
}

/** argon2id verifications per second with the same concurrency: the cost a login cannot avoid. */
export async function rawArgonVerifyThroughput(seconds: number): Promise<number> {
  const hash = await hashPassword('Motdepasse1');
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        await verifyPassword(hash, 'Motdepasse1');
        done++;
      }
    }),
  );
  return done / seconds;
}

async function benchUser(database: Database, email: string) {
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword('Motdepasse1'),
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
    nextBody: () => JSON.stringify({ email: emails[next++ % emails.length], password: 'Motdepasse1', remember: false }),
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
