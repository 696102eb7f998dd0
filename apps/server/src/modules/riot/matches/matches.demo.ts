import { ROLES, type MatchSide, type Role } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import type { StoredMatchTeam } from '../../../db/schema/index.js';
import type { MatchToStore, ParticipantToStore } from './matches.mapping.js';
import { storeMatch } from './matches.repository.js';

/**
 * The demo community's one game with Riot's figures: a match-v5 game as the fetch job would store it, so a fresh
 * start shows a scoreboard and a match history without a Riot key. Real Data Dragon keys and ids (champions,
 * items, summoner spells, keystones); the figures are fixed, so the demo reads the same on every start.
 */

/** Per role (Top, Jungle, Mid, ADC, Support): champion, items (item0–item6), summoner spells, keystone. */
const LINEUPS: Record<MatchSide, { champion: string; items: number[]; spells: number[]; keystone: number }[]> = {
  blue: [
    { champion: 'Aatrox', items: [3071, 3053, 3047, 6333, 3075, 0, 3364], spells: [4, 12], keystone: 8010 },
    { champion: 'LeeSin', items: [6692, 3142, 3158, 3814, 0, 0, 3364], spells: [4, 11], keystone: 8010 },
    { champion: 'Ahri', items: [3157, 3089, 3020, 4645, 3165, 0, 3363], spells: [4, 14], keystone: 8112 },
    { champion: 'Jinx', items: [3031, 3094, 3006, 3036, 3072, 0, 3363], spells: [4, 7], keystone: 8008 },
    { champion: 'Thresh', items: [3190, 3109, 3117, 3876, 0, 0, 3364], spells: [4, 3], keystone: 8439 },
  ],
  red: [
    { champion: 'Ornn', items: [3068, 3075, 3047, 6665, 0, 0, 3364], spells: [4, 12], keystone: 8437 },
    { champion: 'Viego', items: [6672, 3153, 3111, 3026, 0, 0, 3364], spells: [4, 11], keystone: 8010 },
    { champion: 'Orianna', items: [6653, 3020, 3089, 4645, 0, 0, 3363], spells: [4, 12], keystone: 8214 },
    { champion: 'Kaisa', items: [3124, 3115, 3006, 3085, 0, 0, 3363], spells: [4, 7], keystone: 8008 },
    { champion: 'Nautilus', items: [3190, 3109, 3111, 3050, 0, 0, 3364], spells: [4, 14], keystone: 8439 },
  ],
};

/** Kills, deaths, assists, cs, gold, damage, vision, level: the winners' line first, then the losers'. */
const LINES: Record<'won' | 'lost', [number, number, number, number, number, number, number, number][]> = {
  won: [
    [5, 2, 6, 231, 12_840, 24_310, 21, 17],
    [4, 3, 11, 168, 11_020, 15_870, 38, 15],
    [9, 1, 7, 254, 14_310, 31_460, 24, 17],
    [8, 2, 6, 281, 14_920, 28_940, 19, 16],
    [1, 4, 17, 38, 8_230, 7_210, 74, 13],
  ],
  lost: [
    [2, 5, 3, 214, 10_110, 18_720, 17, 16],
    [3, 6, 4, 152, 9_340, 12_960, 31, 14],
    [4, 5, 3, 236, 11_230, 22_840, 20, 16],
    [3, 6, 2, 259, 11_870, 19_530, 16, 15],
    [0, 5, 8, 31, 6_920, 5_480, 61, 12],
  ],
};

const DURATION_SECONDS = 31 * 60 + 42;

/**
 * Stores the demo's game for a scrim of ten seeded players (`blue` and `red` each in role order) that blue or red
 * won. Returns the repository's outcome ('stored' on a new database).
 */
export function storeDemoMatch({
  db,
  scrimId,
  blue,
  red,
  blueWins,
  playedAt,
}: {
  db: Database;
  scrimId: string;
  blue: { userId: string; riotId: string }[];
  red: { userId: string; riotId: string }[];
  blueWins: boolean;
  playedAt: Date;
}) {
  const line = (side: MatchSide) => ((side === 'blue') === blueWins ? LINES.won : LINES.lost);
  const participants: ParticipantToStore[] = (['blue', 'red'] as const).flatMap((side, sideIndex) =>
    (side === 'blue' ? blue : red).map((player, index) => {
      const [kills, deaths, assists, cs, gold, damage, vision, level] = line(side)[index]!;
      const { champion, items, spells, keystone } = LINEUPS[side][index]!;
      return {
        participantId: sideIndex * 5 + index + 1,
        puuid: `demo-${player.userId}`,
        userId: player.userId,
        riotId: player.riotId,
        side,
        win: (side === 'blue') === blueWins,
        champion,
        role: ROLES[index] as Role,
        kills,
        deaths,
        assists,
        cs,
        gold,
        damage,
        vision,
        level,
        items,
        spells,
        keystone,
      };
    }),
  );
  const team = (side: MatchSide, bans: string[]): StoredMatchTeam => {
    const won = (side === 'blue') === blueWins;
    return {
      side,
      win: won,
      bans,
      gold: line(side).reduce((sum, l) => sum + l[4], 0),
      objectives: {
        kills: line(side).reduce((sum, l) => sum + l[0], 0),
        towers: won ? 9 : 3,
        inhibitors: won ? 2 : 0,
        dragons: won ? 3 : 1,
        barons: won ? 1 : 0,
        heralds: won ? 1 : 0,
        grubs: won ? 4 : 2,
      },
    };
  };
  const match: MatchToStore = {
    matchId: 'NA1_5000000001',
    platformId: 'NA1',
    durationSeconds: DURATION_SECONDS,
    patch: '15.23',
    playedAt,
    teams: [
      team('blue', ['Yone', 'Zed', 'Vayne', 'Blitzcrank', 'Skarner']),
      team('red', ['Azir', 'Sejuani', 'Draven', 'Leona', 'Jax']),
    ],
    participants,
  };
  return storeMatch({ db, scrimId, source: 'admin', match });
}
