import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { bearer, createUser, type TestUser } from '../test/factories.js';
import { createWebRoot } from '../test/web-root.js';
import { installWriteJournal, type WriteJournal } from '../test/write-journal.js';

/** JSON answers over 1 KB go compressed (app.ts, @fastify/compress); request bodies are never inflated. */
describe('compressed answers', () => {
  let ctx: TestContext;
  let user: TestUser;
  let journal: WriteJournal;
  beforeAll(async () => {
    ctx = await createTestApp({}, { webRoot: createWebRoot() });
    user = await createUser({ db: ctx.database.db });
    journal = await installWriteJournal(ctx.database.db);
  });
  afterAll(() => ctx?.close());

  // The OpenAPI document: a large public JSON answer.
  const BIG_JSON = '/api/docs/json';

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends a JSON answer over 1 KB as %s when the client takes it, decoding to the same JSON',
    async (encoding, decode) => {
      const plain = await ctx.app.inject({ method: 'GET', url: BIG_JSON });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const packed = await ctx.app.inject({ method: 'GET', url: BIG_JSON, headers: { 'accept-encoding': encoding } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
    },
  );

  it('leaves small answers and clients that take no encoding alone', async () => {
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/server-status',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await ctx.app.inject({
      method: 'GET',
      url: BIG_JSON,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toHaveProperty('openapi');
  });

  it('does not inflate a compressed request body: a 400, nothing written', async () => {
    const mark = await journal.mark();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...bearer(user.token), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ receiverId: user.id, text: 'hello' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await journal.since(mark)).toEqual([]);
  });

  it('serves pages with the security headers, and the CSP on HTML only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    // Swagger UI brings its own CSP for its page; ours does not replace it.
    expect(docs.headers['content-security-policy']).toContain('validator.swagger.io');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
