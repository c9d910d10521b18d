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
