import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Statements prepared once per database and reused: building a Drizzle query costs more CPU than
 * PostgreSQL spends answering the small ones every request runs. `prepare` gets called the first
 * time a database asks; the WeakMap lets a closed database (tests) take its statements with it.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = prepare(db)));
    return statements;
  };
}

/** A statement written in SQL, prepared by name; `execute` fills its `sql.placeholder`s. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

/**
 * Prepares by name a statement the query builder cannot write (upserts in a CTE, say), as
 * `.prepare(name)` does for the others: PostgreSQL plans it once per connection and PGlite keeps it
 * (decision 032). Its parameters are `sql.placeholder`s; a value written in the text is part of it.
 */
export function prepareSql<Row>(db: Db, name: string, query: SQL): PreparedSql<Row> {
  const internals = db as unknown as {
    dialect: { sqlToQuery(query: SQL): unknown };
    session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): PreparedSql<Row> };
  };
  return internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false);
}
