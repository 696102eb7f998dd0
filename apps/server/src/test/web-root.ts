import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A minimal web build (index.html and one hashed asset) in a temporary folder, for tests of what the server does
 * with pages: pass it to createTestApp's `webRoot`.
 */
export function createWebRoot() {
  const root = mkdtempSync(join(tmpdir(), 'scrimgym-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body></body></html>',
  );
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log("scrim gym");');
  return root;
}
