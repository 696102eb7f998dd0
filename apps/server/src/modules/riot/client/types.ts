import { z } from 'zod';

/**
 * Riot's documented DTOs, reduced to the fields the app reads. Answers are checked against these, so a change
 * on Riot's side becomes a typed `bad_response` error instead of `undefined` deep in a service.
 */

export const accountDtoSchema = z.object({
  puuid: z.string().min(1),
  gameName: z.string().optional(),
  tagLine: z.string().optional(),
});
export type RiotAccount = z.infer<typeof accountDtoSchema>;

export const summonerDtoSchema = z.object({
  puuid: z.string(),
  profileIconId: z.number().int(),
  summonerLevel: z.number().int(),
  revisionDate: z.number().optional(),
});
export type RiotSummoner = z.infer<typeof summonerDtoSchema>;

export const leagueEntryDtoSchema = z.object({
  queueType: z.string(),
  tier: z.string(),
  rank: z.string(),
  leaguePoints: z.number().optional(),
  wins: z.number().optional(),
  losses: z.number().optional(),
});
export type RiotLeagueEntry = z.infer<typeof leagueEntryDtoSchema>;
export const leagueEntriesDtoSchema = z.array(leagueEntryDtoSchema);

const statusEntrySchema = z.object({
  id: z.number().optional(),
  maintenance_status: z.string().nullable().optional(),
  incident_severity: z.string().nullable().optional(),
  titles: z.array(z.object({ locale: z.string(), content: z.string() })).optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});

export const platformDataDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  locales: z.array(z.string()).optional(),
  maintenances: z.array(statusEntrySchema),
  incidents: z.array(statusEntrySchema),
});
export type RiotPlatformStatus = z.infer<typeof platformDataDtoSchema>;

export const versionsSchema = z.array(z.string().min(1)).min(1);

/** What the app shows of a player (profile icon, summoner level, ranked entries), plus the ids it resolved. */
export interface SummonerProfile {
  puuid: string;
  gameName: string;
  tagLine: string;
  profileIconId: number;
  summonerLevel: number;
  rankedData: RiotLeagueEntry[];
}

// Tournament v5 (and tournament-stub/v5, which has the same shapes).

export const TOURNAMENT_PICK_TYPES = ['BLIND_PICK', 'DRAFT_MODE', 'ALL_RANDOM', 'TOURNAMENT_DRAFT'] as const;
export const TOURNAMENT_MAP_TYPES = ['SUMMONERS_RIFT', 'HOWLING_ABYSS'] as const;
export const TOURNAMENT_SPECTATOR_TYPES = ['NONE', 'LOBBYONLY', 'ALL'] as const;
export type TournamentPickType = (typeof TOURNAMENT_PICK_TYPES)[number];
export type TournamentMapType = (typeof TOURNAMENT_MAP_TYPES)[number];
export type TournamentSpectatorType = (typeof TOURNAMENT_SPECTATOR_TYPES)[number];

/** Body of `POST /lol/tournament/v5/codes` (TournamentCodeParametersV5). */
export interface TournamentCodeParameters {
  teamSize: number;
  mapType: TournamentMapType;
  pickType: TournamentPickType;
  spectatorType: TournamentSpectatorType;
  /** PUUIDs allowed to join the lobby (both teams together). */
  allowedParticipants?: string[];
  /** Free text Riot echoes back in the callback and in games/by-code (`metaData`). */
  metadata?: string;
  /** Whether the allowed participants are enough to make full teams. */
  enoughPlayers: boolean;
}

export const providerIdSchema = z.number().int();
export const tournamentIdSchema = z.number().int();
export const tournamentCodesSchema = z.array(z.string().min(1));

export const tournamentCodeDtoSchema = z.object({
  code: z.string(),
  tournamentId: z.number().optional(),
  providerId: z.number().optional(),
  region: z.string().optional(),
  map: z.string().optional(),
  pickType: z.string().optional(),
  spectators: z.string().optional(),
  teamSize: z.number().optional(),
  lobbyName: z.string().optional(),
  password: z.string().optional(),
  metaData: z.string().optional(),
  participants: z.array(z.string()).optional(),
});
export type RiotTournamentCode = z.infer<typeof tournamentCodeDtoSchema>;

export const lobbyEventsDtoSchema = z.object({
  eventList: z.array(
    // Riot has sent lobby events with a null PUUID: such an event still counts (lobby-guard.fold.ts).
    z.object({ timestamp: z.string(), eventType: z.string(), puuid: z.string().nullish() }).loose(),
  ),
});
export type RiotLobbyEvents = z.infer<typeof lobbyEventsDtoSchema>;

