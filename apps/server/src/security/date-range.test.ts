import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '@scrim-gym/shared';
import type { TestContext } from '../test/app.js';
import { bearer } from '../test/factories.js';
import { startRoleWorld, type RoleWorld } from '../test/roles.js';
import { expectError } from '../test/scrim-api.js';
import type { WriteJournal } from '../test/write-journal.js';

/**
 * Found by probing the fuzz's edge dates: an ISO date PostgreSQL cannot store (year 0, or 9999 with an offset
 * that lands in year 10000) passed validation and failed in the database with a 500. Each is now a 400.
 */
describe('dates outside 1970–9999', () => {
  let ctx: TestContext;
  let world: RoleWorld;
  let journal: WriteJournal;
  beforeAll(async () => {
    ({ ctx, world, journal } = await startRoleWorld());
  });
  afterAll(() => ctx?.close());

  const scrimBody = (gameStartTime: string) => ({
    title: 'Old times',
    region: 'NA',
    gameStartTime,
    isPrivate: false,
    isWithCasters: false,
    maxCastersAllowedCount: 0,
    lobbyPassword: 'pw',
    teamWon: null,
    useTournamentCode: false,
  });

  it('answers 400 and writes nothing', async () => {
    const calls = [
      {
        method: 'GET' as const,
        url: '/api/scrims?region=NA&startDate=0000-06-01T00:00:00Z&endDate=0000-06-02T00:00:00Z',
      },
      {
        method: 'GET' as const,
        url: '/api/scrims?region=NA&startDate=0001-01-01T00:00:00%2B14:00&endDate=0001-01-02T00:00:00Z',
      },
      { method: 'POST' as const, url: '/api/scrims', payload: scrimBody('0000-06-01T00:00:00Z') },
      {
        method: 'PUT' as const,
        url: `/api/scrims/${world.openScrim.id}`,
        payload: scrimBody('9999-12-31T23:00:00-14:00'),
      },
      { method: 'GET' as const, url: `/api/messages/${world.conversationId}?before=0000-01-01T00:00:00Z` },
      {
        method: 'POST' as const,
        url: '/api/admin/banUser',
        payload: {
          banUserId: world.users.otherPlayer.id,
          dateFrom: new Date().toISOString(),
          dateTo: '9999-12-31T23:59:59.999-14:00',
          reason: 'forever and a day',
        },
      },
      {
        method: 'GET' as const,
        url: `/api/users/${world.users.player.id}/activity?range=custom&from=0000-01-01&to=0001-01-01`,
      },
    ];
    for (const call of calls) {
      const mark = await journal.mark();
      const res = await ctx.app.inject({ ...call, headers: bearer(world.users.admin.token) });
      const body = expectError(res, 400, 'VALIDATION');
      expect(
        body.details?.map((d) => d.message),
        call.url,
      ).toContain(DATE_RANGE_MESSAGE);
      expect(await journal.since(mark)).toEqual([]);
    }
  });
});
