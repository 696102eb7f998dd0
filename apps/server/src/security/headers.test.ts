import { IMAGE_MAX_BYTES, SOCKET_EVENTS } from '@scrim-gym/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../test/factories.js';
import { createScrim } from '../test/scrim-factories.js';
import { expectError } from '../test/scrim-api.js';
import { connectClient, listenLocally } from '../test/socket-client.js';
import { JSON_BODY_LIMIT } from '../plugins/input.js';
import { CROSS_ORIGIN_MESSAGE } from '../plugins/origin.js';
import { createWebRoot } from '../test/web-root.js';
import { installWriteJournal, type WriteJournal } from '../test/write-journal.js';

/** Security headers, CORS for HTTP and Socket.IO, and request size limits (docs/security.md). */
const PUBLIC_URL = 'https://scrim-gym.test';
const EVIL = 'https://evil.example';

describe('security headers', () => {
  let dev: TestContext;
  let production: TestContext;
  beforeAll(async () => {
    const webRoot = createWebRoot();
    [dev, production] = await Promise.all([
      createTestApp({}, { webRoot }),
      createTestApp({ NODE_ENV: 'production', PUBLIC_URL, LOG_LEVEL: 'silent' }, { webRoot }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([dev?.close(), production?.close()]);
  });

  it('sends a CSP that allows no inline or evaluated script on pages, and none on other answers', async () => {
    for (const url of ['/api/server-status', '/api/nope', '/assets/app-1234.js']) {
      const { statusCode, headers } = await dev.app.inject({ method: 'GET', url });
      expect(statusCode, url).not.toBe(500);
      expect(headers['content-security-policy'], url).toBeUndefined();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const url of ['/', '/scrims', '/users/someone']) {
      const page = await dev.app.inject({ method: 'GET', url });
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = page.headers['content-security-policy'] as string;
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['script-src-attr']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'self'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
    }
  });

  it('sends HSTS and upgrade-insecure-requests in production only', async () => {
    const inProduction = await production.app.inject({ method: 'GET', url: '/api/server-status' });
    expect(inProduction.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains/);
    const productionPage = await production.app.inject({ method: 'GET', url: '/' });
    expect(productionPage.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains/);
    expect(productionPage.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const inDevelopment = await dev.app.inject({ method: 'GET', url: '/api/server-status' });
    expect(inDevelopment.headers['strict-transport-security']).toBeUndefined();
    const developmentPage = await dev.app.inject({ method: 'GET', url: '/' });
    expect(developmentPage.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends the other helmet headers', async () => {
    const { headers } = await dev.app.inject({ method: 'GET', url: '/api/server-status' });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });
});

describe('CORS: only PUBLIC_URL', () => {
  let ctx: TestContext;
  let url: string;
  let user: TestUser;
  let journal: WriteJournal;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL });
    url = await listenLocally(ctx.app);
    user = await createUser({ db: ctx.database.db });
    journal = await installWriteJournal(ctx.database.db);
  });
  afterAll(() => ctx?.close());

  const updateUser = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/update-user',
      headers: { ...bearer(user.token), ...headers },
      payload: { canSendEmailsToUser: false },
    });

  it('never lets another origin read an answer (no Access-Control-Allow-Origin, no preflight)', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { origin: EVIL } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/update-user',
      headers: { origin: EVIL, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it("refuses a state-changing call from another origin before it runs, and takes PUBLIC_URL's and scripts'", async () => {
    const mark = await journal.mark();
    for (const origin of [EVIL, 'null', `${PUBLIC_URL}.evil.example`, 'http://scrim-gym.test']) {
      expectError(await updateUser({ origin }), 403, 'CROSS_ORIGIN', CROSS_ORIGIN_MESSAGE);
    }
    expect(await journal.since(mark)).toEqual([]);
    expect((await updateUser({ origin: PUBLIC_URL })).statusCode).toBe(200);
    // Scripts (Bearer token, no Origin header) are not browsers.
    expect((await updateUser({})).statusCode).toBe(200);
  });

  it('takes Socket.IO handshakes from PUBLIC_URL or without an Origin only, over polling and WebSocket', async () => {
    const poll = (origin?: string) =>
      fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: origin ? { origin } : {} });
    const refused = await poll(EVIL);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).not.toBe(EVIL);
    const allowed = await poll(PUBLIC_URL);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);

    const websocket = (origin?: string) =>
      connectClient(url, user.token, { headers: origin ? { origin } : {} }).then(
        (client) => {
          client.close();
          return 'connected';
        },
        (error: Error) => `refused: ${error.message}`,
      );
    expect(await websocket(EVIL)).toMatch(/^refused/);
    expect(await websocket(PUBLIC_URL)).toBe('connected');
    expect(await websocket()).toBe('connected');
  });
});

describe('request size limits', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createUser({ db: ctx.database.db });
  });
  afterAll(() => ctx?.close());

  const send = (url: string, bytes: number, method: 'POST' | 'PATCH' = 'POST') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(bytes) }),
    });

  it('answers 413 with the error body over 64 KB of JSON, and over 2 MB on add-image', async () => {
    const tooBig = await send('/api/messages', JSON_BODY_LIMIT);
    const body = expectError(tooBig, 413);
    expect(body.error).toMatch(/too large/i);
    // The image route decides who may upload to which scrim first, then refuses the size before reading it.
    const admin = await createAdmin({ db: ctx.database.db });
    const scrim = await createScrim({ db: ctx.database.db });
    const image = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/scrims/${scrim.id}/add-image?fileName=big.png`,
      headers: { ...bearer(admin.token), 'content-type': 'image/png' },
      payload: Buffer.alloc(IMAGE_MAX_BYTES + 1),
    });
    expectError(image, 413, 'IMAGE_TOO_BIG');
  });

  it('keeps long text inside the limits a 400, not a 413', async () => {
    expectError(await send('/api/messages', JSON_BODY_LIMIT - 100), 400, 'VALIDATION');
  });

  it('drops a socket message over maxHttpBufferSize (16 KB; here 1.1 MB)', async () => {
    const url = await listenLocally(ctx.app);
    const { raw: socket } = await connectClient(url, user.token);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit(SOCKET_EVENTS.sendMessage, { text: 'x'.repeat(1_100_000) });
    expect(await closed).toMatch(/transport/);
  });
});
