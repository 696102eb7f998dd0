import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from './factories.js';
import { startRoleWorld } from './roles.js';

/**
 * The suites that reuse one world trust `undo` to put back every row a call wrote: inserts, updates, deletes and
 * the rows that cascades and triggers wrote with them.
 */
const { ctx, world, journal } = await startRoleWorld({ SESSION_CACHE_TTL_MS: '0' });
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

describe('write journal', () => {
  it('puts back inserts, updates, cascaded deletes and a deleted session', async () => {
    const before = await journal.digest();
    const mark = await journal.mark();
    const { admin, player, otherPlayer } = world.users;

    const writes = [
      await send('DELETE', `/api/scrims/${world.balancedScrim.id}/signup`, player.token),
      await send('POST', '/api/admin/banUser', admin.token, {
        banUserId: otherPlayer.id,
        dateFrom: new Date().toISOString(),
        dateTo: new Date(Date.now() + 86_400_000).toISOString(),
        reason: 'toxic',
      }),
      await send('DELETE', `/api/scrims/${world.fullScrim.id}`, admin.token),
      await send('POST', '/api/auth/logout', player.token),
    ];
    expect(writes.map((res) => res.statusCode < 300)).toEqual([true, true, true, true]);
    const tables = new Set((await journal.since(mark)).map((entry) => entry.table));
    expect(tables.size).toBeGreaterThan(3);
    expect(await journal.digest()).not.toBe(before);

    await journal.undo(mark);

    expect(await journal.digest()).toBe(before);
    expect(await journal.since(mark)).toEqual([]);
    const verify = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(player.token) });
    expect(verify.statusCode).toBe(200);
  });
});
