import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found from this file both in `src/` (tsx, tests) and in the `dist/` bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@scrim-gym/server') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @scrim-gym/server package folder');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
export const WEB_DIST_DIR = join(SERVER_ROOT, '..', 'web', 'dist');
