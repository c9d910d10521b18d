import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { startOpeningDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';

try {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    // Several API processes sharing the port (decision 029): this one prepares, forks and supervises.
    const { runPrimary } = await import('./cluster');
    await runPrimary(config);
  } else {
    // Opened before the application's modules load, so PGlite's thread compiles its WebAssembly meanwhile.
    const opening = startOpeningDatabase(config);
    const { start } = await import('./start');
    // A worker of the cluster: its primary has already migrated, seeded and cleaned up.
    await start(config, opening, { prepared: cluster.isWorker });
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Échec du démarrage : ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
}
