import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region, Scrim, ScrimNextDays, ScrimSecrets } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { viewRange, type HubView } from '../lib/day';

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
interface HubQuery {
  region: Region;
  day: string;
  view?: HubView;
  withSecrets: boolean;
}

export const scrimsQuery = ({ region, day, view = 'day', withSecrets }: HubQuery) => {
  const params: ScrimListParams = { region, ...viewRange(day, view) };
  return queryOptions({ queryKey: scrimKeys.list(params), queryFn: () => getScrimsWithSecrets(params, withSecrets) });
};

export function useScrims(hub: HubQuery) {
  return useQuery(scrimsQuery(hub));
}

/**
 * An empty view's next days with scrims (local 'YYYY-MM-DD', at most 14 days ahead), asked only when shown. Outside
 * `scrimKeys.lists()`: live list updates leave it alone; it is as fresh as the server's cached days.
 */
export function useNextScrimDays({ region, after, enabled }: { region: Region; after: string; enabled: boolean }) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useQuery({
    queryKey: ['scrims', 'next-days', region, after, timeZone],
    queryFn: () => api.get<ScrimNextDays>(`/scrims/next-days?${new URLSearchParams({ region, after, timeZone })}`),
    enabled,
  });
}
