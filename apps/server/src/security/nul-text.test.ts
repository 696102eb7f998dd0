import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { findNulText, NUL_TEXT_MESSAGE } from '../lib/nul-text.js';
import type { TestContext } from '../test/app.js';
import { bearer } from '../test/factories.js';
import { startRoleWorld, type RoleWorld } from '../test/roles.js';
import { expectError } from '../test/scrim-api.js';
import { connectClient, listenLocally } from '../test/social.js';
import type { WriteJournal } from '../test/write-journal.js';

/**
 * The fuzz's first find: a NUL character in free text (a path, a query, a body field) reached PostgreSQL, which
 * cannot store it, and came back as a 500. These are the calls that failed; every one is now a 400 that writes
 * nothing, and the socket's events refuse it too.
 */
describe('NUL characters in input', () => {
  let ctx: TestContext;
  let world: RoleWorld;
  let journal: WriteJournal;
  beforeAll(async () => {
    ({ ctx, world, journal } = await startRoleWorld());
  });
  afterAll(() => ctx?.close());

  it('finds the first NUL in nested input, keys included', () => {
    expect(findNulText({ body: { a: ['x', 'y\u0000'] } })).toBe('body.a.1');
    expect(findNulText({ query: { 'k\u0000': '1' } })).toBe('query.k\u0000');
    expect(findNulText({ body: { text: 'fine', n: 1, b: null } })).toBeNull();
  });

  const calls = () => [
    { method: 'GET' as const, url: '/api/users/a%00b' },
    { method: 'GET' as const, url: '/api/users/abc?tagline=a%00' },
    { method: 'GET' as const, url: '/api/users/search?q=a%00b' },
    {
      method: 'POST' as const,
      url: '/api/messages',
      payload: { conversationId: world.conversationId, text: 'a\u0000b' },
    },
    { method: 'PUT' as const, url: '/api/auth/update-user', payload: { discord: 'ab\u0000c#1' } },
    {
      method: 'POST' as const,
      url: `/api/notifications/push-user-notification/${world.users.player.id}`,
      payload: { message: 'x\u0000' },
    },
  ];

  it('answers 400 VALIDATION over HTTP and writes nothing', async () => {
    for (const call of calls()) {
      const mark = await journal.mark();
      const res = await ctx.app.inject({ ...call, headers: bearer(world.users.player.token) });
      expectError(res, 400, 'VALIDATION', NUL_TEXT_MESSAGE);
      expect(await journal.since(mark), call.url).toEqual([]);
    }
  });

  it('refuses it in socket events', async () => {
    const client = await connectClient(await listenLocally(ctx.app), world.users.player.token);
    const ack = await client.request(SOCKET_EVENTS.sendMessage, {
      conversationId: world.conversationId,
      text: 'a\u0000',
    });
    expect(ack).toEqual({ ok: false, error: NUL_TEXT_MESSAGE, code: 'VALIDATION' });
    client.close();
  });
});
