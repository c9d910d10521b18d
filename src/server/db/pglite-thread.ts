import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { KeepPrepared } from './pglite-statements';
import { fromWireError, type WireQueryOptions, type WorkerOptions, type WorkerRequest, type WorkerResponse } from './pglite-protocol';

/** Spreads a request type over its union, so that each op keeps its own fields once `id` is left out. */
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** What Drizzle's PGlite driver calls on a client or on a transaction. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions & KeepPrepared): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** Drizzle passes identity parsers only, to keep dates and intervals as text: their type OIDs are enough to rebuild them. */
function wireOptions(options: (QueryOptions & KeepPrepared) | undefined): WireQueryOptions {
  return {
    rowMode: options?.rowMode,
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    keepPrepared: options?.keepPrepared,
  };
}

/**
 * Starts the worker: the compiled module beside the bundle in dist/server, or, under tsx or
 * Vitest, its TypeScript source through tsx's API (Node 20 does not pass tsx's loader on to threads).
 */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options });
  const source = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${source}, ${source}))`, { eval: true, workerData: options });
}

/**
 * PGlite running in a worker thread (decision 030), with the part of PGlite's API that Drizzle
 * uses. A transaction holds the database until it ends, as in PGlite itself: queries outside it
 * wait in the worker.
 */
export class PgliteThread implements PgliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #lastId = 0;
  #closed = false;
  #answers = 0;

  constructor(options: WorkerOptions) {
    this.#worker = startWorker(options);
    this.#worker.on('message', (response: WorkerResponse) => {
      this.#answers++;
      const pending = this.#pending.get(response.id);
      this.#pending.delete(response.id);
      if (response.ok) pending?.resolve(response.result);
      else pending?.reject(fromWireError(response.error));
    });
    // The thread failing (its files unreadable, say) ends every request under way; db-errors.ts reads this message as "unavailable".
    const fail = (reason: string) => {
      this.#closed = true;
      for (const pending of this.#pending.values()) pending.reject(new Error(`PGlite is closed: ${reason}`));
      this.#pending.clear();
    };
    this.#worker.on('error', (error) => fail(error.message));
    this.#worker.on('exit', (code) => fail(`thread exited with code ${code}`));
  }

  /** Statements answered so far, whatever their outcome: the readiness check reads whether the thread progresses. */
  get answers(): number {
    return this.#answers;
  }

  #send(request: Request): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#send({ op: 'query', sql, params, options: wireOptions(options) }) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** Commits when `callback` resolves, rolls back when it throws or calls `rollback()`. */
  async transaction<T>(callback: (tx: PgliteClient & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const txId = (await this.#send({ op: 'begin' })) as number;
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.#send({ op: 'end', tx: txId, commit });
    };
    const tx = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#send({ op: 'query', sql, params, options: wireOptions(options), tx: txId }) as Promise<Results<R>>,
      exec: (sql: string) => this.#send({ op: 'exec', sql, tx: txId }) as Promise<Results[]>,
      rollback: () => end(false),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The callback's error is the one that matters; a failed rollback means the thread is gone anyway.
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  /** PGlite writes its files, then the thread stops. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#send({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
