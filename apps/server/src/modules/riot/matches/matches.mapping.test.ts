import { describe, expect, it } from 'vitest';
import { FAKE_CHAMPIONS, buildFakeMatch, fakeChampionJson } from '../../../test/fake-riot-match.js';
import { matchDtoSchema, type RiotMatch } from '../client/types.js';
import { MalformedMatchError, countScrimPlayersIn, patchOf, readMatch } from './matches.mapping.js';

const blue = ['p-blue-top', 'p-blue-jng', 'p-blue-mid', 'p-blue-adc', 'p-blue-sup'];
const red = ['p-red-top', 'p-red-jng', 'p-red-mid', 'p-red-adc', 'p-red-sup'];

/** A MatchDto as the client hands it over: the fixture, parsed by the client's own schema. */
function matchDto(overrides: { gameId?: number; blueWins?: boolean } = {}): RiotMatch {
  const gameId = overrides.gameId ?? 4_800_000_010;
  const raw = buildFakeMatch({
    matchId: `NA1_${gameId}`,
    gameId,
    platformId: 'NA1',
    blue,
    red,
    blueWins: overrides.blueWins ?? true,
    tournamentCode: 'NA04-code',
    endedAt: Date.UTC(2025, 2, 1, 20, 0),
  });
  return matchDtoSchema.parse(raw);
}

/** Data Dragon's champion keys, as the client builds them from champion.json. */
const championKeys = new Map(
  Object.values(fakeChampionJson('15.1.1').data).map((champion) => [Number(champion.key), champion.id]),
);

/** Nine of the ten are the scrim's players; the blue ADC is in the game but not in the scrim. */
const scrimPlayers = [...blue, ...red]
  .filter((puuid) => puuid !== 'p-blue-adc')
  .map((puuid) => ({ userId: `user-of-${puuid}`, riotPuuid: puuid }));

