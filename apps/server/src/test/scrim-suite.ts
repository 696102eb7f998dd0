import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createAdmin, type TestUser } from './factories.js';
import { scrimApi } from './scrim-api.js';

export interface ScrimSuite {
  ctx: TestContext;
  api: ReturnType<typeof scrimApi>;
  /** An admin of the file's app. */
  admin: TestUser;
  db: () => TestContext['database']['db'];
}

/**
 * The prologue of the scrims module's suites: one app for the file (`env` as createTestApp takes it), the scrim
 * API on it and an admin, made before the file's tests and closed after them. Read the fields inside tests and
 * hooks: they are set in `beforeAll`.
 */
export function scrimSuite(env: Record<string, string> = {}): ScrimSuite {
  const suite = { db: () => suite.ctx.database.db } as ScrimSuite;
  beforeAll(async () => {
    suite.ctx = await createTestApp(env);
    suite.api = scrimApi(suite.ctx.app);
    suite.admin = await createAdmin({ db: suite.ctx.database.db });
  });
  afterAll(() => suite.ctx.close());
  return suite;
}
