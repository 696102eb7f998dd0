import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { createWebRoot } from '../test/web-root.js';

/**
 * The installable app's files: the service worker is never served from a cache without asking (a fixed
 * one must reach every browser), as JavaScript; the web app manifest as application/manifest+json. The CSP of
 * pages lets our own origin register the worker and load the manifest.
 */
let ctx: TestContext;
const serviceWorker = `self.addEventListener('push', () => {});\n${'// padding\n'.repeat(200)}`;
beforeAll(async () => {
  const root = createWebRoot();
  writeFileSync(join(root, 'sw.js'), serviceWorker);
  writeFileSync(join(root, 'sw.js.br'), brotliCompressSync(serviceWorker));
  writeFileSync(join(root, 'manifest.webmanifest'), JSON.stringify({ name: 'Scrim Gym', start_url: '/' }));
  writeFileSync(join(root, 'offline.html'), '<!doctype html><title>Offline</title>');
  ctx = await createTestApp({}, { webRoot: root });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('the service worker, the manifest and the offline page', () => {
  it('serves sw.js as JavaScript with Cache-Control: no-cache, compressed or not', async () => {
    for (const encoding of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const res = await get('/sw.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/sw.js', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('serves the manifest as application/manifest+json, and the offline page as HTML', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Scrim Gym' });
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    // Hashed assets keep their year; other files are not no-cache.
    expect((await get('/assets/app-1234.js')).headers['cache-control']).toContain('immutable');
    expect(manifest.headers['cache-control']).toBe('public, max-age=300');
  });

  it("lets pages register our own worker and load our own manifest (CSP worker-src and manifest-src 'self')", async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...sources] = d.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src')).toEqual(["'self'"]);
  });
});
