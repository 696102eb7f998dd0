import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim, ScrimSecrets } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/render';
import { SCRIM_EVENTS, scrimListeners } from '../hooks/scrim-live';
import { dayRange } from '../lib/day';
import { makeScrim, players } from '../test/scrim-factory';
import { getMySecrets, getScrims, mergeSecrets, scrimKeys } from './scrims';

const withMySecrets = async (list: Promise<Scrim[]>, secrets: Promise<ScrimSecrets[]>) =>
  mergeSecrets(await list, await secrets);

afterEach(() => vi.unstubAllGlobals());

const params = { region: 'NA' as const, ...dayRange('2026-05-01') };
const tournament = {
  providerId: 1,
  tournamentId: 2,
  setupCompleted: true,
  lobbyCreated: false,
  lastError: null,
  participants: null,
};
const at = (hour: number) => new Date(2026, 4, 1, hour).toISOString();
const mine = makeScrim({
  _id: 'mine',
  gameStartTime: at(10),
  ...players(10),
  useTournamentCode: true,
  riotTournament: { ...tournament, tournamentCode: null },
});
const other = makeScrim({ _id: 'other', gameStartTime: at(12), ...players(10) });
const secret: ScrimSecrets = { _id: 'mine', lobbyName: 'Lobby', lobbyPassword: 'pw123456', tournamentCode: 'NA-1' };
const lobbyOf = (scrim: Scrim | undefined) => ({
  name: scrim?.lobbyName,
  password: scrim?.lobbyPassword,
  code: scrim?.riotTournament?.tournamentCode ?? null,
});

describe('the hub list with the viewer’s own lobby secrets', () => {
  it('merges each secret into its scrim only, the code into the tournament there is', () => {
    const merged = mergeSecrets([mine, other], [secret]);
    expect(lobbyOf(merged[0])).toEqual({ name: 'Lobby', password: 'pw123456', code: 'NA-1' });
    expect(lobbyOf(merged[1])).toEqual({ name: undefined, password: undefined, code: null });
    expect(mergeSecrets([other], [{ ...secret, _id: 'other' }])[0]!.riotTournament).toBeNull();
    const list = [mine];
    expect(mergeSecrets(list, [])).toBe(list);
  });

  it('asks mine-secrets with the list’s day', async () => {
    const calls = stubApi({ 'GET /scrims': [mine, other], 'GET /scrims/mine-secrets': [secret] });
    const merged = await withMySecrets(getScrims(params), getMySecrets(params));
    expect(lobbyOf(merged[0]).password).toBe('pw123456');
    const asked = calls.find((c) => c.path === '/scrims/mine-secrets')!;
    expect(Object.fromEntries(new URLSearchParams(asked.query))).toEqual(params);
  });

  it('live updates keep a merged secret, replace it by what the server sends, and drop it for a viewer who lost it', async () => {
    stubApi({ 'GET /scrims': [mine, other], 'GET /scrims/mine-secrets': [secret] });
    const queryClient = createQueryClient();
    const key = scrimKeys.list(params);
    queryClient.setQueryData(key, await withMySecrets(getScrims(params), getMySecrets(params)));
    const listeners = scrimListeners(queryClient);
    const shown = (id: string) => {
      const scrim = queryClient.getQueryData<Scrim[]>(key)!.find((s) => s._id === id);
      expect(scrim).toBeDefined();
      return lobbyOf(scrim);
    };

    // Another scrim changes: the merged secret stays.
    listeners[SCRIM_EVENTS.updated]({ ...other, title: 'Renamed' });
    expect(shown('mine')).toEqual({ name: 'Lobby', password: 'pw123456', code: 'NA-1' });
    // The viewer's scrim changes and the server sends it with the secrets (they still may see them): kept.
    listeners[SCRIM_EVENTS.updated]({
      ...mine,
      title: 'Edited',
      lobbyName: 'Lobby',
      lobbyPassword: 'new-pass',
      riotTournament: { ...tournament, tournamentCode: 'NA-1' },
    });
    expect(shown('mine')).toEqual({ name: 'Lobby', password: 'new-pass', code: 'NA-1' });
    // Someone left: the server sends it without them (not full any more, or the viewer left): gone at once.
    const left = { ...mine, ...players(9) };
    listeners[SCRIM_EVENTS.updated](left);
    expect(shown('mine')).toEqual({ name: undefined, password: undefined, code: null });
    expect(JSON.stringify(queryClient.getQueryData(key))).not.toMatch(/pw123456|new-pass|NA-1/);
  });
});
