import { describe, expect, it } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { scrimKeys, scrimMatchKeys } from '../api/scrims';
import { dayRange } from '../lib/day';
import { makeScrim } from '../test/scrim-factory';
import { SCRIM_EVENTS, scrimListeners } from './scrim-live';

const DAY = '2026-05-01';
const at = (hour: number) => new Date(2026, 4, 1, hour).toISOString();

function setup() {
  const queryClient = createQueryClient();
  const naKey = scrimKeys.list({ region: 'NA', ...dayRange(DAY) });
  const euKey = scrimKeys.list({ region: 'EUW', ...dayRange(DAY) });
  const a = makeScrim({ _id: 'a', gameStartTime: at(10) });
  const c = makeScrim({ _id: 'c', gameStartTime: at(20) });
  queryClient.setQueryData(naKey, [a, c]);
  queryClient.setQueryData(euKey, []);
  const listeners = scrimListeners(queryClient);
  const list = (key = naKey) => queryClient.getQueryData<Scrim[]>(key)!.map((s) => s._id);
  return { queryClient, listeners, list, naKey, euKey, a };
}

describe("live updates from the socket ('getScrimTransaction', 'scrimDeleted')", () => {
  it('adds a new scrim of the day and region, in start order', () => {
    const { listeners, list, euKey } = setup();
    listeners[SCRIM_EVENTS.updated](makeScrim({ _id: 'b', gameStartTime: at(15) }));
    expect(list()).toEqual(['a', 'b', 'c']);
    expect(list(euKey)).toEqual([]);
  });

  it('replaces a changed scrim in the list and the detail', () => {
    const { listeners, queryClient, a } = setup();
    const joined = {
      ...a,
      teamOne: [
        {
          _user: { ...a.createdBy!, _id: 'u1' },
          role: 'Top' as const,
          team: { name: 'teamOne' as const },
          rating: { rating: 1000, provisional: true },
        },
      ],
    };
    listeners[SCRIM_EVENTS.updated](joined);
    expect(
      queryClient.getQueryData<Scrim[]>(scrimKeys.list({ region: 'NA', ...dayRange(DAY) }))![0]!.teamOne,
    ).toHaveLength(1);
    expect(queryClient.getQueryData<Scrim>(scrimKeys.detail('a'))!.teamOne).toHaveLength(1);
  });

  it('moves a scrim edited to another region, day or made private out of the list', () => {
    const { listeners, list, euKey, a } = setup();
    listeners[SCRIM_EVENTS.updated]({ ...a, region: 'EUW' });
    expect(list()).toEqual(['c']);
    expect(list(euKey)).toEqual(['a']);
    listeners[SCRIM_EVENTS.updated]({ ...a, region: 'EUW', isPrivate: true });
    expect(list(euKey)).toEqual([]);
    listeners[SCRIM_EVENTS.updated]({ ...a, gameStartTime: new Date(2026, 4, 2, 10).toISOString() });
    expect(list()).toEqual(['c']);
  });

  it('removes a deleted scrim', () => {
    const { listeners, list } = setup();
    listeners[SCRIM_EVENTS.deleted]({ _id: 'c' });
    expect(list()).toEqual(['a']);
  });
});

describe("'tournamentInitialized' (tournament events update the scrim)", () => {
  it('asks again for a scrim page still without its code, and leaves one that has it', async () => {
    const queryClient = createQueryClient();
    const without = makeScrim({ _id: 'x' });
    const withCode = makeScrim({
      _id: 'y',
      riotTournament: {
        tournamentCode: 'NA-1',
        providerId: 1,
        tournamentId: 1,
        setupCompleted: true,
        lobbyCreated: false,
        lastError: null,
        participants: null,
      },
    });
    queryClient.setQueryData(scrimKeys.detail('x'), without);
    queryClient.setQueryData(scrimKeys.detail('y'), withCode);
    const listeners = scrimListeners(queryClient);
    listeners[SCRIM_EVENTS.codeReady]({ scrimId: 'x' });
    listeners[SCRIM_EVENTS.codeReady]({ scrimId: 'y' });
    expect(queryClient.getQueryState(scrimKeys.detail('x'))!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(scrimKeys.detail('y'))!.isInvalidated).toBe(false);
  });
});

describe("'scrimMatch' (a scrim's Riot game was stored, attached or given up on)", () => {
  it("asks again for that scrim's match only, and leaves the scrim itself alone", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(scrimMatchKeys.detail('x'), { status: 'pending', riotConfigured: true });
    queryClient.setQueryData(scrimMatchKeys.detail('y'), { status: 'pending', riotConfigured: true });
    queryClient.setQueryData(scrimKeys.detail('x'), makeScrim({ _id: 'x' }));
    scrimListeners(queryClient)[SCRIM_EVENTS.match]({ scrimId: 'x', status: 'ready' });
    expect(queryClient.getQueryState(scrimMatchKeys.detail('x'))!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(scrimMatchKeys.detail('y'))!.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(scrimKeys.detail('x'))!.isInvalidated).toBe(false);
  });
});
