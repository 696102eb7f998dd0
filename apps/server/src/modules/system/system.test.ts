import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrim-gym/shared';
import { openPostgres } from '../../db/client.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('system routes', () => {
  it('answers the server check', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/server-status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isServerUp: true });
  });

  it('reports readiness with the database latency', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().databaseMs).toBeGreaterThanOrEqual(0);
    expect(res.json().redis).toBe('off');
  });

  it('answers 503 DATABASE_UNAVAILABLE, fast, when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1: every connection is refused.
    const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/none', { connectTimeoutMs: 1000 });
    const down = await createTestApp({}, { database: unreachable });
    try {
      const started = performance.now();
      const ready = await down.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, code: 'DATABASE_UNAVAILABLE', redis: 'off' });
      const api = await down.app.inject({ method: 'GET', url: '/api/scrims', headers: bearer('a'.repeat(43)) });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ error: MESSAGES.serverErrorText, code: 'DATABASE_UNAVAILABLE' });
      expect(api.headers['retry-after']).toBe('5');
      expect(performance.now() - started).toBeLessThan(2000);
      // Liveness does not depend on the database.
      expect((await down.app.inject({ method: 'GET', url: '/api/server-status' })).statusCode).toBe(200);
    } finally {
      await down.close();
      await unreachable.close();
    }
  });

  it('serves the OpenAPI document built from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/auth/register'].post).toBeDefined();
    expect(doc.paths['/api/server-status'].get).toBeDefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
