import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './support/chromium.js';
import { ROOT, SERVER_ENTRY, startServer } from './support/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Origins of the shared servers, one per worker (e.g. http://127.0.0.1:41234); a journey uses its worker's
     * (`baseURL` in support/journey.ts). Empty when the suite is skipped.
     */
    baseURLs: string[];
    /** Why the browser suite is skipped (no Chromium outside CI), or null when it runs. */
    e2eSkipReason: string | null;
    /** The ADMIN_KEY the server was started with. */
    adminKey: string;
  }
}

const ADMIN_KEY = 'e2e-admin-key-123';

/**
 * Builds the app (unless the caller has: E2E_SKIP_BUILD=1), starts one real server (SPA + /api + Socket.IO) per
 * worker, each on a free port with a fresh PGlite data dir and the demo seed, and hands their origins to the
 * browser tests. Journeys of two workers run side by side and never see each other's writes.
 */
export default async function setup(project: TestProject) {
  const executable = chromiumPath();
  if (!existsSync(executable)) {
    const message = `Chromium not found at ${executable}; install it with: apt-get install chromium (or set CHROMIUM_PATH)`;
    if (process.env.CI) throw new Error(`e2e: ${message}`);
    const banner = '!'.repeat(100);
    console.warn(`\n${banner}\n!!! SKIPPING e2e: ${message}\n${banner}\n`);
    project.provide('e2eSkipReason', `SKIPPING e2e: ${message}`);
    project.provide('baseURLs', []);
    project.provide('adminKey', ADMIN_KEY);
    return;
  }

  if (process.env.E2E_SKIP_BUILD !== '1') {
    console.log('[e2e] npm run build …');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error(`e2e: npm run build failed (exit ${build.status ?? build.signal})`);
  }
  if (!existsSync(SERVER_ENTRY)) throw new Error(`e2e: ${SERVER_ENTRY} is missing; run npm run build`);
  if (!existsSync(join(ROOT, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('e2e: apps/web/dist/index.html is missing; run npm run build');
  }

  const workers = e2eWorkers(project);
  const servers = await Promise.all(
    Array.from({ length: workers }, (_, i) => startServer({ logName: `server-${i + 1}`, env: { ADMIN_KEY } })),
  );
  const baseURLs = servers.map((server) => server.baseURL);
  console.log(`[e2e] ${workers} servers ready at ${baseURLs.join(', ')} (logs in e2e/artifacts/server-N.log)`);

  project.provide('baseURLs', baseURLs);
  project.provide('e2eSkipReason', null);
  project.provide('adminKey', ADMIN_KEY);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

/** How many journey files run at once, resolved as vitest does: the project's maxWorkers, else the run's. */
function e2eWorkers(project: TestProject) {
  return Math.max(1, Number(project.config.maxWorkers || project.globalConfig.maxWorkers) || 1);
}