const teamMemberSchema = z.object({ puuid: z.string() });
/** One game played with a code (TournamentGamesV5). */
export const tournamentGameDtoSchema = z.object({
  winningTeam: z.array(teamMemberSchema),
  losingTeam: z.array(teamMemberSchema),
  shortCode: z.string(),
  metaData: z.string().optional(),
  gameId: z.number(),
  gameName: z.string().optional(),
  gameType: z.string().optional(),
  gameMap: z.number().optional(),
  gameMode: z.string().optional(),
  region: z.string().optional(),
});
export type RiotTournamentGame = z.infer<typeof tournamentGameDtoSchema>;
export const tournamentGamesDtoSchema = z.array(tournamentGameDtoSchema);

// match-v5 (regional hosts). Reduced to what the app stores; Riot adds fields often, so objects stay loose.

const count = z.number().int().min(0).max(1_000_000_000);
/** Milliseconds since 1970, within what PostgreSQL stores (a day of slack for a game ending after it). */
const epochMs = z
  .number()
  .int()
  .min(0)
  .max(Date.UTC(9999, 11, 30));
const objectiveSchema = z.object({ first: z.boolean().optional(), kills: count }).loose();

export const matchParticipantDtoSchema = z
  .object({
    participantId: z.number().int().min(1).max(20),
    puuid: z.string().min(1).max(100),
    riotIdGameName: z.string().max(100).optional(),
    riotIdTagline: z.string().max(20).optional(),
    teamId: z.union([z.literal(100), z.literal(200)]),
    win: z.boolean(),
    championName: z.string().min(1).max(40),
    championId: z.number().int(),
    champLevel: count,
    teamPosition: z.string().max(20).optional(),
    kills: count,
    deaths: count,
    assists: count,
    totalMinionsKilled: count,
    neutralMinionsKilled: count,
    goldEarned: count,
    totalDamageDealtToChampions: count,
    visionScore: count,
    item0: count,
    item1: count,
    item2: count,
    item3: count,
    item4: count,
    item5: count,
    item6: count,
    summoner1Id: count,
    summoner2Id: count,
    /** Riot's early-surrender remake: the game counts for nobody. */
    gameEndedInEarlySurrender: z.boolean().optional(),
    perks: z
      .object({
        styles: z
          .array(
            z
              .object({
                description: z.string(),
                selections: z.array(z.object({ perk: z.number().int() }).loose()).max(10),
              })
              .loose(),
          )
          .max(5),
      })
      .loose()
      .optional(),
  })
  .loose();
export type RiotMatchParticipant = z.infer<typeof matchParticipantDtoSchema>;

export const matchTeamDtoSchema = z
  .object({
    teamId: z.union([z.literal(100), z.literal(200)]),
    win: z.boolean(),
    bans: z.array(z.object({ championId: z.number().int(), pickTurn: z.number().int() }).loose()).max(10),
    objectives: z
      .object({
        baron: objectiveSchema,
        champion: objectiveSchema,
        dragon: objectiveSchema,
        inhibitor: objectiveSchema,
        riftHerald: objectiveSchema,
        tower: objectiveSchema,
        horde: objectiveSchema.optional(),
      })
      .loose(),
  })
  .loose();

/** MatchDto: `metadata` and `info`. `gameDuration` is in seconds (since patch 11.20). */
export const matchDtoSchema = z.object({
  metadata: z.object({ matchId: z.string().min(1).max(40), participants: z.array(z.string()).max(20) }).loose(),
  info: z
    .object({
      gameDuration: z
        .number()
        .int()
        .min(0)
        .max(24 * 60 * 60),
      gameEndTimestamp: epochMs.optional(),
      gameStartTimestamp: epochMs.optional(),
      gameCreation: epochMs,
      gameId: z.number().int().optional(),
      gameVersion: z.string().max(40),
      platformId: z.string().max(10),
      tournamentCode: z.string().max(200).optional(),
      participants: z.array(matchParticipantDtoSchema).min(1).max(20),
      teams: z.array(matchTeamDtoSchema).length(2),
    })
    .loose(),
});
export type RiotMatch = z.infer<typeof matchDtoSchema>;
export const matchIdsSchema = z.array(z.string().min(1).max(40)).max(100);

/** Data Dragon's champion.json, reduced to what the app reads: each champion's key, numeric key, name and roles. */
export const championJsonSchema = z.object({
  data: z.record(
    z.string(),
    z
      .object({
        id: z.string().min(1).max(40),
        key: z.string(),
        name: z.string().max(80).optional(),
        tags: z.array(z.string().max(40)).max(10).optional(),
      })
      .loose(),
  ),
});

/** A champion of Data Dragon: `id` is its key (`MonkeyKing`), `name` its display name (`Wukong`), `tags` its classes. */
export interface DataDragonChampion {
  id: string;
  key: number;
  name: string;
  tags: string[];
}
