import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time, next to this module: src/server/db when run from the
 * sources (tests, tsx), dist/server once bundled, where the build copies them (decision 026).
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
export const demoFilesDir = fileURLToPath(new URL('./demo', import.meta.url));
