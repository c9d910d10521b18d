/**
 * The messages between the API thread and the thread that owns PGlite (decision 030). Every
 * request carries an id; the worker answers each one once, with its result or its error.
 */

/**
 * How a statement's values come back; `rawTypes` are the type OIDs left as text (Drizzle's own dates
 * and intervals); `keepPrepared`, whether the thread keeps the statement prepared (decision 032).
 */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
  keepPrepared?: boolean;
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options: WireQueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Waits for the database to be free, then opens a transaction that only requests carrying its id reach. */
  | { id: number; op: 'begin' }
  /** Ends a transaction: committed, or rolled back. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error's message and PostgreSQL fields (code, constraint…), which a plain Error loses on the way. */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

export type WorkerResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WireError };

/** What the worker is given at start: where the files live (in memory when absent). */
export interface WorkerOptions {
  dataDir?: string;
}

/** The error's own string and number fields: SQLSTATE, constraint, table, position… */
export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** An Error carrying the same fields, so that db-errors.ts reads it as it reads PGlite's own. */
export function fromWireError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  return error;
}
