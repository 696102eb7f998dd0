import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region, Scrim, ScrimSecrets } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { dayRange } from '../lib/day';

export interface ScrimListParams {
  region: Region;
  startDate: string;
  endDate: string;
}

export const scrimKeys = {
  all: ['scrims'] as const,
  lists: () => ['scrims', 'list'] as const,
  list: (params: ScrimListParams) => ['scrims', 'list', params] as const,
  detail: (id: string) => ['scrims', 'detail', id] as const,
};

/**
 * The scrims' Riot games and scoreboards (api/match.ts): outside `scrimKeys.all`, so a scrim's live change (which
 * refetches whatever under it was in flight) never asks for its match again.
 */
export const scrimMatchKeys = {
  all: ['scrim-match'] as const,
  detail: (id: string) => ['scrim-match', id] as const,
};

const dayQuery = ({ region, startDate, endDate }: ScrimListParams) =>
  new URLSearchParams({ region, startDate, endDate });
export const getScrims = (params: ScrimListParams) => api.get<Scrim[]>(`/scrims?${dayQuery(params)}`);

/**
 * The hub's list is the same bytes for every player (no lobby secrets); a signed-in player's own lobby name,
 * password and tournament code come from GET /api/scrims/mine-secrets (same day), requested with the list and
 * merged in when it arrives. Afterwards each scrim in the list is replaced whole by what the server sends this
 * viewer (a live update, an action's answer): with the secrets when they may see them, without when they lost
 * the right; nothing merged earlier outlives it. A refetch of the list fetches both again.
 */
export const getMySecrets = (params: ScrimListParams) =>
  api.get<ScrimSecrets[]>(`/scrims/mine-secrets?${dayQuery(params)}`);

export function mergeSecrets(scrims: Scrim[], secrets: ScrimSecrets[]): Scrim[] {
  if (secrets.length === 0) return scrims;
  const byId = new Map(secrets.map((s) => [s._id, s]));
  return scrims.map((scrim) => {
    const own = byId.get(scrim._id);
    return own
      ? {
          ...scrim,
          lobbyName: own.lobbyName,
          lobbyPassword: own.lobbyPassword,
          riotTournament: scrim.riotTournament && { ...scrim.riotTournament, tournamentCode: own.tournamentCode },
        }
      : scrim;
  });
}

/** The hub list of one day with, when `withSecrets`, the viewer's own lobby secrets merged in. */
export async function getScrimsWithSecrets(params: ScrimListParams, withSecrets: boolean): Promise<Scrim[]> {
  const list = getScrims(params);
  if (!withSecrets) return list;
  // Without them should that request fail: the list still shows.
  const secrets = getMySecrets(params).catch((error: unknown) => {
    console.error('Error fetching lobby secrets', error);
    return [];
  });
  return mergeSecrets(await list, await secrets);
}

/**
 * The public scrims of one region on one local day (the hub). `withSecrets` (signed in, not an admin: admins get
 * every secret in the list itself): the viewer's own lobby secrets merged in. The key is the day's
 * `scrimKeys.list(params)` either way; live changes update it in place (scrims-cache.ts).
 */
export const scrimsQuery = ({ region, day, withSecrets }: { region: Region; day: string; withSecrets: boolean }) => {
  const params: ScrimListParams = { region, ...dayRange(day) };
  return queryOptions({ queryKey: scrimKeys.list(params), queryFn: () => getScrimsWithSecrets(params, withSecrets) });
};

export function useScrims(hub: { region: Region; day: string; withSecrets: boolean }) {
  return useQuery(scrimsQuery(hub));
}
