import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server files that replace a module with vi.mock: they run in a module graph of their own. Every other server
 * file imports the app's modules once per worker instead of once per file (2.5–2.9 s each): each builds its own
 * app, database and Redis prefix, and none keeps state in a module between files.
 */
const MOCKING_FILES = [
  'apps/server/src/modules/auth/admin-key.test.ts',
  'apps/server/src/modules/auth/session-cache.test.ts',
  'apps/server/src/test/services.test.ts',
];

/**
 * The server suites that drive the HTTP and socket layers one request at a time: the fuzzers, the authorization
 * matrix, headers, limits. PGlite is the same PostgreSQL engine, and what a PostgreSQL run adds (many connections,
 * real concurrency, one database under two instances) is not what they exercise.
 */
const HTTP_LAYER_FILES = 'apps/server/src/security/**/*.test.ts';

/**
 * The database layer's own suites (driver, migrations, seed, back-fills): what differs between the embedded PGlite
 * and PostgreSQL. They run on both engines; scripts/test.mjs runs the other server suites once, on PostgreSQL, when
 * it has one.
 */
const ENGINE_FILES = 'apps/server/src/db/**/*.test.ts';

const server = {
  include: ['apps/server/src/**/*.test.ts'],
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  setupFiles: ['apps/server/src/test/per-file-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // What a test waits for (a job, a live update, another instance) can take seconds on two loaded cores; a poll
  // that holds answers at once, so only a failing one pays for the longer wait.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // Both cores: each server file has its own database (a template clone or a PGlite snapshot) and its own ports,
    // so files run side by side; each browser worker has a shared server of its own (e2e/global-setup.ts).
    maxWorkers: 2,
    projects: [
      // With the shared package: the repo's own tooling (scripts/, plain Node, no set-up), e.g. npm start's build stamps.
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.mjs', 'apps/server/scripts/**/*.test.mjs'],
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          exclude: [...configDefaults.exclude, ...MOCKING_FILES, HTTP_LAYER_FILES, ENGINE_FILES],
          isolate: false,
        },
      },
      { test: { ...server, name: 'server:engine', include: [ENGINE_FILES], isolate: false } },
      // Run on PGlite only (scripts/test.mjs leaves this project out of the PostgreSQL pass), also when PostgreSQL is
      // there: with the journeys, whose servers run on PGlite, they drive every route of the embedded default.
      { test: { ...server, name: 'server:http-layer', include: [HTTP_LAYER_FILES], isolate: false } },
      { test: { ...server, name: 'server:isolated', include: MOCKING_FILES } },
      // The web project's config lives beside the app (apps/web/vite.config.ts), with its React plugin.
      'apps/web/vite.config.ts',
      'apps/web/vitest.isolated.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A worker imports playwright, axe and the support code once, not once per journey file: every journey
          // makes its own browser, contexts and players, and the support code keeps no state that a file expects
          // fresh (the context counter only hands out the next client address).
          isolate: false,
          // Three journeys at a time: a journey mostly waits (for a start, a live update, a job), so a third keeps the
          // two cores busy; each worker has a server of its own.
          maxWorkers: 3,
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
