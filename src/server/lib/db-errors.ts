/**
 * What a database error means, read the same way for PGlite and pg. Drizzle wraps the driver's
 * error in `cause` (DrizzleQueryError), and a transaction may wrap it again, so every check reads
 * the whole cause chain.
 */

/** The error and the errors it wraps, outermost first (a few levels: a cycle cannot loop). */
function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
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
/** pg's own messages for a connection that broke or never came up (they carry no code). */
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Connection failures of pg (and PGlite being closed) mean "try again later", not a bug.
 * SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server shutting down or
 * starting; 53300 is "too many connections".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08...$|^57P0[123]$|^53300$/.test(code))) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
  }
  return false;
}
