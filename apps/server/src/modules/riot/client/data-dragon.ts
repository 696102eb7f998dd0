import { DDRAGON_FALLBACK_VERSION } from '@scrim-gym/shared';
import type { CachedLoad } from './cache.js';
import { drain, enc } from './transport.js';
import { championJsonSchema, versionsSchema } from './types.js';

/** Data Dragon's version when versions.json cannot be read. */
export { DDRAGON_FALLBACK_VERSION };
export const DEFAULT_DDRAGON_BASE_URL = 'https://ddragon.leagueoflegends.com';

/** Data Dragon, Riot's public CDN of static game data: answers that never fail, falling back instead. */
export interface DataDragonApi {
  /** Newest Data Dragon version; never throws (falls back to 14.24.1). */
  getDataDragonVersion(): Promise<string>;
  /** Data Dragon's champion keys (`MonkeyKing`) by numeric id for `version` (cached); empty when Data Dragon cannot be read. */
  getChampionKeys(version: string): Promise<Map<number, string>>;
  /** Display names by Data Dragon key (`MonkeyKing` → `Wukong`) for `version` (cached with the keys); empty likewise. */
  getChampionNames(version: string): Promise<Map<string, string>>;
}

interface ChampionTables {
  keys: Map<number, string>;
  names: Map<string, string>;
}

export function createDataDragonApi({
  baseUrl,
  fetch: fetchImpl,
  timeoutMs,
  cached,
}: {
  baseUrl: string | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
  cached: CachedLoad;
}): DataDragonApi {
  const ddragonBaseUrl = (baseUrl ?? DEFAULT_DDRAGON_BASE_URL).replace(/\/+$/, '');
  /** champion.json of `version`, read once for both look-ups; empty when Data Dragon cannot be read. */
  const loadChampions = (version: string) =>
    cached(
      `ddragon:champions:${version}`,
      async (): Promise<ChampionTables> => {
        const tables: ChampionTables = { keys: new Map(), names: new Map() };
        try {
          const response = await fetchImpl(`${ddragonBaseUrl}/cdn/${enc(version)}/data/en_US/champion.json`, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (!response.ok) {
            await drain(response);
            return tables;
          }
          const parsed = championJsonSchema.safeParse(await response.json());
          if (!parsed.success) return tables;
          for (const champion of Object.values(parsed.data.data)) {
            tables.keys.set(Number(champion.key), champion.id);
            tables.names.set(champion.id, champion.name ?? champion.id);
          }
        } catch {
          // Data Dragon unreachable: bans are shown without names, champions by their keys.
        }
        return tables;
      },
      // An empty answer is retried after a minute; a full one is good for the version's life.
      (tables) => (tables.keys.size === 0 ? 60_000 : 24 * 60 * 60_000),
    );
  return {
    getDataDragonVersion() {
      return cached(
        'ddragon:version',
        async () => {
          try {
            // No key here: Data Dragon is a public CDN.
            const response = await fetchImpl(`${ddragonBaseUrl}/api/versions.json`, {
              headers: { accept: 'application/json' },
              signal: AbortSignal.timeout(timeoutMs),
            });
            if (!response.ok) {
              await drain(response);
              return DDRAGON_FALLBACK_VERSION;
            }
            const parsed = versionsSchema.safeParse(await response.json());
            return parsed.success ? parsed.data[0]! : DDRAGON_FALLBACK_VERSION;
          } catch {
            return DDRAGON_FALLBACK_VERSION;
          }
        },
        // A fallback is kept a minute only, so a Data Dragon hiccup does not pin an old version for 30 min.
        (version) => (version === DDRAGON_FALLBACK_VERSION ? 60_000 : undefined),
      );
    },

    async getChampionKeys(version) {
      return (await loadChampions(version)).keys;
    },

    async getChampionNames(version) {
      return (await loadChampions(version)).names;
    },
  };
}
