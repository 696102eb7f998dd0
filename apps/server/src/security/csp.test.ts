import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { createWebRoot } from '../test/web-root.js';

/**
 * CSP `connect-src`: the page may talk to its own origin only ('self', plus the socket's own origin spelled as
 * ws/wss for browsers of CSP Level 2), never to any WebSocket host. (e2e/security.test.ts checks in Chromium that
 * the socket still connects under it.)
 */
const connectSrcOf = async (ctx: TestContext, url: string) => {
  const csp = (await ctx.app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
  const directive = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src');
  return directive?.slice(1);
};

describe('CSP connect-src', () => {
  let apps: Record<'local' | 'production' | 'httpPublic', TestContext>;
  beforeAll(async () => {
    const webRoot = createWebRoot();
    const [local, production, httpPublic] = await Promise.all([
      createTestApp({}, { webRoot }),
      createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrim-gym.test', LOG_LEVEL: 'silent' }, { webRoot }),
      createTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { webRoot }),
    ]);
    apps = { local: local!, production: production!, httpPublic: httpPublic! };
  });
  afterAll(async () => {
    await Promise.all(Object.values(apps ?? {}).map((ctx) => ctx.close()));
  });

  it.each([
    ['local', ["'self'"]],
    ['production', ["'self'", 'wss://scrim-gym.test']],
    ['httpPublic', ["'self'", 'ws://localhost:3000']],
  ] as const)('names only its own origin (%s), on every page', async (which, expected) => {
    for (const url of ['/', '/scrims', '/admin/dashboard']) {
      const sources = await connectSrcOf(apps[which], url);
      expect(sources, url).toEqual(expected);
      expect(sources, url).not.toContain('ws:');
      expect(sources, url).not.toContain('wss:');
    }
  });
});
