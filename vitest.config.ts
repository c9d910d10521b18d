import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverSuites = {
  include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The API suites run on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set. */
const postgresProject: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [{ extends: true, test: { ...serverSuites, name: 'server-postgres', env: { TEST_ENGINE: 'postgres' } } }]
  : [];

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { ...serverSuites, name: 'server', env: { TEST_ENGINE: 'pglite' } } },
      ...postgresProject,
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
    ],
  },
});
