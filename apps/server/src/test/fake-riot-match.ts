import { crc32, deflateSync } from 'node:zlib';

/**
 * Match-v5 fixtures for the fake Riot: a MatchDto as Riot documents it (metadata + info, ParticipantDto with
 * the fields the app reads and the usual neighbours, TeamDto with bans and objectives), deterministic from the
 * game id so a test can predict every figure. Champions, items, spells and runes are real Data Dragon ids.
 */

/** A champion of the fixture's pool: Data Dragon key, numeric key, display name. */
export interface FakeChampion {
  id: string;
  key: number;
  name: string;
}

const champion = (id: string, key: number, name = id): FakeChampion => ({ id, key, name });

/** Per position (TOP, JUNGLE, MIDDLE, BOTTOM, UTILITY) the champions a fixture team picks from. */
const PICKS: FakeChampion[][] = [
  [champion('Aatrox', 266), champion('Ornn', 516), champion('KSante', 897, "K'Sante")],
  [champion('LeeSin', 64, 'Lee Sin'), champion('Viego', 234), champion('MonkeyKing', 62, 'Wukong')],
  [champion('Ahri', 103), champion('Orianna', 61), champion('Syndra', 134)],
  [champion('Jinx', 222), champion('Kaisa', 145, "Kai'Sa"), champion('Ezreal', 81)],
  [champion('Thresh', 412), champion('Nautilus', 111), champion('Rakan', 497)],
];
/** Banned in the fixture, never picked there. */
const BANS: FakeChampion[] = [
  champion('Yone', 777),
  champion('Zed', 238),
  champion('Vayne', 67),
  champion('Blitzcrank', 53),
  champion('Skarner', 72),
  champion('Azir', 268),
  champion('Sejuani', 113),
  champion('Draven', 119),
  champion('Leona', 89),
  champion('Jax', 24),
];
/** Every champion the fixture uses. */
export const FAKE_CHAMPIONS: FakeChampion[] = [...PICKS.flat(), ...BANS];

/**
 * More of Data Dragon's champions, never in a fixture's match: a draft takes 20 distinct champions per game, and a
 * fearless series takes each game's picks out of the next games, so drafts need a pool beyond the fixture's.
 */
const DRAFT_POOL: FakeChampion[] = [
  champion('Annie', 1),
  champion('Olaf', 2),
  champion('Galio', 3),
  champion('TwistedFate', 4, 'Twisted Fate'),
  champion('XinZhao', 5, 'Xin Zhao'),
  champion('Urgot', 6),
  champion('Leblanc', 7, 'LeBlanc'),
  champion('Vladimir', 8),
  champion('Fiddlesticks', 9),
  champion('Kayle', 10),
  champion('MasterYi', 11, 'Master Yi'),
  champion('Alistar', 12),
  champion('Ryze', 13),
  champion('Sion', 14),
  champion('Sivir', 15),
  champion('Soraka', 16),
  champion('Teemo', 17),
  champion('Tristana', 18),
  champion('Warwick', 19),
  champion('Nunu', 20, 'Nunu & Willump'),
  champion('MissFortune', 21, 'Miss Fortune'),
  champion('Ashe', 22),
  champion('Tryndamere', 23),
  champion('Morgana', 25),
  champion('Zilean', 26),
  champion('Singed', 27),
  champion('Evelynn', 28),
  champion('Twitch', 29),
  champion('Karthus', 30),
  champion('Chogath', 31, "Cho'Gath"),
  champion('Amumu', 32),
  champion('Rammus', 33),
  champion('Anivia', 34),
  champion('Shaco', 35),
  champion('DrMundo', 36, 'Dr. Mundo'),
  champion('Sona', 37),
  champion('Kassadin', 38),
  champion('Irelia', 39),
  champion('Janna', 40),
  champion('Gangplank', 41),
  champion('Corki', 42),
  champion('Karma', 43),
  champion('Taric', 44),
  champion('Veigar', 45),
  champion('Trundle', 48),
  champion('Swain', 50),
  champion('Caitlyn', 51),
  champion('Malphite', 54),
  champion('Katarina', 55),
  champion('Nocturne', 56),
];

/** Data Dragon's classes, given in turn to the fake's champions (enough for a page to filter by them). */
const TAGS = ['Fighter', 'Assassin', 'Mage', 'Marksman', 'Support', 'Tank'];

