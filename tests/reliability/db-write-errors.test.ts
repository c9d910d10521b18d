import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/shared/errors';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser } from '../../src/server/test/factories';

/**
 * What the database answers when it cannot write (a full disk: SQLSTATE 53100, as PGlite reported
 * it on a full tmpfs) or stops a statement at a time limit (57014): the real error through the real
 * driver, raised by a trigger, on both engines. Either answers 503 in French, in one log line for
 * many requests, without a stack trace, and neither is logged as a database outage.
 */
const lines: string[] = [];
const { app, db } = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });

async function refuseUserUpdates(errcode: string, message: string) {
  await db.execute(sql.raw(`create or replace function test_refuse_write() returns trigger language plpgsql as $$ begin raise exception '${message}' using errcode = '${errcode}'; end $$`));
  await db.execute(sql.raw('create trigger test_refuse_write before update on users for each row execute function test_refuse_write()'));
}

afterEach(async () => {
  await db.execute(sql.raw('drop trigger if exists test_refuse_write on users'));
  lines.length = 0;
});

type Member = Awaited<ReturnType<typeof createUser>>;

/** The profile form's payload (as in profile.test.ts) with another first name. */
function updateProfile(user: Member, headers: Record<string, string>, firstName: string) {
  const payload = { firstName, lastName: user.lastname, phoneNumber: user.phoneNumber ?? '', email: user.email, birthDate: user.birthdate, gender: user.gender, meeting_date: null, meeting_url: null, is_valid: user.isValid };
  return app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload });
}

async function member() {
  const user = await createUser(db, { role: 'membre' });
  return { user, headers: await authHeader(db, user) };
}

function logged() {
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string; requests?: number; err?: unknown });
}

const outageLines = /Base de données (indisponible|toujours indisponible|de nouveau disponible)/;

describe('a database that cannot write', () => {
  it('answers 503 storage_unavailable to every write on a full disk, reads still 200, one log line without a stack', async () => {
    const { user, headers } = await member();
    await refuseUserUpdates('53100', 'could not extend file "base/5/1259": No space left on device');
    for (const name of ['Alice', 'Bérénice', 'Chloé']) {
      const res = await updateProfile(user, headers, name);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error_code: 'storage_unavailable', message: errorMessages.storage_unavailable });
    }
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);
    const problems = logged().filter((line) => line.level >= 40);
    expect(problems.map((line) => [line.level, line.msg, line.requests])).toEqual([[50, 'Disque de la base de données plein\u00a0: les écritures reçoivent 503', 1]]);
    expect(lines.join('\n')).not.toMatch(/"stack"|update "users"|Bérénice|unhandled error/);
  });

  it('answers a statement stopped by a time limit 503, logged once as too slow, never as an outage', async () => {
    const { user, headers } = await member();
    await refuseUserUpdates('57014', 'canceling statement due to statement timeout');
    for (const name of ['Alice', 'Bérénice']) {
      const res = await updateProfile(user, headers, name);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error_code: 'server_error', message: errorMessages.server_error });
    }
    const problems = logged().filter((line) => line.level >= 40);
    expect(problems.map((line) => [line.level, line.msg])).toEqual([[40, 'Requêtes arrêtées par une limite de temps de la base de données (trop lentes)\u00a0: 503']]);
    expect(lines.join('\n')).not.toMatch(outageLines);
  });

  it('writes again once the disk takes writes', async () => {
    const { user, headers } = await member();
    expect((await updateProfile(user, headers, 'Delphine')).statusCode).toBe(200);
  });
});
