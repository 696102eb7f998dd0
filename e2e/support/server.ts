import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
export const SERVER_ENTRY = join(ROOT, 'apps', 'server', 'dist', 'server.js');
const READY_TIMEOUT_MS = 60_000;

/** Settings from the developer's shell that would make the run depend on outside services. */
const HERMETIC_DROP =
  /^(DATABASE_URL|TEST_DATABASE_URL|REDIS_URL|PUBLIC_URL|ADMIN_EMAILS|RIOT_API_KEY|RIOT_API_BASE_URL|RIOT_TOURNAMENT_STUB|DDRAGON_BASE_URL|GOOGLE_|RIOT_RSO_|OIDC_)/;

export interface RunningServer {
  baseURL: string;
  /** SIGTERM (graceful shutdown), then SIGKILL after 10 s; removes the data dir. */
  stop(): Promise<void>;
  pid: number;
  /** Sends a signal without waiting (e.g. SIGKILL for a crash, SIGTERM to watch the shutdown). */
  kill(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 20,000 characters of its output. */
  output(): string;
}

/**
 * Starts the built server (`apps/server/dist/server.js`: SPA + /api + Socket.IO) on a free port with a fresh
 * PGlite data dir, and waits until it answers. `env` adds to a hermetic environment (development mode, demo
 * seed unless told otherwise); the log goes to e2e/artifacts/<logName>.log.
 */
export async function startServer({
  env: extra = {},
  logName = 'server',
}: { env?: Record<string, string>; logName?: string } = {}): Promise<RunningServer> {
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
    // The browser contexts stand for people at their own addresses (X-Forwarded-For, see newContext).
    TRUST_PROXY: '127.0.0.1',
    ...extra,
  });

  const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const log = createWriteStream(join(ARTIFACTS, `${logName}.log`));
  let output = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);

  const stop = async () => {
    await stopProcess(server);
    log.end();
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseURL,
    stop,
    pid: server.pid!,
    kill: (signal) => void server.kill(signal),
    exited,
    output: () => output,
  };
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

async function stopProcess(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