/** Data Dragon's champion.json of the fake serves these: the fixture's champions, then the draft pool. */
export const DATA_DRAGON_CHAMPIONS: FakeChampion[] = [...FAKE_CHAMPIONS, ...DRAFT_POOL];

const POSITIONS = ['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'UTILITY'] as const;
/** Summoner spells per position (Flash first, as most players bind it to D). */
const SPELLS: [number, number][] = [
  [4, 12],
  [4, 11],
  [4, 14],
  [4, 7],
  [4, 3],
];
/** Keystones per position (Grasp, Conqueror, Electrocute, Lethal Tempo, Aftershock). */
const KEYSTONES = [8437, 8010, 8112, 8008, 8439];
/** Finished items per position (item0–item5) and the trinket (item6). */
const ITEMS: number[][] = [
  [3071, 3053, 3047, 6333, 3075, 0, 3364],
  [6692, 3142, 3158, 3814, 0, 0, 3364],
  [3157, 3089, 3020, 4645, 3165, 0, 3363],
  [3031, 3094, 3006, 3036, 3072, 0, 3363],
  [3190, 3109, 3117, 3876, 0, 0, 3364],
];
const PRIMARY_STYLE = [8400, 8000, 8100, 8000, 8400];

export interface FakeMatchInput {
  /** `NA1_4800000001`. */
  matchId: string;
  gameId: number;
  /** `NA1`. */
  platformId: string;
  /** Blue side's PUUIDs in position order (TOP … UTILITY), then red side's. */
  blue: string[];
  red: string[];
  blueWins: boolean;
  tournamentCode?: string;
  /** Riot IDs to show for PUUIDs (gameName, tagLine). */
  riotIds?: Map<string, { gameName: string; tagLine: string }>;
  /** Default 15.1.648.1234 (patch 15.1). */
  gameVersion?: string;
  /** When the game ended (ms); default now. */
  endedAt?: number;
}

/** Deterministic pseudo-random integers in [min, max] (mulberry32) from a seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    return min + Math.floor(unit * (max - min + 1));
  };
}

/** A match-v5 MatchDto for a finished 5v5 custom game on Summoner's Rift. */
export function buildFakeMatch(input: FakeMatchInput): Record<string, unknown> {
  const roll = seededRandom(input.gameId);
  const durationSeconds = roll(24 * 60, 38 * 60);
  const endedAt = input.endedAt ?? Date.now();
  const startedAt = endedAt - durationSeconds * 1000;
  const minutes = durationSeconds / 60;
  const sides = [
    { teamId: 100, puuids: input.blue, win: input.blueWins, pickSet: 0 },
    { teamId: 200, puuids: input.red, win: !input.blueWins, pickSet: 1 },
  ];
  let participantId = 0;
  const participants = sides.flatMap((side) =>
    side.puuids.map((puuid, position) => {
      participantId++;
      const pick = PICKS[position % 5]![side.pickSet + (input.gameId % 2)]!;
      const winner = side.win;
      const kills = roll(winner ? 2 : 0, winner ? 12 : 7);
      const deaths = roll(winner ? 0 : 2, winner ? 6 : 10);
      const assists = roll(2, winner ? 18 : 10);
      const laneMinions = position === 1 || position === 4 ? roll(10, 40) : Math.round(minutes * roll(6, 9));
      const jungleMinions = position === 1 ? Math.round(minutes * roll(4, 6)) : roll(0, 12);
      const riotId = input.riotIds?.get(puuid);
      return {
        participantId,
        puuid,
        riotIdGameName: riotId?.gameName ?? `Player${participantId}`,
        riotIdTagline: riotId?.tagLine ?? 'NA1',
        teamId: side.teamId,
        win: winner,
        championId: pick.key,
        championName: pick.id,
        champLevel: roll(13, 18),
        teamPosition: POSITIONS[position % 5],
        individualPosition: POSITIONS[position % 5],
        lane: ['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'BOTTOM'][position % 5],
        role: ['SOLO', 'NONE', 'SOLO', 'CARRY', 'SUPPORT'][position % 5],
        kills,
        deaths,
        assists,
        totalMinionsKilled: laneMinions,
        neutralMinionsKilled: jungleMinions,
        goldEarned: Math.round(minutes * (winner ? roll(380, 480) : roll(300, 400))),
        goldSpent: Math.round(minutes * roll(280, 420)),
        totalDamageDealtToChampions: Math.round(minutes * roll(position === 4 ? 250 : 600, 1200)),
        totalDamageTaken: Math.round(minutes * roll(500, 1100)),
        visionScore: Math.round(minutes * (position === 4 ? roll(20, 30) / 10 : roll(5, 12) / 10)),
        wardsPlaced: roll(5, 40),
        wardsKilled: roll(0, 15),
        item0: ITEMS[position % 5]![0],
        item1: ITEMS[position % 5]![1],
        item2: ITEMS[position % 5]![2],
        item3: ITEMS[position % 5]![3],
        item4: ITEMS[position % 5]![4],
        item5: ITEMS[position % 5]![5],
        item6: ITEMS[position % 5]![6],
        summoner1Id: SPELLS[position % 5]![0],
        summoner2Id: SPELLS[position % 5]![1],
        perks: {
          statPerks: { defense: 5011, flex: 5008, offense: 5005 },
          styles: [
            {
              description: 'primaryStyle',
              style: PRIMARY_STYLE[position % 5],
              selections: [{ perk: KEYSTONES[position % 5], var1: roll(100, 900), var2: 0, var3: 0 }],
            },
            { description: 'subStyle', style: 8300, selections: [{ perk: 8347, var1: 0, var2: 0, var3: 0 }] },
          ],
        },
        firstBloodKill: false,
        gameEndedInSurrender: false,
        timePlayed: durationSeconds,
      };
    }),
  );
  let banTurn = 0;
  const teams = sides.map((side, index) => {
    const members = participants.filter((p) => p.teamId === side.teamId);
    const kills = members.reduce((sum, p) => sum + p.kills, 0);
    const towers = side.win ? roll(7, 11) : roll(1, 6);
    return {
      teamId: side.teamId,
      win: side.win,
      bans: BANS.slice(index * 5, index * 5 + 5).map((ban) => ({ championId: ban.key, pickTurn: ++banTurn })),
      objectives: {
        baron: { first: side.win, kills: side.win ? roll(1, 2) : 0 },
        champion: { first: index === 0, kills },
        dragon: { first: side.win, kills: side.win ? roll(2, 4) : roll(0, 2) },
        horde: { first: !side.win, kills: roll(0, 3) },
        inhibitor: { first: side.win, kills: side.win ? roll(1, 3) : 0 },
        riftHerald: { first: side.win, kills: roll(0, 1) },
        tower: { first: side.win, kills: towers },
      },
    };
  });
  return {
    metadata: {
      dataVersion: '2',
      matchId: input.matchId,
      participants: participants.map((p) => p.puuid),
    },
    info: {
      endOfGameResult: 'GameComplete',
      gameCreation: startedAt - 60_000,
      gameDuration: durationSeconds,
      gameEndTimestamp: endedAt,
      gameId: input.gameId,
      gameMode: 'CLASSIC',
      gameName: `teambuilder-match-${input.gameId}`,
      gameStartTimestamp: startedAt,
      gameType: 'CUSTOM_GAME',
      gameVersion: input.gameVersion ?? '15.1.648.1234',
      mapId: 11,
      participants,
      platformId: input.platformId,
      queueId: 0,
      teams,
      ...(input.tournamentCode === undefined ? {} : { tournamentCode: input.tournamentCode }),
    },
  };
}

/** Data Dragon's champion.json for the fake's champions (`data[key].key` is the numeric id as a string). */
export function fakeChampionJson(version: string) {
  return {
    type: 'champion',
    format: 'standAloneComplex',
    version,
    data: Object.fromEntries(
      DATA_DRAGON_CHAMPIONS.map((c, i) => [
        c.id,
        { version, id: c.id, key: String(c.key), name: c.name, title: '', tags: [TAGS[i % TAGS.length]!] },
      ]),
    ),
  };
}

/**
 * Data Dragon's images (champion, item, spell, rune, profile icon) as a flat 16×16 PNG whose colour comes from
 * the path, so pages against the fake show distinct icons (real art is not redistributed here).
 */
export function fakeIconPng(path: string): Buffer {
  let hash = 2166136261;
  for (const char of path) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const [r, g, b] = [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff];
  const size = 16;
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
