import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Suites that need the database: each file gets a fresh copy of a template the global setup migrates once. */
const onDatabase = {
  environment: 'node',
  globalSetup: ['src/server/test/global-setup.ts'],
  // A response schema that would drop a field the service returns fails the request.
  // Nor may two queries share one connection (pg 9 refuses it): the PostgreSQL pass throws there.
  setupFiles: ['src/server/test/strict-responses.ts', 'src/server/test/one-query-per-connection.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const defaultExclude = ['**/node_modules/**', '**/.git/**'];
type DatabaseSuite = typeof onDatabase & { include: string[]; exclude?: string[]; isolate?: boolean };
/** The attempt-limit suite counts on a fresh argon2 queue, which is module state: it runs isolated. */
const attemptLimits = 'src/server/modules/auth/attempt-limits.test.ts';
/**
 * The API tests beside each server feature. Each file builds its own app on its own database copy,
 * so the files of a worker share one module graph (isolate: false), which halves their time.
 */
const server = { ...onDatabase, include: ['src/server/**/*.test.ts'], exclude: [...defaultExclude, attemptLimits], isolate: false };
const serverIsolated = { ...onDatabase, include: [attemptLimits] };
/**
 * The cross-cutting suites apart from the product: security (tests/security) and reliability
 * (tests/reliability). Like the API tests, the files of a worker share one module graph: each
 * otherwise imported the whole server again, most of the project's time on a slow machine. The
 * maintenance suite builds apps in maintenance mode and runs isolated: it once hung sharing one.
 */
const maintenancePaths = 'tests/security/maintenance-paths.test.ts';
const suites = { ...onDatabase, include: ['tests/**/*.test.ts'], exclude: [...defaultExclude, maintenancePaths], isolate: false };
const suitesIsolated = { ...onDatabase, include: [maintenancePaths] };

/**
 * Every suite on a database runs on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is
 * set, but for `pgliteOnly`: suites about the API's own rules, which the engine does not change.
 * `npm run test:fast` runs the server, shared and web projects only.
 */
function onBothEngines(name: string, test: DatabaseSuite, pgliteOnly: string[] = []): TestProjectInlineConfiguration[] {
  const pglite: TestProjectInlineConfiguration = { extends: true, test: { ...test, name, env: { TEST_ENGINE: 'pglite' } } };
  if (!process.env.TEST_DATABASE_URL) return [pglite];
  const exclude = [...(test.exclude ?? defaultExclude), ...pgliteOnly];
  return [pglite, { extends: true, test: { ...test, exclude, name: `${name}-postgres`, env: { TEST_ENGINE: 'postgres' } } }];
}

/**
 * The files of the `server` project that open no database (pure functions, the in-memory lint of
 * the module boundaries, the file lock, the SPA plugin on a bare Fastify): what they test cannot
 * depend on the engine. The module boundaries test alone lints the server's sources, seconds of CI.
 * A file that starts opening a database must leave this list: the loop below refuses one that names
 * the test database helpers (src/server/test/database.ts, app.ts).
 */
const withoutDatabase = [
  'src/server/db/data-dir-lock.test.ts',
  'src/server/lib/csv.test.ts',
  'src/server/lib/db-errors.test.ts',
  'src/server/lib/db-outage-log.test.ts',
  'src/server/lib/early-requests.test.ts',
  'src/server/module-boundaries.test.ts',
  'src/server/modules/learning/markdown.test.ts',
  'src/server/modules/meetings/interview-invitation.test.ts',
  'src/server/plugins/spa.test.ts',
];
// The list's premise, checked where it is used: a file of it that came to open a database would
// otherwise silently lose its PostgreSQL pass.
for (const file of withoutDatabase) {
  if (/createTestApp|openTestDatabase|openScratchPostgres|TEST_DATABASE_URL|testEngine/.test(readFileSync(new URL(file, import.meta.url), 'utf8'))) {
    throw new Error(`${file} ouvre une base : retirez-le de withoutDatabase (vitest.config.ts), il doit tourner sur les deux moteurs.`);
  }
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
      'src/server/modules/learning/learning.media.test.ts',
      'src/server/modules/admin/admin.test.ts',
      'src/server/lib/storage.test.ts',
      'tests/security/upload-attacks.test.ts',
    ],
    env: { TEST_ENGINE: 'pglite', TEST_STORAGE: 's3' },
    // The same files share a module graph in the `server` project already; importing the server once
    // per worker instead of once per file saves seconds a file.
    isolate: false,
  },
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Both cores: Vitest's default leaves one free, which ran the files one at a time here.
    maxWorkers: 2,
    // Each project has its own module graph, so the server's sources were transformed once for each
    // of the eight projects that import them. Kept on disk, a transform is done once per run (and
    // reused by the next run while the file is unchanged): 513 → 450 s for the whole run starting
    // from an empty cache, as on a clean clone, with PostgreSQL (decision 063).
    experimental: { fsModuleCache: true, fsModuleCachePath: '.tmp/vitest-module-cache' },
    projects: [
      // The PGlite drivers' own tests open PGlite whatever the engine under test; the files of
      // `withoutDatabase` open no database at all, so a second pass would test the same thing again.
      ...onBothEngines('server', server, ['src/server/db/pglite-thread.test.ts', 'src/server/db/pglite-statements.test.ts', ...withoutDatabase]),
      ...onBothEngines('server-limits', serverIsolated),
      // Pure functions, no module state: one module graph per worker rather than a fresh one per file,
      // which cost a worker start and zod's import for each of these small files.
      { extends: true, test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node', isolate: false } },
      // The build's own scripts (chunking, preloads): pure functions too, sharing a module graph likewise.
      { extends: true, test: { name: 'build', include: ['scripts/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One module graph per worker: React, MUI and the testing library load once instead of once
          // per file, which halved the project's time. The setup file undoes what a test leaves behind.
          isolate: false,
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      // The access matrix decides on roles and ownership: its cells are the same on both engines.
      ...onBothEngines('tests', suites, ['tests/security/access-matrix.test.ts']),
      ...onBothEngines('tests-isolated', suitesIsolated),
      onS3,
    ],
  },
});
