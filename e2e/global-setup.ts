import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './support/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 ('' when the suite is skipped). */
    baseURL: string;
    /** Why the browser suite is skipped (no Chromium outside CI), or null when it runs. */
    e2eSkipReason: string | null;
    /** The ADMIN_KEY the server was started with. */
    adminKey: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
const SERVER_ENTRY = join(ROOT, 'apps', 'server', 'dist', 'server.js');
const ADMIN_KEY = 'e2e-admin-key-123';
const READY_TIMEOUT_MS = 60_000;

/** Settings from the developer's shell that would make the run depend on outside services. */
const HERMETIC_DROP =
  /^(DATABASE_URL|TEST_DATABASE_URL|REDIS_URL|PUBLIC_URL|ADMIN_EMAILS|RIOT_API_KEY|RIOT_API_BASE_URL|DDRAGON_BASE_URL|GOOGLE_|RIOT_RSO_|OIDC_)/;

/**
 * Builds the app once, starts the real server (SPA + /api + Socket.IO) on a free port with a fresh PGlite
 * data dir and the demo seed, and hands its origin to the browser tests.
 */
export default async function setup(project: TestProject) {
  const executable = chromiumPath();
  if (!existsSync(executable)) {
    const message = `Chromium not found at ${executable}; install it with: apt-get install chromium (or set CHROMIUM_PATH)`;
    if (process.env.CI) throw new Error(`e2e: ${message}`);
    const banner = '!'.repeat(100);
    console.warn(`\n${banner}\n!!! SKIPPING e2e: ${message}\n${banner}\n`);
    project.provide('e2eSkipReason', `SKIPPING e2e: ${message}`);
    project.provide('baseURL', '');
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

  mkdirSync(ARTIFACTS, { recursive: true });
  const tempDir = mkdtempSync(join(tmpdir(), 'scrimgym-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!HERMETIC_DROP.test(key)) env[key] = value;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(tempDir, 'data'),
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_KEY,
  });

  const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(join(ARTIFACTS, 'server.log'));
  let output = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);

  const teardown = async () => {
    await stop(server);
    log.end();
    rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseURL, server, () => output);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] server ready at ${baseURL} (PGlite in ${tempDir}; log in e2e/artifacts/server.log)`);

  project.provide('baseURL', baseURL);
  project.provide('e2eSkipReason', null);
  project.provide('adminKey', ADMIN_KEY);
  return teardown;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      probe.close(() => resolve(address.port));
    });
  });
}

async function waitUntilReady(baseURL: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited: string | null = null;
  server.once('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`e2e: the server ${exited} before it was ready. Its output:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/server-status`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json().catch(() => null)) as { isServerUp?: boolean } | null;
      if (res.ok && body?.isServerUp === true) return;
      lastError = `status ${res.status} ${JSON.stringify(body)}`;
    } catch (error) {
      lastError = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `e2e: the server was not ready at ${baseURL}/api/server-status within ${READY_TIMEOUT_MS / 1000} s ` +
      `(last: ${lastError}). Its output:\n${output()}`,
  );
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
