import { ROLES, type MatchParticipant, type MatchTeam, type ScrimMatch } from '@scrim-gym/shared';
import { scrimUser } from './scrim-factory';

const CHAMPIONS = ['Aatrox', 'LeeSin', 'Ahri', 'Jinx', 'Thresh', 'Garen', 'MonkeyKing', 'Syndra', 'Caitlyn', 'Leona'];

/** Player `n` of the scrim factory (1..10) as a match participant: linked to their user, modest figures. */
export function participant(n: number, overrides: Partial<MatchParticipant> = {}): MatchParticipant {
  const user = scrimUser(n);
  return {
    userId: user._id,
    name: user.name,
    puuid: `puuid-${n}`,
    riotId: `${user.name}#NA1`,
    champion: CHAMPIONS[n - 1] ?? 'Annie',
    role: ROLES[(n - 1) % 5]!,
    kills: 2,
    deaths: 3,
    assists: 4,
    cs: 150,
    gold: 9000,
    damage: 10_000,
    vision: 20,
    items: [3031, 3006, 0, 0, 0, 0, 3340],
    spells: [4, 14],
    keystone: 8010,
    level: 14,
    ...overrides,
  };
}

const team = (side: MatchTeam['side'], win: boolean, participants: MatchParticipant[]): MatchTeam => ({
  side,
  win,
  objectives: { kills: 20, towers: win ? 9 : 3, inhibitors: win ? 2 : 0, dragons: 3, barons: 1, heralds: 1, grubs: 6 },
  bans: ['Yasuo', null, 'Zed', 'Ahri', 'Lux'],
  gold: participants.reduce((sum, p) => sum + p.gold, 0),
  participants,
});

/**
 * A 30:34 game on patch 14.24 that Blue won: Player 2 (Blue, Jungle) clearly the best of the winners (the MVP),
 * Player 10's seat taken by a stranger with a Riot ID, Player 9's by one without.
 */
export function makeMatch(overrides: Partial<ScrimMatch> = {}): ScrimMatch {
  return {
    matchId: 'NA1_4812345678',
    durationSeconds: 1834,
    patch: '14.24',
    playedAt: '2026-05-01T20:40:00.000Z',
    draftCheck: null,
    teams: [
      team('blue', true, [
        participant(1),
        participant(2, { kills: 12, deaths: 1, assists: 8, damage: 32_000, cs: 214, keystone: 9999 }),
        participant(3),
        participant(4),
        participant(5, { spells: [4, 7] }),
      ]),
      team('red', false, [
        participant(6),
        participant(7),
        participant(8),
        participant(9, { userId: null, name: null, riotId: null, puuid: 'puuid-stranger-2' }),
        participant(10, { userId: null, name: null, riotId: 'Wanderer#EUW', puuid: 'puuid-stranger-1' }),
      ]),
    ],
    ...overrides,
  };
}
