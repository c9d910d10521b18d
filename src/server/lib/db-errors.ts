/**
 * What a database error means, read the same way for PGlite and pg. Drizzle wraps the driver's
 * error in `cause` (DrizzleQueryError), and a transaction may wrap it again, so every check reads
 * the whole cause chain.
 */

type ChainLink = { code?: unknown; message?: unknown; query?: unknown; params?: unknown; severity?: unknown } & Partial<Record<SqlField, unknown>>;

/** The error and the errors it wraps, outermost first (a few levels: a cycle cannot loop). */
function* causeChain(error: unknown): Generator<ChainLink> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as ChainLink;
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL's unique_violation (SQLSTATE 23505), wherever the driver or Drizzle nested it. */
export function isUniqueViolation(error: unknown): boolean {
  for (const link of causeChain(error)) if (link.code === '23505') return true;
  return false;
}

/** Network failures reaching the database server. */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's own messages for a connection that broke, stalled or never came up (they carry no code, nor any value). */
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Connection failures of pg (and PGlite being closed) mean "try again later", not a bug, and an
 * outage while they last. SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server
 * shutting down or starting; 53300 is "too many connections".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08...$|^57P0[123]$|^53300$/.test(code))) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
  }
  return false;
}

/**
 * A statement stopped by one of the time limits of decision 016: 57014 statement_timeout, 55P03
 * lock_timeout, 25P03 idle_in_transaction_session_timeout. "Try again later" too, but the database
 * answered: this request was too slow, the database is not down.
 */
export function isDatabaseTimeLimit(error: unknown): boolean {
  for (const { code } of causeChain(error)) if (code === '57014' || code === '55P03' || code === '25P03') return true;
  return false;
}

/** The database's disk is full (SQLSTATE 53100 disk_full, as PGlite and PostgreSQL report it). */
export function isDiskFull(error: unknown): boolean {
  for (const { code } of causeChain(error)) if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
  return false;
}

/** The fields of a PostgreSQL error that name things (constraint, table…) but never hold a value. */
const sqlFields = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
type SqlField = (typeof sqlFields)[number];

/**
 * What may be logged of an error that came out of the database: the SQLSTATE and the names of
 * what failed. Null when the error did not come from a statement. The SQL text, its parameters,
 * and the server's message and detail ('Key (email)=(…) already exists') are left out: they
 * carry the values of the request (decision 016).
 */
export function databaseErrorFields(error: unknown): Partial<Record<SqlField, string>> | null {
  let fromStatement = false;
  const fields: Partial<Record<SqlField, string>> = {};
  for (const link of causeChain(error)) {
    if (typeof link.query === 'string' || Array.isArray(link.params)) fromStatement = true;
    if (typeof link.severity === 'string' && typeof link.code === 'string' && /^[0-9A-Z]{5}$/.test(link.code)) {
      fromStatement = true;
      for (const name of sqlFields) {
        const value = link[name];
        if (typeof value === 'string' && fields[name] === undefined) fields[name] = value;
      }
    }
  }
  return fromStatement ? fields : null;
}

/** A short, value-free description of why the database is unavailable, for the outage log line. */
export function unavailabilityReason(error: unknown): string {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string' && code !== '') return code;
    if (typeof message === 'string' && unavailableMessages.test(message)) return unavailableMessages.exec(message)![0];
  }
  return 'inconnue';
}