describe('readMatch', () => {
  it("links the scrim's players by PUUID and leaves a stranger unlinked, even one who is a Scrim Gym user", () => {
    const dto = matchDto();
    // The stranger's PUUID belongs to a Scrim Gym user who is NOT in this scrim: readMatch never sees it, since
    // it links only among the scrim's players. A scrim player without a known PUUID links to nothing either.
    const players = [...scrimPlayers, { userId: 'user-without-puuid', riotPuuid: null }];
    const match = readMatch({ dto, championKeys, players });

    expect(match.participants).toHaveLength(10);
    for (const participant of match.participants) {
      if (participant.puuid === 'p-blue-adc') expect(participant.userId).toBeNull();
      else expect(participant.userId).toBe(`user-of-${participant.puuid}`);
    }
    expect(match.participants.filter((p) => p.userId === null)).toHaveLength(1);
    expect(countScrimPlayersIn(match, players)).toBe(9);
  });

  it('reads sides, roles, keystones, items, spells, CS and Riot IDs from each participant', () => {
    const dto = matchDto();
    const match = readMatch({ dto, championKeys, players: scrimPlayers });

    expect(match.participants.map((p) => p.side)).toEqual([...Array(5).fill('blue'), ...Array(5).fill('red')]);
    expect(match.participants.map((p) => p.role)).toEqual([
      'Top',
      'Jungle',
      'Mid',
      'ADC',
      'Support',
      'Top',
      'Jungle',
      'Mid',
      'ADC',
      'Support',
    ]);
    // The fixture's keystones per position: Grasp, Conqueror, Electrocute, Lethal Tempo, Aftershock.
    expect(match.participants.slice(0, 5).map((p) => p.keystone)).toEqual([8437, 8010, 8112, 8008, 8439]);
    expect(match.participants.every((p) => p.win === (p.side === 'blue'))).toBe(true);

    const raw = dto.info.participants[0]!;
    const top = match.participants[0]!;
    expect(top).toMatchObject({
      participantId: 1,
      puuid: 'p-blue-top',
      champion: raw.championName,
      kills: raw.kills,
      deaths: raw.deaths,
      assists: raw.assists,
      cs: raw.totalMinionsKilled + raw.neutralMinionsKilled,
      gold: raw.goldEarned,
      damage: raw.totalDamageDealtToChampions,
      vision: raw.visionScore,
      level: raw.champLevel,
      riotId: `${raw.riotIdGameName}#${raw.riotIdTagline}`,
    });
    expect(top.items).toEqual([raw.item0, raw.item1, raw.item2, raw.item3, raw.item4, raw.item5, raw.item6]);
    expect(top.items).toHaveLength(7);
    expect(top.spells).toEqual([4, 12]);
  });

  it('a participant without a position or runes (a remake, an old body) gets no role and no keystone', () => {
    const dto = matchDto();
    const [first, ...rest] = dto.info.participants;
    const odd = { ...first!, teamPosition: '' };
    delete odd.perks;
    const match = readMatch({
      dto: { ...dto, info: { ...dto.info, participants: [odd, ...rest] } },
      championKeys,
      players: [],
    });
    expect(match.participants[0]).toMatchObject({ role: null, keystone: null, userId: null });
  });

  it('names the bans in pick order from Data Dragon, null for an unknown id or no ban', () => {
    const dto = matchDto();
    const match = readMatch({ dto, championKeys, players: scrimPlayers });
    const bans = FAKE_CHAMPIONS.slice(-10).map((c) => c.id);
    expect(match.teams.map((t) => t.side)).toEqual(['blue', 'red']);
    expect(match.teams[0]!.bans).toEqual(bans.slice(0, 5));
    expect(match.teams[1]!.bans).toEqual(bans.slice(5));

    // Riot lists bans in any order and marks "no ban" with -1; Data Dragon may not know a new champion.
    const [blueTeam, redTeam] = dto.info.teams;
    const shuffled = {
      ...blueTeam!,
      bans: [
        { championId: 999_999, pickTurn: 3 },
        { championId: -1, pickTurn: 2 },
        { championId: 777, pickTurn: 1 },
      ],
    };
    const odd = readMatch({
      dto: { ...dto, info: { ...dto.info, teams: [redTeam!, shuffled] } },
      championKeys,
      players: [],
    });
    expect(odd.teams.map((t) => t.side)).toEqual(['blue', 'red']);
    expect(odd.teams[0]!.bans).toEqual(['Yone', null, null]);
    // Without Data Dragon (an empty map) every ban is unnamed, nothing fails.
    expect(readMatch({ dto, championKeys: new Map(), players: [] }).teams[0]!.bans).toEqual(Array(5).fill(null));
  });

  it("reads the teams' objectives and gold, the duration, patch and end time", () => {
    const dto = matchDto();
    const match = readMatch({ dto, championKeys, players: scrimPlayers });
    const rawBlue = dto.info.teams.find((t) => t.teamId === 100)!;
    expect(match.teams[0]).toMatchObject({
      win: true,
      objectives: {
        kills: rawBlue.objectives.champion.kills,
        towers: rawBlue.objectives.tower.kills,
        inhibitors: rawBlue.objectives.inhibitor.kills,
        dragons: rawBlue.objectives.dragon.kills,
        barons: rawBlue.objectives.baron.kills,
        heralds: rawBlue.objectives.riftHerald.kills,
        grubs: rawBlue.objectives.horde!.kills,
      },
      gold: dto.info.participants.filter((p) => p.teamId === 100).reduce((sum, p) => sum + p.goldEarned, 0),
    });
    expect(match.matchId).toBe('NA1_4800000010');
    expect(match.platformId).toBe('NA1');
    expect(match.durationSeconds).toBe(dto.info.gameDuration);
    expect(match.patch).toBe('15.1');
    expect(match.playedAt).toEqual(new Date(Date.UTC(2025, 2, 1, 20, 0)));
    expect(patchOf('14.24.640.9999')).toBe('14.24');
    expect(patchOf('')).toBe('unknown');
  });

  describe('a body the app cannot store throws MalformedMatchError', () => {
    it('a participantId listed twice', () => {
      const dto = matchDto();
      const participants = dto.info.participants.map((p, i) => (i === 9 ? { ...p, participantId: 1 } : p));
      expect(() =>
        readMatch({ dto: { ...dto, info: { ...dto.info, participants } }, championKeys, players: [] }),
      ).toThrow(MalformedMatchError);
    });

    it('a PUUID listed twice', () => {
      const dto = matchDto();
      const participants = dto.info.participants.map((p, i) => (i === 9 ? { ...p, puuid: 'p-blue-top' } : p));
      expect(() =>
        readMatch({ dto: { ...dto, info: { ...dto.info, participants } }, championKeys, players: [] }),
      ).toThrow(MalformedMatchError);
    });

    it('two teams on the same side', () => {
      const dto = matchDto();
      const teams = dto.info.teams.map((t) => ({ ...t, teamId: 100 as const }));
      expect(() => readMatch({ dto: { ...dto, info: { ...dto.info, teams } }, championKeys, players: [] })).toThrow(
        /blue and a red team/,
      );
    });
  });
});
