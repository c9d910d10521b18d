import { parse, protocol, type ParserOptions, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** Statements kept prepared; past it the least recently used is closed (queries built with a varying IN list differ). */
export const MAX_CACHED_STATEMENTS = 500;

/** SQLSTATE of "cached plan must not change result type": a table under a kept statement changed shape. */
const CACHED_PLAN_CHANGED = '0A000';

const { serialize } = protocol;

function concat(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

interface Statement {
  name: string;
  /** The parameters' type OIDs, which choose each value's serializer. */
  paramTypes: number[];
}

type Query = PGlite['query'];

/**
 * Set on the query options of a statement the code prepared by name (Drizzle's `.prepare(name)`):
 * only those are kept, as node-postgres names only those. The others (a catalogue search, say) are
 * planned for their own values at each run: a plan kept for any value can be far slower for some.
 */
export interface KeepPrepared {
  keepPrepared?: boolean;
}

/**
 * Makes `pglite.query` (and a transaction's) keep the statements marked `keepPrepared` (decision 032).
 *
 * PGlite's own `query` parses and plans each statement again, in five calls into WebAssembly
 * (Parse, Describe, Bind, Describe, Execute): for the session-and-profile read, about 0.8 ms of
 * which 0.6 ms is planning. Drizzle's `.prepare(name)` names statements only on node-postgres. Here
 * such a statement is parsed once, under a name, and later runs are one call: Bind, Describe,
 * Execute, Sync. Installed on the instance, so that tests' in-process copies and the server's
 * thread both run their queries through it.
 */
export function cacheStatements(pglite: PGlite): PGlite {
  const statements = new Map<string, Statement>();
  let lastName = 0;
  const defaultQuery: Query = pglite.query.bind(pglite);

  /**
   * The parsers a statement's answer is read with: the caller's (Drizzle keeps dates and intervals
   * as text) over PGlite's. PGlite's `parseResults` merges the two by copying PGlite's 387 parsers at
   * every query, 0.1 ms each time: most of a kept statement's cost in the server's thread (a one-row
   * select, 168 → 68 µs of CPU there). Here an object whose prototype is PGlite's parsers is made
   * once per caller's parsers object (Drizzle's prepared queries and the thread keep theirs), and it
   * sees the parsers PGlite adds later (array types).
   */
  type Parsers = PGlite['parsers'];
  const parsersOver = new WeakMap<ParserOptions, Parsers>();
  function parsersFor(own: ParserOptions | undefined): Parsers {
    if (!own) return pglite.parsers;
    let merged = parsersOver.get(own);
    if (!merged) parsersOver.set(own, (merged = Object.assign(Object.create(pglite.parsers) as Parsers, own)));
    return merged;
  }

  async function send(messages: Uint8Array[], inTransaction: boolean) {
    // Outside a transaction PGlite writes its files after each query; inside, at COMMIT.
    return (await pglite.execProtocol(concat(messages), { syncToFs: !inTransaction })).messages;
  }

  async function close(statement: Statement, inTransaction: boolean) {
    await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()], inTransaction);
  }

  async function prepared(sql: string, options: QueryOptions | undefined, inTransaction: boolean): Promise<Statement> {
    const known = statements.get(sql);
    if (known) {
      // Most recently used last: the first entry is the one to close when the map is full.
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const name = `ecoforma_s${++lastName}`;
    const messages = await send([serialize.parse({ name, text: sql, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()], inTransaction);
    const description = messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    if (statements.size > MAX_CACHED_STATEMENTS) {
      const [oldestSql, oldest] = statements.entries().next().value!;
      statements.delete(oldestSql);
      await close(oldest, inTransaction);
    }
    return statement;
  }

  async function execute<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const statement = await prepared(sql, options, inTransaction);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[statement.paramTypes[i]!] ?? pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    // One call: an error skips the rest up to Sync, which leaves the connection ready for the next query.
    const messages = await send(
      [serialize.bind({ statement: statement.name, values: values as string[] }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()],
      inTransaction,
    );
    return parse.parseResults(messages, parsersFor(options?.parsers), { ...options, parsers: undefined })[0] as Results<T>;
  }

  async function run<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    if (pglite.closed) throw new Error('PGlite is closed');
    try {
      return await execute<T>(sql, params, options, inTransaction);
    } catch (error) {
      // A migration changed a table a kept statement reads: prepare it again, once (a transaction is aborted by then).
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED || inTransaction || !statements.has(sql)) throw error;
      const stale = statements.get(sql)!;
      statements.delete(sql);
      await close(stale, inTransaction);
      return execute<T>(sql, params, options, inTransaction);
    }
  }

  const cachedQuery = <T>(sql: string, params: unknown[] = [], options?: QueryOptions & KeepPrepared): Promise<Results<T>> => {
    // Unmarked statements take PGlite's own path, and so does a COPY, whose file travels beside the query.
    if (!options?.keepPrepared || options.blob) return defaultQuery<T>(sql, params, options);
    // The same two locks as PGlite's query: after any transaction under way, one query at a time.
    return pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run<T>(sql, params, options, false)));
  };

  const defaultTransaction = pglite.transaction.bind(pglite);
  const cachedTransaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    defaultTransaction((tx) => {
      // The transaction already holds the database: only the query lock is taken, as PGlite's own tx.query does.
      const query = <R>(sql: string, params: unknown[] = [], options?: QueryOptions & KeepPrepared): Promise<Results<R>> => {
        if (!options?.keepPrepared || options.blob) return tx.query<R>(sql, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return pglite._runExclusiveQuery(() => run<R>(sql, params, options, true));
      };
      return callback(Object.assign(Object.create(tx) as Transaction, { query }));
    });

  pglite.query = cachedQuery as Query;
  pglite.transaction = cachedTransaction as PGlite['transaction'];
  return pglite;
}
