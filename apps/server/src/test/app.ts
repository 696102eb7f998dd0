import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The whole app on this file's own database, ready for `app.inject()`. Pass `database` to run a second app
 * (a second server instance) on a database opened elsewhere; closing the app leaves that database open. Without
 * `webRoot` there is no web build: every non-API path is a JSON 404.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { database: shared, webRoot = '/nonexistent' }: { database?: DatabaseHandle; webRoot?: string } = {},
): Promise<TestContext> {
  const database = shared ?? (await createTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SEED_DEMO: 'false', ...env });
  const app = await buildApp({ config, database, webRoot });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}
