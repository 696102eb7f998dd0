import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDecision, hashInputs, listInputFiles, readStamp, writeStamp } from './build-stamp.mjs';

let root;
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const PATHS = ['app/src', 'app/vite.config.ts', 'shared/src', 'package-lock.json'];
const hash = (settings = { NODE_ENV: 'production' }) => hashInputs({ root, paths: PATHS, settings });

/** What `npm start` decides for the project in `root`, after a build stamped with `stampedHash` (or none). */
const decide = ({ outputExists = true, stampedHash } = {}) => {
  const stampFile = join(root, 'stamp');
  rmSync(stampFile, { force: true });
  if (stampedHash) writeStamp(stampFile, stampedHash);
  return buildDecision({ outputExists, storedHash: readStamp(stampFile), inputsHash: hash() });
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  write('app/src/main.tsx', 'render()');
  write('app/src/page.tsx', 'export const Page = 1;');
  write('app/vite.config.ts', 'export default {}');
  write('shared/src/index.ts', 'export const x = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start: build or skip', () => {
  it('skips the build when nothing changed since the stamped build', () => {
    const built = hash();
    expect(decide({ stampedHash: built })).toBe('fresh');
    // Touching a file without changing it is not a change.
    write('app/src/page.tsx', 'export const Page = 1;');
    expect(decide({ stampedHash: built })).toBe('fresh');
  });

  it('builds when a source, the shared package, a config or the lockfile changed', () => {
    for (const [path, text] of [
      ['app/src/page.tsx', 'export const Page = 2;'],
      ['shared/src/index.ts', 'export const x = 2;'],
      ['app/vite.config.ts', 'export default { base: "/" }'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ]) {
      const built = hash();
      write(path, text);
      expect(decide({ stampedHash: built }), path).toBe('changed');
    }
  });

  it('builds when a file is added, removed or renamed', () => {
    let built = hash();
    write('app/src/new.tsx', 'export {}');
    expect(decide({ stampedHash: built })).toBe('changed');
    built = hash();
    rmSync(join(root, 'app/src/new.tsx'));
    expect(decide({ stampedHash: built })).toBe('changed');
    built = hash();
    rmSync(join(root, 'app/src/page.tsx'));
    write('app/src/renamed.tsx', 'export const Page = 1;');
    expect(decide({ stampedHash: built })).toBe('changed');
  });

  it('builds when the output is missing, or has no stamp (built some other way)', () => {
    expect(decide({ outputExists: false, stampedHash: hash() })).toBe('missing');
    expect(decide({ outputExists: true })).toBe('changed');
  });

  it('builds when a setting of the build changed (a production build is not a development one)', () => {
    const development = hash({ NODE_ENV: 'development' });
    expect(decide({ stampedHash: development })).toBe('changed');
  });

  it('ignores test files, dependencies and build outputs', () => {
    const built = hash();
    write('app/src/page.test.tsx', 'it()');
    write('app/src/node_modules/x/index.js', 'x');
    write('app/src/dist/out.js', 'x');
    expect(decide({ stampedHash: built })).toBe('fresh');
    expect(listInputFiles(root, 'app/src')).toEqual(['app/src/main.tsx', 'app/src/page.tsx']);
  });
});
