import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API files that run on PGlite only: what they check is decided before any SQL, or by SQL that
 * every other API file runs on both engines too (logging in, reading the demo world), so a second
 * pass on PostgreSQL (`npm run test:pg`, TEST_DATABASE_URL set) could not fail where the first
 * passed. A file that writes or queries records its own way stays on both engines.
 */
const PGLITE_ONLY: Record<string, string> = {
  'framework-errors': 'answers of the router and the body parsers, before any handler',
  compression: 'encodings and ETags of the answers, the bytes the same whatever the engine',
  'asset-headers': 'security headers of the built files, documents and errors',
  'login-form-errors': 'the login forms\' validation messages, before the account is looked up',
  'login-open-redirect': 'the normalisation of targetUrl, a pure function of the URL',
  'runtime-config': '/ui/config, read from the environment',
  'openapi-components': '/openapi.json, the route table',
  'integrators-doc': 'layout files read from the layouts folder',
  'layout-errors-i18n': 'ajv\'s reasons for a layout file, translated',
  'ui-status': 'the layouts folder\'s status, by the same access rules as every other file',
  'anti-forgery': 'the token check, made before any handler runs',
  'errors-and-logs': 'the error handler and the log lines, on routes that fail on purpose',
  'session-cookie-https': 'the session cookie\'s attributes over HTTPS',
  'keep-alive-refusals': 'what becomes of a connection after an early refusal, decided before any SQL',
  'path-spellings': 'the anti-forgery and consent rules on the path, checked before any handler',
};
const pgliteOnly = process.env.TEST_DATABASE_URL ? Object.keys(PGLITE_ONLY).map((name) => `tests/api/${name}.test.ts`) : [];

/**
 * `npm test` runs three projects:
 * - `unit`: pure tests of modules (tests/unit), no database, no global setup: they start at once;
 * - `api`: the real app on a real database (tests/api; each file opens its own: in-memory PGlite
 *   from a template migrated once by the global setup, or a throwaway PostgreSQL database);
 * - `e2e`: real Chromium against real gateway processes started once by their global setup
 *   (which builds the client when needed). E2E files run one at a time: each drives a browser,
 *   and the machine has two cores.
 * A global setup runs only when its project has files in the run (`--project unit` or a unit
 * file alone never waits for the database template or the client build).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default is one worker less than the cores: on CI's two cores, one worker, so the
    // unit and API files ran one at a time with a core idle (each file's app and PGlite run on
    // one thread; on PostgreSQL a file mostly waits for the server). E2E files stay one at a time
    // (their project's fileParallelism), after the others.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: [...configDefaults.exclude],
          fileParallelism: true,
          setupFiles: ['tests/unit/setup-dom.ts'],
          // @rjsf/mantine's ESM imports 'dayjs/plugin/…' without an extension, which Node refuses:
          // Vite transforms it instead (component tests of the forms stack).
          server: { deps: { inline: ['@rjsf/mantine'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          globalSetup: ['tests/helpers/pglite-template.ts'],
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...pgliteOnly],
          // Each file opens its own database (in-memory PGlite, or a throwaway PostgreSQL database).
          fileParallelism: true,
          // A worker runs its files one after another in one process, importing the server once:
          // about 5 s of CPU less per file (10 files: 71 s instead of 121 s), and each file still
          // starts its own app on its own database. A file must leave nothing behind that the next
          // could see (close its gateway, restore what it spies on).
          isolate: false,
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
