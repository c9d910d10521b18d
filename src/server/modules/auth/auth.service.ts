import { eq, sql } from 'drizzle-orm';
import type { AccountUser, LoginResponse } from '../../../shared/auth';
import type { SignupData, SignupResponse } from '../../../shared/signup';
import { IP_FAILURES_PER_MINUTE, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS, SIGNUP_WINDOW_MS } from '../../../shared/constants';
import { isDisabledAccount } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { announcePendingInvitations, assertSiretFree, invitationProvesAddress, isSiretViolation, saveOrganisation, siretTaken, type OrganisationInput } from '../organisations';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { queueEmailConfirmation } from './email-confirmation';
import { ASYNC_COMMIT, countHit, forgiveHitStatements, hitStatement, rateKeys } from '../../lib/rate-limits';
import { userSearchText } from '../../lib/search-text';
import { createSession, newSession } from '../../lib/sessions';
import { preparedPerDatabase, prepareSql } from '../../lib/prepared';

const IP_WINDOW_SECONDS = 60;
const LOCKOUT_WINDOW_SECONDS = LOCKOUT_WINDOW_MS / 1000;
const SIGNUP_WINDOW_SECONDS = SIGNUP_WINDOW_MS / 1000;

const accountColumns = {
  id: users.id,
  role: users.role,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  is_valid: users.isValid,
  emailConfirmedAt: users.emailConfirmedAt,
};

/** The account as login and signup answer it. */
function toAccountUser({ emailConfirmedAt, ...row }: { emailConfirmedAt: Date | string | null } & Omit<AccountUser, 'email_confirmed'>): AccountUser {
  return { ...row, email_confirmed: emailConfirmedAt !== null };
}

/**
 * Creates the account and its first session in one transaction. The attempt is counted on the
 * address's signup limit first, and a taken e-mail is refused before any hashing: neither a
 * signup script nor a list of known e-mails can make the server spend argon2 hashes for nothing.
 * The unique index decides between concurrent signups with one email: exactly one wins, the
 * others get 409. The "confirmez votre adresse" e-mail is queued in the same transaction.
 * An organisation (decision 025) has no gender nor birth date: its details are written in the
 * same transaction, its SIRET refused before hashing when another organisation holds it.
 */
export async function signup(db: Db, data: SignupData, ip: string, limitPerAddress: number): Promise<SignupResponse> {
  if ((await countHit(db, rateKeys.signupAddress(ip), SIGNUP_WINDOW_SECONDS)) > limitPerAddress) {
    throw new AppError('too_many_attempts', 429);
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
  if (taken) throw AppError.emailTaken();
  const organisation = data.role === 'organisme' ? (data as SignupData & OrganisationInput) : null;
  if (organisation) await assertSiretFree(db, organisation.siret);
  const passwordHash = await hashPassword(data.password);
  try {
    return await db.transaction(async (tx) => {
      // Opened from an organisation's invitation to this very address: the link proved the mailbox (issue 25).
      const provenByInvitation = data.role === 'membre' && data.invitation_token !== undefined && (await invitationProvesAddress(tx, data.invitation_token, data.email));
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
          gender: organisation ? null : data.gender,
          birthdate: organisation ? null : data.birthdate,
          phoneNumber: data.phone_number,
          country: data.country,
          speciality: data.speciality,
          cin: data.cin,
          searchText: userSearchText(data),
          emailConfirmedAt: provenByInvitation ? new Date() : null,
        })
        .returning(accountColumns);
      if (organisation) await saveOrganisation(tx, user!.id, organisation, data.email);
      // Signing in does not wait for it (decision 021): the banner asks until the link is opened; an invitation's link needs none.
      if (!provenByInvitation) await queueEmailConfirmation(tx, user!);
      else await announcePendingInvitations(tx, user!.id);
      const accessToken = await createSession(tx as unknown as Db, user!.id);
      return { accessToken, user: toAccountUser(user!) };
    });
  } catch (error) {
    if (isSiretViolation(error)) throw siretTaken();
    if (isUniqueViolation(error)) throw AppError.emailTaken();
    throw error;
  }
}

interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/** One row of the login statement: both counters after this attempt, and the account if any. */
interface LoginRow extends Record<string, unknown> {
  ip_hits: number;
  /** Null when the address was over its limit (the e-mail's counter is then left alone). */
  email_hits: number | null;
  id: number | null;
  role: AccountUser['role'];
  firstname: string;
  lastname: string;
  email: string;
  is_valid: boolean;
  email_confirmed_at: string | Date | null;
  password_hash: string;
}

