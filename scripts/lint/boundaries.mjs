// The house's boundaries as lint rules (docs/boundaries.md explains each). Exceptions are written here, next
// to the rule they relax, with the reason.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { REPO_ROOT } from './module-graph.mjs';
import { noModuleCycle } from './no-module-cycle.mjs';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

const foldersIn = (dir) =>
  readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Server: another module is reached only through its public index.ts. */
function serverModuleZones() {
  const modules = foldersIn(`${SERVER}/modules`);
  return modules.map((name) => ({
    target: `./${SERVER}/modules/${name}`,
    from: `./${SERVER}/modules`,
    except: [`./${name}`, ...modules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: `Import another module only through its index.ts (its service functions and types), never its repository or other inner files.`,
  }));
}

/** The composition root (app.ts, server.ts) also reaches modules only through their index.ts. */
const serverRootZone = {
  target: `./${SERVER}/*.ts`,
  from: `./${SERVER}/modules/**`,
  except: [`**/${SERVER}/modules/*/index.ts`],
  message: 'app.ts and server.ts import a module only through its index.ts.',
};

/** Product code never imports test helpers (fixtures, fakes, fuzz generators): they stay out of the build. */
const testHelpersZone = {
  target: [`./${SERVER}`, `./${WEB}`],
  from: [`./${SERVER}/test`, `./${WEB}/test`],
  message: 'Product code does not import from test/ (test helpers are for tests only).',
};

/** Server infrastructure sits below the modules: app.ts and server.ts compose them, nothing else below does. */
const serverInfrastructureZone = {
  target: ['db', 'jobs', 'lib', 'plugins'].map((dir) => `./${SERVER}/${dir}`),
  from: `./${SERVER}/modules`,
  message: 'Infrastructure (db, jobs, lib, plugins) does not import modules; app.ts wires them together.',
};

/**
 * Web: a feature imports its own files, auth (who is signed in), alerts (the snackbar), the shared components/ and
 * lib/, and two documented exceptions:
 * - another feature's api/ (its fetchers and query-options factories, so that an endpoint has one owner and one
 *   cache key);
 * - another feature's lazy.ts, the one entry of its lazily loaded chunk, imported with `import()` only (the scrim
 *   card's chat button loads the messenger's chunk on demand; a static import would put the messenger in the
 *   hub's chunk, and moving the button into scrims splits the chunks so that the landing page goes over its
 *   160 KB budget).
 * Its components, hooks and pages stay its own.
 */
function webFeatureZones() {
  const features = foldersIn(`${WEB}/features`);
  return features.map((name) => ({
    target: `./${WEB}/features/${name}`,
    from: `./${WEB}/features`,
    except: [
      ...new Set([`./${name}`, './auth', './alerts']),
      ...features
        .filter((other) => ![name, 'auth', 'alerts'].includes(other))
        .flatMap((other) => [`./${other}/api`, `./${other}/lazy.ts`]),
    ],
    message: `A feature imports only itself, auth, alerts, the shared components/ and lib/, and other features' api/ modules (or lazy.ts, dynamically).`,
  }));
}

/** Web: shared components/ and lib/ sit below every feature; app/ (router, layout) sits above all of them. */
const webSharedZones = [
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'Shared components/ and lib/ do not import features or app/.',
  },
  { target: `./${WEB}/features`, from: `./${WEB}/app`, message: 'Features do not import app/ (app/ imports them).' },
];

export function boundaryConfigs() {
  return [
    {
      files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
      plugins: { 'import-x': importX, 'scrim-gym': { rules: { 'no-module-cycle': noModuleCycle } } },
      settings: {
        // How import-x reads TypeScript files it follows (without it, no-cycle sees no imports in them).
        'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
            noWarnOnMultipleProjects: true,
          }),
        ],
      },
      rules: {
        // File-level cycles of value imports (import-x leaves type-only imports out of this one) ...
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        // ... and unit-level ones (a module, a feature, an infrastructure folder), type-only imports included.
        'scrim-gym/no-module-cycle': 'error',
      },
    },
    {
      files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
      ignores: TESTS,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              ...serverModuleZones(),
              serverInfrastructureZone,
              serverRootZone,
              testHelpersZone,
              ...webFeatureZones(),
              ...webSharedZones,
            ],
          },
        ],
      },
    },
    {
      files: [`${SERVER}/**/*.ts`],
      ignores: [...TESTS, `${SERVER}/**/*.repository.ts`, `${SERVER}/db/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['drizzle-orm', 'drizzle-orm/*'],
                message: 'Only *.repository.ts files (and db/) talk to the database; call a repository function.',
              },
            ],
          },
        ],
      },
    },
  ];
}
