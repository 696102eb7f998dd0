import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { championDataUrl, toDdragon, type Ddragon } from '../../../lib/ddragon';
import { ddragonVersionQuery } from '../../profiles/api/summoner';

/** A champion as the draft shows it: Data Dragon's key (`MonkeyKing`, what the API takes), its name, its classes. */
export interface Champion {
  id: string;
  name: string;
  tags: string[];
}

const championFileSchema = z.object({
  data: z.record(z.string(), z.object({ id: z.string(), name: z.string(), tags: z.array(z.string()) })),
});

/** champion.json of `dd`, by display name; a file that is not Data Dragon's shape is an error, not an empty list. */
export async function getChampions(dd: Ddragon): Promise<Champion[]> {
  const response = await fetch(championDataUrl(dd));
  if (!response.ok) throw new Error(`champion.json: ${response.status}`);
  const file = championFileSchema.parse(await response.json());
  return Object.values(file.data)
    .map(({ id, name, tags }) => ({ id, name, tags }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A version's champions never change: read once per version and origin, kept for the session. */
export const championsQuery = (dd: Ddragon) =>
  queryOptions({
    queryKey: ['ddragon', 'champions', dd.base, dd.version],
    queryFn: () => getChampions(dd),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

export type ChampionsState =
  | { status: 'loading' }
  | { status: 'unreadable' }
  | { status: 'ready'; ddragon: Ddragon; champions: Champion[]; byId: ReadonlyMap<string, Champion> };

/**
 * The draft's champions from the server's Data Dragon (GET /api/riot/ddragon-version, then its champion.json):
 * unreadable when either fails, since a draft cannot be shown or played without the list.
 */
export function useChampions(): ChampionsState {
  const version = useQuery(ddragonVersionQuery);
  const ddragon = version.data ? toDdragon(version.data) : null;
  const list = useQuery({
    ...championsQuery(ddragon ?? { base: '', version: '' }),
    enabled: ddragon !== null,
  });
  if (version.isError || list.isError) return { status: 'unreadable' };
  if (!ddragon || !list.data) return { status: 'loading' };
  return {
    status: 'ready',
    ddragon,
    champions: list.data,
    byId: new Map(list.data.map((champion) => [champion.id, champion])),
  };
}
