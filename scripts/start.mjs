// `npm start`: builds what changed, then runs the server in this process.
// - The web app is always built for production (NODE_ENV=production for Vite, whatever the shell says: a shell's
//   NODE_ENV=development would otherwise ship React's development build).
// - Each build (web, server) is skipped when its output is there and was built from the same inputs: a hash of
//   its sources, the shared package, its configs and the lockfile, stored beside the output (lib/build-stamp.mjs).
// Flags: --build-only (build what changed, do not start; `npm run build`), --force (build even when fresh).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDecision, hashInputs, readStamp, writeStamp } from './lib/build-stamp.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHARED = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json', 'tsconfig.base.json'];

/** Vite reads VITE_* variables into the bundle: they are inputs of the web build too. */
const viteEnv = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('VITE_')));

const BUILDS = [
  {
    name: 'web',
    workspace: 'apps/web',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'apps/web/scripts/precompress.mjs',
      ...SHARED,
    ],
    settings: () => ({ NODE_ENV: 'production', ...viteEnv() }),
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.build-inputs',
  },
  {
    name: 'server',
    workspace: 'apps/server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...SHARED],
    settings: () => ({ NODE_ENV: 'production' }),
    output: 'apps/server/dist/server.js',
    stamp: 'apps/server/dist/.build-inputs',
  },
];

/** Builds one workspace if needed; answers what was decided. */
function buildIfNeeded(build, { force }) {
  const settings = build.settings();
  const inputsHash = hashInputs({ root: ROOT, paths: build.inputs, settings });
  const stampFile = join(ROOT, build.stamp);
  const decision = force
    ? 'forced'
    : buildDecision({
        outputExists: existsSync(join(ROOT, build.output)),
        storedHash: readStamp(stampFile),
        inputsHash,
      });
  if (decision === 'fresh') {
    console.log(`[start] ${build.name}: up to date, not rebuilt`);
    return decision;
  }
  console.log(`[start] ${build.name}: building (${decision})`);
  // A build that fails half-way must not leave a stamp that says its output is fresh.
  rmSync(stampFile, { force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...settings },
  });
  if (result.status !== 0) {
    console.error(`[start] ${build.name}: build failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  writeStamp(stampFile, inputsHash);
  return decision;
}

const args = process.argv.slice(2);
const force = args.includes('--force');
for (const build of BUILDS) buildIfNeeded(build, { force });
if (!args.includes('--build-only')) {
  // The server in this very process: one Node start-up instead of two.
  await import(pathToFileURL(join(ROOT, 'apps/server/dist/server.js')).href);
}
