import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * A test database handed from one test file to the next of the same worker (decision 073): on
 * PGlite, a copy of the template, which costs half a second of CPU to open; on PostgreSQL, a
 * database cloned from the template, whose DROP waits for a checkpoint. Emptying one back to the
 * template's rows takes a few hundredths of a second.
 */

/** One connection to the database to reset: PGlite itself, or a node-postgres client. */
export interface SqlSession {
  rows<T>(sql: string): Promise<T[]>;
  /** Runs statements separated by semicolons. */
  run(sql: string): Promise<void>;
}

export function pgliteSession(pglite: PGlite): SqlSession {
  return {
    rows: async <T>(sql: string) => (await pglite.query<T>(sql)).rows,
    run: async (sql) => {
      await pglite.exec(sql);
    },
  };
}

export function postgresSession(client: pg.Client): SqlSession {
  return {
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    run: async (sql) => {
      await client.query(sql);
    },
  };
}

/**
 * What a test database holds when fresh from the template: the fingerprint of its schema and
 * settings, and the SQL that brings its rows and sequences back there.
 */
export interface TemplateState {
  fingerprint: string;
  resetSql: string;
}

/** The schemas the migrations own; drizzle's keeps the applied migrations, which no test changes. */
const OWN_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

/**
 * Everything a test could change besides rows: tables, columns, constraints, triggers, functions,
 * schemas, extensions, roles and the session's settings. Two copies with the same fingerprint
 * answer the same SQL the same way once their rows are the same.
 */
const FINGERPRINT_SQL = `
select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
  select concat_ws(' ', 'rel', n.nspname, c.relname, c.relkind) as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${OWN_SCHEMAS}
  union all
  select concat_ws(' ', 'col', c.oid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${OWN_SCHEMAS} and a.attnum > 0 and not a.attisdropped
  union all
  select concat_ws(' ', 'con', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${OWN_SCHEMAS}
  union all
  select concat_ws(' ', 'trg', t.tgrelid::regclass, t.tgname, t.tgenabled) from pg_trigger t
  union all
  select concat_ws(' ', 'fn', p.oid::regprocedure, md5(p.prosrc))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${OWN_SCHEMAS}
  union all
  select concat_ws(' ', 'ns', nspname) from pg_namespace where nspname not like 'pg\\_temp%' and nspname not like 'pg\\_toast\\_temp%'
  union all
  select concat_ws(' ', 'ext', extname, extversion) from pg_extension
  union all
  select concat_ws(' ', 'role', rolname) from pg_roles
  union all
  select concat_ws(' ', 'set', name, setting) from pg_settings where source not in ('default', 'override')
) items`;

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The SQL that brings a database's rows and sequences back to what they are now: every table
 * emptied, then given back the rows it holds at this moment, every sequence put back where it stands.
 */
export async function readRowsRestore(session: SqlSession): Promise<string> {
  const tables = await session.rows<{ name: string; columns: string }>(`
    select c.oid::regclass::text as name,
           string_agg(quote_ident(a.attname), ', ' order by a.attnum) filter (where a.attgenerated = '') as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p') and ${OWN_SCHEMAS}
     group by c.oid`);
  const restores: string[] = [];
  for (const table of tables) {
    const [{ json }] = (await session.rows<{ json: string | null }>(`select json_agg(t)::text as json from ${table.name} t`)) as [{ json: string | null }];
    if (json) {
      restores.push(
        `insert into ${table.name} (${table.columns}) overriding system value select ${table.columns} from json_populate_recordset(null::${table.name}, ${quoteLiteral(json)});`,
      );
    }
  }
  const sequences = await session.rows<{ name: string; last_value: string | null; start_value: string }>(`
    select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text, start_value::text from pg_sequences`);
  const setvals = sequences.map((s) => (s.last_value === null ? `select setval('${s.name}', ${s.start_value}, false);` : `select setval('${s.name}', ${s.last_value}, true);`));
  return [
    // Foreign keys and triggers are off while the rows go and come back: any order will do, and the
    // counters triggers keep are restored with the other rows instead of counted down.
    'set session_replication_role = replica;',
    ...tables.map((table) => `delete from ${table.name};`),
    ...restores,
    ...setvals,
    'set session_replication_role = default;',
  ].join('\n');
}

/**
 * Reads a database fresh from the template into the state its later users are brought back to:
 * its rows and sequences as the template made them, and nothing a file left on the connection.
 */
export async function readTemplateState(session: SqlSession): Promise<TemplateState> {
  const [{ fingerprint }] = (await session.rows<{ fingerprint: string }>(FINGERPRINT_SQL)) as [{ fingerprint: string }];
  const resetSql = [await readRowsRestore(session), 'discard temp;', 'unlisten *;', 'select pg_advisory_unlock_all();'].join('\n');
  return { fingerprint, resetSql };
}

/** A reset takes hundredths of a second: one still running after this is stuck behind a test's lock. */
const RESET_TIMEOUT_MS = 5_000;

/**
 * Brings a used database back to the template's state, ending any transaction left open, and with
 * `vacuum` reclaims the rows deleted so far (nothing else does on PGlite). False
 * when it cannot be: a test changed its schema or a setting, or left it busy (a PGlite transaction
 * that never returns holds its lock; a PostgreSQL connection left open may hold row locks).
 */
export async function resetToTemplate(session: SqlSession, template: TemplateState, options: { vacuum?: boolean } = {}): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RESET_TIMEOUT_MS);
  });
  const reset = (async () => {
    try {
      // A transaction a test began and never ended (outside it, only a warning nobody reads).
      await session.run('rollback');
      const [{ fingerprint }] = (await session.rows<{ fingerprint: string }>(FINGERPRINT_SQL)) as [{ fingerprint: string }];
      if (fingerprint !== template.fingerprint) return false;
      await session.run(template.resetSql);
      // On its own: VACUUM cannot run inside the implicit transaction of a multi-statement query.
      if (options.vacuum) await session.run('vacuum');
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([reset, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `pglite` for one test file: after `release`, every call fails as on a closed PGlite, so that
 * nothing a file left running can reach the next file's rows through it.
 */
export function leasePglite(pglite: PGlite): { client: PGlite; release(): void } {
  let released = false;
  const closed = async () => {
    throw new Error('PGlite is closed');
  };
  const client = new Proxy(pglite, {
    get(target, property) {
      if (property === 'closed') return released || target.closed;
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      // PGlite's methods read its private fields: they run on the instance, never on the proxy.
      return released ? closed : (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return {
    client,
    release() {
      released = true;
    },
  };
}
