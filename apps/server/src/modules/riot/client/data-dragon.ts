import { DDRAGON_FALLBACK_VERSION } from '@scrim-gym/shared';
import type { CachedLoad } from './cache.js';
import { drain, enc } from './transport.js';
import { championJsonSchema, versionsSchema, type DataDragonChampion } from './types.js';

/** Data Dragon's version when versions.json cannot be read. */
export { DDRAGON_FALLBACK_VERSION };
export const DEFAULT_DDRAGON_BASE_URL = 'https://ddragon.leagueoflegends.com';

/** Data Dragon, Riot's public CDN of static game data: answers that never fail, falling back instead. */
export interface DataDragonApi {
  /** Newest Data Dragon version; never throws (falls back to 14.24.1). */
  getDataDragonVersion(): Promise<string>;
  /** Data Dragon's champion keys (`MonkeyKing`) by numeric id for `version` (cached); empty when Data Dragon cannot be read. */
  getChampionKeys(version: string): Promise<Map<number, string>>;
  /**
   * The newest version's champions, by display name (cached); null when Data Dragon's champion list cannot be read,
   * so a caller that must validate against it (the draft) can say so instead of guessing.
   */
  getChampionList(): Promise<DataDragonChampion[] | null>;
  /** Display names by Data Dragon key (`MonkeyKing` → `Wukong`) for `version` (cached with the keys); empty likewise. */
  getChampionNames(version: string): Promise<Map<string, string>>;
}

const DAY_MS = 24 * 60 * 60_000;

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

  /** champion.json of `version`, one load per version; null (kept a minute only) when it cannot be read. */
  const championsOf = (version: string) =>
    cached(
      `ddragon:champions:${version}`,
      async (): Promise<DataDragonChampion[] | null> => {
        try {
          const response = await fetchImpl(`${ddragonBaseUrl}/cdn/${enc(version)}/data/en_US/champion.json`, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (!response.ok) {
            await drain(response);
            return null;
          }
          const parsed = championJsonSchema.safeParse(await response.json());
          if (!parsed.success) return null;
          const champions = Object.values(parsed.data.data).map((champion) => ({
            id: champion.id,
            key: Number(champion.key),
            name: champion.name ?? champion.id,
            tags: champion.tags ?? [],
          }));
          return champions.length > 0 ? champions.sort((a, b) => a.name.localeCompare(b.name, 'en')) : null;
        } catch {
          // Data Dragon unreachable: bans are shown without names, and a draft does not start.
          return null;
        }
      },
      // A failed read is retried after a minute; a full one is good for the version's life.
      (champions) => (champions === null ? 60_000 : DAY_MS),
    );

  const getDataDragonVersion = () =>
    cached(
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

  return {
    getDataDragonVersion,

    async getChampionKeys(version) {
      const champions = await championsOf(version);
      return new Map((champions ?? []).map((champion) => [champion.key, champion.id]));
    },

    async getChampionNames(version) {
      const champions = await championsOf(version);
      return new Map((champions ?? []).map((champion) => [champion.id, champion.name]));
    },

    async getChampionList() {
      return championsOf(await getDataDragonVersion());
    },
  };
}
