import { configDefaults, defineConfig } from 'vitest/config';
import web from './vite.config';
import { MOCKING_FILES } from './vitest.mocking-files';

/**
 * The web files that replace a module with vi.mock: each runs in a module graph and a jsdom of its own. The other
 * web files share one per worker (vite.config.ts, isolate: false).
 */
export default defineConfig({
  ...web,
  test: { ...web.test, name: 'web:isolated', include: MOCKING_FILES, exclude: configDefaults.exclude, isolate: true },
});
