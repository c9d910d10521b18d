import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { testConfig, type Config, type DbTimeouts } from '../../src/server/config';
import { type Database } from '../../src/server/db/client';
import { openPostgres } from '../../src/server/db/postgres';
import { createDatabase, dropDatabase, POSTGRES_TEMPLATE_DB } from '../../src/server/test/database';
import { TcpProxy } from './tcp-proxy';

export interface ProxiedApp {
  app: FastifyInstance;
  database: Database;
  proxy: TcpProxy;
  /** The test database's address on the server itself, bypassing the proxy (to lock a table, say). */
  directUrl: string;
  close(): Promise<void>;
}

/**
 * The application on a fresh PostgreSQL database that it reaches through a TCP proxy the test can
 * cut or stall, while the shared PostgreSQL server keeps serving the other test files.
 */
export async function openProxiedApp(
  serverUrl: string,
  options: { timeouts?: Partial<DbTimeouts>; config?: Partial<Config>; logStream?: { write(line: string): void } } = {},
): Promise<ProxiedApp> {
  const dbName = `ecoforma_proxied_${randomBytes(5).toString('hex')}`;
  const directUrl = await createDatabase(serverUrl, dbName, POSTGRES_TEMPLATE_DB);
  const target = new URL(serverUrl);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start(0);
  const throughProxy = new URL(directUrl);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  const database = await openPostgres(throughProxy.toString(), { ...testConfig().dbTimeouts, ...options.timeouts });

  const dataDir = path.resolve('.tmp', `proxied-${randomBytes(5).toString('hex')}`);
  const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir: path.join(dataDir, 'no-web'), ...options.config });
  const app = await buildApp(config, database.db, options.logStream ? { logStream: options.logStream } : {});
  await app.ready();
  return {
    app,
    database,
    proxy,
    directUrl,
    async close() {
      await app.close();
      await proxy.stop();
      await database.close();
      await dropDatabase(serverUrl, dbName);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
