import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: unit and API tests (each file opens its own database), and the
 * end-to-end tests in real Chromium against real gateway processes started once by their
 * global setup (which builds the client when needed). E2E files run one at a time: each drives
 * a browser, and the machine has two cores.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit-api',
          globalSetup: ['tests/helpers/pglite-template.ts'],
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**'],
          // Each file opens its own database (in-memory PGlite, or a throwaway PostgreSQL database).
          fileParallelism: true,
          // @rjsf/mantine's ESM imports 'dayjs/plugin/…' without an extension, which Node refuses:
          // Vite transforms it instead (component tests of the forms stack).
          server: { deps: { inline: ['@rjsf/mantine'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
        },
      },
    ],
  },
});
