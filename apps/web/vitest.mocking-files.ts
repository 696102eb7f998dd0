import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = join(dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * The web test files that replace a module with vi.mock, found by reading them (so a new one is never missed): they
 * keep a module graph and a jsdom of their own (vitest.isolated.config.ts); the others share their worker's.
 */
export const MOCKING_FILES = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(src, file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.split('\\').join('/')}`)
  .sort();
