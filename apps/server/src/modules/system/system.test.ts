import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';

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
