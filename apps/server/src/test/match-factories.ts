import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { matchDtoSchema } from '../modules/riot/client/types.js';
import { readMatch, type MatchToStore } from '../modules/riot/matches/matches.mapping.js';
import { storeMatch } from '../modules/riot/matches/matches.repository.js';
import { fakePuuid } from './fake-riot.js';
import { FAKE_CHAMPIONS, buildFakeMatch } from './fake-riot-match.js';
import { createScrim, type TestScrim } from './scrim-factories.js';

/** Data Dragon's champion ids of the fake's fixture, as the client's getChampionKeys would give them. */
export const FAKE_CHAMPION_KEYS = new Map(FAKE_CHAMPIONS.map((c) => [c.key, c.id]));

let nextGameId = 4_900_000_000;

/** Gives users a Riot PUUID (fakePuuid of their id): the scrim's players Riot can name in a match. */
export async function givePuuids({ db, users: list }: { db: Database; users: { id: string }[] }) {
  const puuids: string[] = [];
  for (const user of list) {
    const riotPuuid = fakePuuid(`user-${user.id}`);
    await db.update(users).set({ riotPuuid }).where(eq(users.id, user.id));
    puuids.push(riotPuuid);
  }
  return puuids;
}

/**
 * A stored match for a scrim, as the fetch job or the attach would store it (readMatch + storeMatch on the
 * fake's MatchDto fixture), without Riot. `players` are the users linked by PUUID; everyone else in `blue` and
 * `red` is a stranger. In the fixture, position i of a side plays a champion of PICKS[i] chosen by the side and
 * the game id's parity.
 */
export async function storeFakeMatch({
  db,
  scrim,
  blue,
  red,
  blueWins = true,
  players = [],
  endedAt,
  gameId = nextGameId++,
  platformId = 'NA1',
}: {
  db: Database;
  scrim?: Pick<TestScrim, 'id'>;
  blue: string[];
  red: string[];
  blueWins?: boolean;
  players?: { userId: string; riotPuuid: string | null }[];
  endedAt?: number;
  gameId?: number;
  platformId?: string;
}): Promise<{ scrimId: string; match: MatchToStore }> {
  const scrimId = scrim?.id ?? (await createScrim({ db, gameStartTime: new Date(Date.now() - 3_600_000) })).id;
  const raw = buildFakeMatch({ matchId: `${platformId}_${gameId}`, gameId, platformId, blue, red, blueWins, endedAt });
  const match = readMatch({ dto: matchDtoSchema.parse(raw), championKeys: FAKE_CHAMPION_KEYS, players });
  const outcome = await storeMatch({ db, scrimId, source: 'tournament', match });
  if (outcome !== 'stored') throw new Error(`storeFakeMatch: ${outcome}`);
  return { scrimId, match };
}

/** Four strangers' PUUIDs for the other places of a side. */
export const strangers = (seed: string, count = 4) =>
  Array.from({ length: count }, (_, i) => fakePuuid(`stranger-${seed}-${i}`));
