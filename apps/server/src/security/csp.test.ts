import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { createWebRoot } from '../test/web-root.js';

/**
 * CSP `connect-src`: the page may talk to its own origin ('self', plus the socket's own origin spelled as ws/wss
 * for browsers of CSP Level 2) and read Data Dragon's files (DDRAGON_BASE_URL's origin: the draft's champion list),
 * never to any WebSocket host. (e2e/security.test.ts checks in Chromium that
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
      createTestApp({ DDRAGON_BASE_URL: 'http://127.0.0.1:4010/' }, { webRoot }),
      createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrim-gym.test', LOG_LEVEL: 'silent' }, { webRoot }),
      createTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { webRoot }),
    ]);
    apps = { local: local!, production: production!, httpPublic: httpPublic! };
  });
  afterAll(async () => {
    await Promise.all(Object.values(apps ?? {}).map((ctx) => ctx.close()));
  });

  it.each([
    ['local', ["'self'", 'http://127.0.0.1:4010']],
    ['production', ["'self'", 'wss://scrim-gym.test', 'https://ddragon.leagueoflegends.com']],
    ['httpPublic', ["'self'", 'ws://localhost:3000', 'https://ddragon.leagueoflegends.com']],
  ] as const)('names only its own origin and Data Dragon (%s), on every page', async (which, expected) => {
    for (const url of ['/', '/scrims', '/admin/dashboard']) {
      const sources = await connectSrcOf(apps[which], url);
      expect(sources, url).toEqual(expected);
      expect(sources, url).not.toContain('ws:');
      expect(sources, url).not.toContain('wss:');
    }
  });
});
