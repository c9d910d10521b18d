/**
 * The thread that owns PGlite (decision 030): its queries run here, so the API thread's event
 * loop keeps accepting connections and answering while the database works.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite-engine';
import type { KeepPrepared } from './pglite-statements';
import { toWireError, type WireQueryOptions, type WorkerOptions, type WorkerRequest, type WorkerResponse } from './pglite-protocol';

const options = workerData as WorkerOptions;
const db = await createPglite({ dataDir: options.dataDir });

/** Rejecting a transaction's callback with this makes PGlite roll it back; it never reaches the API thread. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  done: Promise<unknown>;
}
const transactions = new Map<number, OpenTransaction>();
let lastTransactionId = 0;

const identity = (value: unknown) => value;

/**
 * One parsers object per set of types kept as text, made once: the kept statements read their
 * answers with it over PGlite's own parsers, merged once per object (pglite-statements.ts).
 */
const rawParsers = new Map<string, Record<number, typeof identity>>();
function parsersKeepingAsText(rawTypes: number[]): Record<number, typeof identity> {
  const key = rawTypes.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(rawTypes.map((oid) => [oid, identity]))));
  return parsers;
}

function queryOptions(wire: WireQueryOptions): QueryOptions & KeepPrepared {
  const parsers = wire.rawTypes?.length ? parsersKeepingAsText(wire.rawTypes) : undefined;
  return { rowMode: wire.rowMode, parsers, keepPrepared: wire.keepPrepared };
}

/** The open transaction a request names, or the database itself (whose queries wait for any transaction to end). */
function target(txId: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction already ended');
  return open.tx;
}

/** Opens a transaction once PGlite is free, and keeps it open until `end` names it. */
function begin(): Promise<number> {
  return new Promise((resolveBegin, rejectBegin) => {
    const id = ++lastTransactionId;
    let begun = false;
    const done = db.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          begun = true;
          transactions.set(id, { tx, done, finish: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
          resolveBegin(id);
        }),
    );
    done.catch((error: unknown) => {
      if (!begun) rejectBegin(error);
    });
  });
}

async function end(txId: number, commit: boolean): Promise<null> {
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction already ended');
  transactions.delete(txId);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return null;
}

async function run(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.tx).query(request.sql, request.params, queryOptions(request.options));
    case 'exec':
      return target(request.tx).exec(request.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      // Writes the last pages to disk before the API process exits.
      await db.close();
      return null;
  }
}

parentPort!.on('message', (request: WorkerRequest) => {
  run(request).then(
    (result) => parentPort!.postMessage({ id: request.id, ok: true, result } satisfies WorkerResponse),
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: toWireError(error) } satisfies WorkerResponse),
  );
});