/**
 * The two statements of a login, prepared once per database (planning them cost more than running
 * them, on PGlite most of all). Both commit without waiting for the disk (`ASYNC_COMMIT`): a crash
 * of the database server may forget the last attempts counted or a session just opened, never
 * anything else.
 */
const loginStatements = preparedPerDatabase((db: Db) => ({
  /**
   * Counts this attempt on the address's counter and, when the address is under its limit, on the
   * e-mail's counter, and reads the account.
   */
  attempt: prepareSql<LoginRow>(
    db,
    'ecoforma_login_attempt',
    sql`with ip_hit as (${hitStatement(sql.placeholder('ipKey'), IP_WINDOW_SECONDS)}),
    email_hit as (${hitStatement(
      sql.placeholder('emailKey'),
      LOCKOUT_WINDOW_SECONDS,
      sql`select ${sql.placeholder('emailKey')}::text, 1, now() from ip_hit where ip_hit.hits <= ${sql.raw(String(IP_FAILURES_PER_MINUTE))}`,
    )})
    select (select hits from ip_hit) as ip_hits, (select hits from email_hit) as email_hits,
      u.id, u.role, u.firstname, u.lastname, u.email, u.is_valid, u.email_confirmed_at, u.password_hash, ${ASYNC_COMMIT}
    from (select 1) as one left join ${users} u on u.email = ${sql.placeholder('email')}`,
  ),
  /** The right password on a disabled account: the e-mail's failures forgotten, the address's attempt given back. */
  forgive: prepareSql(db, 'ecoforma_login_forgive', sql`with ${forgiveHitStatements(sql.placeholder('emailKey'), sql.placeholder('ipKey'))} select ${ASYNC_COMMIT}`),
  /** The right password: the e-mail's failures forgotten, the address's attempt given back, and the session opened. */
  success: prepareSql(
    db,
    'ecoforma_login_success',
    sql`with ${forgiveHitStatements(sql.placeholder('emailKey'), sql.placeholder('ipKey'))}
    insert into ${sessions} (user_id, token_hash, expires_at)
    values (${sql.placeholder('userId')}, ${sql.placeholder('tokenHash')}, ${sql.placeholder('expiresAt')})
    returning ${ASYNC_COMMIT}`,
  ),
}));

/**
 * Signs in. The attempt is counted before the argon2 verify, so concurrent guesses can never get
 * more verifies than the limits allow (decision 012). A right password gives its attempt back. The
 * e-mail's counter exists whether or not an account does, so an unknown e-mail is locked after as
 * many tries as a real one, and costs a verify too: neither the answer nor its timing tells which
 * e-mails exist.
 */
export async function login(db: Db, input: LoginInput, ip: string): Promise<LoginResponse> {
  const keys = { ipKey: rateKeys.loginAddress(ip), emailKey: rateKeys.loginEmail(input.email) };
  const statements = loginStatements(db);
  const { rows } = await statements.attempt.execute({ ...keys, email: input.email });
  const row = rows[0]!;

  // A school behind one address may fail 20 times a minute; a password-guessing script may not.
  if (Number(row.ip_hits) > IP_FAILURES_PER_MINUTE) throw new AppError('too_many_attempts', 429);
  // Checked before the password, so guessing on a locked account teaches nothing.
  if (Number(row.email_hits) > LOCKOUT_FAILURES) throw new AppError('account_locked', 423);

  if (row.id === null) {
    await burnPasswordCheck(input.password);
    throw new AppError('invalid_credentials', 401);
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw new AppError('invalid_credentials', 401);

  const account: AccountUser = {
    id: row.id,
    role: row.role,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    is_valid: row.is_valid,
    email_confirmed: row.email_confirmed_at !== null,
  };
  // Only someone who knows the password learns that the account is disabled (its attempt is given
  // back all the same: the password was right).
  if (isDisabledAccount(account)) {
    await statements.forgive.execute(keys);
    throw new AppError('account_disabled', 403);
  }

  const { token, tokenHash, expiresAt } = newSession(input.remember);
  await statements.success.execute({ ...keys, userId: account.id, tokenHash, expiresAt });
  return { accessToken: token, user: account };
}
