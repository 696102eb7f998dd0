// The boundary rules catch what they are for: planted files (removed afterwards) with a cycle, a two-way pair
// of modules, a reach into another module's repository, Drizzle in a service, and a feature importing another
// feature's component; and they let through what is allowed next to each of those.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './module-graph.mjs';

const tag = `zz-lint-${process.pid}`;
const planted = {
  // Two server modules: A is fine on its own; B reaches into A's repository; C and D import each other.
  [`apps/server/src/modules/${tag}-a/index.ts`]: `export { listThings } from './things.service.js';\n`,
  [`apps/server/src/modules/${tag}-a/things.service.ts`]: `import { findThings } from './things.repository.js';\nexport const listThings = () => findThings();\n`,
  [`apps/server/src/modules/${tag}-a/things.repository.ts`]: `import { sql } from 'drizzle-orm';\nexport const findThings = () => sql\`select 1\`;\n`,
  [`apps/server/src/modules/${tag}-b/index.ts`]: `export {};\n`,
  [`apps/server/src/modules/${tag}-c/index.ts`]: `import type { D } from '../${tag}-d/index.js';\nexport type C = { d?: D };\n`,
  [`apps/server/src/modules/${tag}-d/index.ts`]: `import type { C } from '../${tag}-c/index.js';\nexport type D = { c?: C };\n`,
  // A file-level cycle of value imports inside one folder.
  [`apps/server/src/lib/${tag}/one.ts`]: `import { two } from './two.js';\nexport const one = () => two();\n`,
  [`apps/server/src/lib/${tag}/two.ts`]: `import { one } from './one.js';\nexport const two = (): number => (Math.random() > 2 ? one() : 2);\n`,
  // Two web features: Y has an api/ module and a component.
  [`apps/web/src/features/${tag}-x/index.ts`]: `export {};\n`,
  [`apps/web/src/features/${tag}-y/api/things.ts`]: `export const thingsQuery = () => ({ queryKey: ['things'] });\n`,
  [`apps/web/src/features/${tag}-y/components/Thing.tsx`]: `export const Thing = () => null;\n`,
  [`apps/web/src/features/${tag}-y/lazy.ts`]: `export { Thing } from './components/Thing';\n`,
};

let eslint;
beforeAll(() => {
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(dirname(join(REPO_ROOT, file)), { recursive: true });
    writeFileSync(join(REPO_ROOT, file), text);
  }
  // Created after planting: the config lists the modules and features that exist when it loads.
  eslint = new ESLint({ cwd: REPO_ROOT });
});
afterAll(() => {
  for (const dir of [
    `apps/server/src/modules/${tag}-a`,
    `apps/server/src/modules/${tag}-b`,
    `apps/server/src/modules/${tag}-c`,
    `apps/server/src/modules/${tag}-d`,
    `apps/server/src/lib/${tag}`,
    `apps/web/src/features/${tag}-x`,
    `apps/web/src/features/${tag}-y`,
  ]) {
    rmSync(join(REPO_ROOT, dir), { recursive: true, force: true });
  }
});

/** The rule ids ESLint reports for a text linted as if it were the file at `path`. */
async function rulesBroken(path, text) {
  const [result] = await eslint.lintText(text, { filePath: join(REPO_ROOT, path) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.map((m) => m.ruleId);
}

const serverFile = (module, name) => `apps/server/src/modules/${module}/${name}`;

describe('lint boundaries', () => {
  it('fails on a file-level import cycle', async () => {
    const [result] = await eslint.lintFiles([join(REPO_ROOT, `apps/server/src/lib/${tag}/one.ts`)]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);

  it('fails on two modules that import each other, even through type-only imports', async () => {
    const [result] = await eslint.lintFiles([join(REPO_ROOT, `apps/server/src/modules/${tag}-c/index.ts`)]);
    const messages = result.messages.filter((m) => m.ruleId === 'scrim-gym/no-module-cycle');
    expect(messages).toHaveLength(1);
    expect(messages[0].message).toContain(`${tag}-d imports apps/server/src/modules/${tag}-c back`);
  }, 60_000);

  it("fails on an import of another module's repository, and passes through its index.ts", async () => {
    const file = serverFile(`${tag}-b`, 'planted.service.ts');
    expect(
      await rulesBroken(file, `import { findThings } from '../${tag}-a/things.repository.js';\nfindThings();\n`),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(
        file,
        `import type { listThings } from '../${tag}-a/things.service.js';\nexport type T = typeof listThings;\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesBroken(file, `import { listThings } from '../${tag}-a/index.js';\nlistThings();\n`)).toEqual([]);
  }, 60_000);

  it('fails on Drizzle imported outside a repository', async () => {
    const text = `import { eq } from 'drizzle-orm';\nexport const same = eq;\n`;
    expect(await rulesBroken(serverFile(`${tag}-a`, 'things.service.ts'), text)).toEqual(['no-restricted-imports']);
    expect(
      await rulesBroken(
        `apps/server/src/plugins/planted.ts`,
        `import type { SQL } from 'drizzle-orm';\nexport type S = SQL;\n`,
      ),
    ).toEqual(['no-restricted-imports']);
    expect(await rulesBroken(serverFile(`${tag}-a`, 'things.repository.ts'), text)).toEqual([]);
  }, 60_000);

  it("fails on app.ts-level code reaching past a module's index.ts", async () => {
    const file = 'apps/server/src/planted.ts';
    expect(
      await rulesBroken(file, `import { listThings } from './modules/${tag}-a/things.service.js';\nlistThings();\n`),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(file, `import { listThings } from './modules/${tag}-a/index.js';\nlistThings();\n`),
    ).toEqual([]);
  }, 60_000);

  it('fails on product code importing a test helper', async () => {
    const text = `import { createTestApp } from '../../test/app.js';\nexport const t = createTestApp;\n`;
    expect(await rulesBroken(serverFile(`${tag}-a`, 'things.service.ts'), text)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  }, 60_000);

  it('fails on infrastructure importing a module', async () => {
    const text = `import { listThings } from '../modules/${tag}-a/index.js';\nlistThings();\n`;
    expect(await rulesBroken('apps/server/src/lib/planted.ts', text)).toEqual(['import-x/no-restricted-paths']);
  }, 60_000);

  it("fails on a web feature importing another feature's component, and passes for its api/", async () => {
    const file = `apps/web/src/features/${tag}-x/components/Planted.tsx`;
    expect(
      await rulesBroken(file, `import { Thing } from '../../${tag}-y/components/Thing';\nexport const P = Thing;\n`),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(
        file,
        `import { thingsQuery } from '../../${tag}-y/api/things';\nexport const q = thingsQuery;\n`,
      ),
    ).toEqual([]);
    expect(await rulesBroken(file, `export const load = () => import('../../${tag}-y/lazy');\n`)).toEqual([]);
    expect(
      await rulesBroken(
        `apps/web/src/lib/planted.ts`,
        `import { thingsQuery } from '../features/${tag}-y/api/things';\nexport const q = thingsQuery;\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  }, 60_000);
});
