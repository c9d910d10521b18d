import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

try {
  const config = loadConfig();
  // Opened before the application's modules load, so PGlite compiles its WebAssembly meanwhile.
  const opening = openDatabase(config);
  const { start } = await import('./start');
  await start(config, opening);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Échec du démarrage : ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
}
