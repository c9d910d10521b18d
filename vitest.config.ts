import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Suites that need the database: each file gets a fresh copy of a template the global setup migrates once. */
const onDatabase = {
  environment: 'node',
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The API tests beside each server feature. */
const server = { ...onDatabase, include: ['src/server/**/*.test.ts'] };
/** The cross-cutting suites apart from the product: security (tests/security) and reliability (tests/reliability). */
const suites = { ...onDatabase, include: ['tests/**/*.test.ts'] };

/**
 * Every suite on a database runs on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is
 * set. `npm run test:fast` runs the server, shared and web projects only.
 */
function onBothEngines(name: string, test: typeof server): TestProjectInlineConfiguration[] {
  const pglite: TestProjectInlineConfiguration = { extends: true, test: { ...test, name, env: { TEST_ENGINE: 'pglite' } } };
  if (!process.env.TEST_DATABASE_URL) return [pglite];
  return [pglite, { extends: true, test: { ...test, name: `${name}-postgres`, env: { TEST_ENGINE: 'postgres' } } }];
}

/** The API tests that store, serve or delete files, run once more on a real S3 server in process (s3rver). */
const onS3: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    ...onDatabase,
    name: 'server-s3',
    include: [
      'src/server/modules/trainers/trainers.test.ts',
      'src/server/modules/courses/courses.authoring.test.ts',
      'src/server/modules/courses/demo-seed.test.ts',
      'src/server/modules/admin/admin.test.ts',
      'src/server/lib/storage.test.ts',
      'tests/security/upload-attacks.test.ts',
    ],
    env: { TEST_ENGINE: 'pglite', TEST_STORAGE: 's3' },
  },
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      ...onBothEngines('server', server),
      { extends: true, test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      ...onBothEngines('tests', suites),
      onS3,
    ],
  },
});
