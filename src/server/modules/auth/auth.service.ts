import { eq, sql } from 'drizzle-orm';
import type { AccountUser, LoginResponse, SignupData, SignupResponse } from '../../../shared/auth';
import { IP_FAILURES_PER_MINUTE, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from '../../../shared/constants';
import { errorMessages } from '../../../shared/errors';
import { isDisabledAccount } from '../../../shared/roles';
import { normalizeSearch } from '../../../shared/text';
import type { Db } from '../../db/client';
import { loginFailures, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { createSession } from '../../lib/sessions';

const IP_WINDOW_SECONDS = 60;
const LOCKOUT_WINDOW_SECONDS = LOCKOUT_WINDOW_MS / 1000;

/** `now() - N seconds` on the database's clock; N is one of our constants, never user input. */
function since(seconds: number) {
  return sql.raw(`now() - interval '${Math.trunc(seconds)} seconds'`);
}

/** PostgreSQL's unique_violation, wherever the driver or Drizzle nested it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function emailTakenError(field = 'email'): AppError {
  return new AppError('email_taken', 409, errorMessages.email_taken, { [field]: [errorMessages.email_taken] });
}

const accountColumns = {
  id: users.id,
  role: users.role,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  is_valid: users.isValid,
};

/**
 * Creates the account and its first session in one transaction. The unique index decides
 * between concurrent signups with one email: exactly one wins, the others get 409.
 */
export async function signup(db: Db, data: SignupData): Promise<SignupResponse> {
  const passwordHash = await hashPassword(data.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: data.email,
          passwordHash,
          firstname: data.firstname,
          lastname: data.lastname,
          role: data.role,
          // The server decides: only trainers wait for an administrator's approval.
          isValid: data.role !== 'formateur',
          gender: data.gender,
          birthdate: data.birthdate,
          phoneNumber: data.phone_number,
          country: data.country,
          speciality: data.speciality,
          cin: data.cin,
          searchText: normalizeSearch(`${data.firstname} ${data.lastname} ${data.email}`),
        })
        .returning(accountColumns);
      const accessToken = await createSession(tx as unknown as Db, user!.id);
      return { accessToken, user: user! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/** Prepared once per database: login runs this at every attempt (see lib/sessions.ts for why). */
function prepareStatements(db: Db) {
  return {
    /** The account (if any) and both failure counters, in one round trip. */
    account: db
      .select({
        ...accountColumns,
        passwordHash: users.passwordHash,
        ipFailures: sql<number>`(select count(*)::int from ${loginFailures} where ${loginFailures.ip} = ${sql.placeholder('ip')}
          and ${loginFailures.createdAt} > ${since(IP_WINDOW_SECONDS)})`,
        accountFailures: sql<number>`(select count(*)::int from ${loginFailures} where ${loginFailures.userId} = ${users.id}
          and ${loginFailures.createdAt} > ${since(LOCKOUT_WINDOW_SECONDS)})`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(users, eq(users.email, sql.placeholder('email')))
      .prepare('ecoforma_login_account'),
  };
}
const statementsByDb = new WeakMap<Db, ReturnType<typeof prepareStatements>>();
function statements(db: Db) {
  let prepared = statementsByDb.get(db);
  if (!prepared) statementsByDb.set(db, (prepared = prepareStatements(db)));
  return prepared;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * Signs in. The cost is the argon2 verify and nothing else: one query reads the account and
 * both failure counters, one writes the session (plus one to clear earlier failures, if any).
 * An unknown email costs a verify too, so timing tells nobody which emails exist.
 */
export async function login(db: Db, input: LoginInput, ip: string): Promise<LoginResponse> {
  const [row] = await statements(db).account.execute({ email: input.email, ip });

  // A school behind one address may fail 20 times a minute; a password-guessing script may not.
  if (Number(row!.ipFailures) >= IP_FAILURES_PER_MINUTE) throw new AppError('too_many_attempts', 429);

  if (row!.id === null) {
    await burnPasswordCheck(input.password);
    await recordFailure(db, null, ip);
    throw new AppError('invalid_credentials', 401);
  }
  const account = row as typeof row & AccountUser & { passwordHash: string };

  // Checked before the password, so guessing on a locked account teaches nothing.
  if (Number(account.accountFailures) >= LOCKOUT_FAILURES) throw new AppError('account_locked', 423);

  if (!(await verifyPassword(account.passwordHash, input.password))) {
    await recordFailure(db, account.id, ip);
    throw new AppError('invalid_credentials', 401);
  }
  // Only someone who knows the password learns that the account is disabled.
  if (isDisabledAccount(account)) throw new AppError('account_disabled', 403);

  if (Number(account.accountFailures) > 0) await db.delete(loginFailures).where(eq(loginFailures.userId, account.id));
  const accessToken = await createSession(db, account.id, input.remember);
  return {
    accessToken,
    user: {
      id: account.id,
      role: account.role,
      firstname: account.firstname,
      lastname: account.lastname,
      email: account.email,
      is_valid: account.is_valid,
    },
  };
}

/** One failed attempt; the same statement drops this address's rows too old to count any more. */
async function recordFailure(db: Db, userId: number | null, ip: string): Promise<void> {
  await db.execute(sql`with pruned as (
      delete from ${loginFailures} where ${loginFailures.ip} = ${ip}
        and ${loginFailures.createdAt} < ${since(LOCKOUT_WINDOW_SECONDS)}
    )
    insert into ${loginFailures} (user_id, ip) values (${userId}, ${ip})`);
}
