import { z } from 'zod';
import { ROLES } from '../constants.js';
import { DRAFT_ACTIONS } from '../rules/draft.js';
import { MATCH_MESSAGES } from '../texts/en/match.js';
import { roleSchema } from './scrim.js';

/**
 * Match stats from Riot's match-v5: what the app stores and shows of a scrim's game, never Riot's raw
 * body. `champion` is Data Dragon's champion key (`MonkeyKing`), items and spells their Data Dragon ids (0: an
 * empty item slot), `keystone` the rune id (8010) or null.
 */
export const MATCH_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_SIDES = ['blue', 'red'] as const;
export type MatchSide = (typeof MATCH_SIDES)[number];

/** Riot's match ids: the platform in capitals, an underscore and the game id (`NA1_4812345678`, `KR_7123456789`). */
export const RIOT_MATCH_ID_PATTERN = /^[A-Z]{2,4}\d?_\d{1,19}$/;

export const matchParticipantSchema = z.object({
  /** The Scrim Gym user of this PUUID, or null: a stranger (a player not in the scrim), never linked. */
  userId: z.string().nullable(),
  /** The user's name on Scrim Gym when linked. */
  name: z.string().nullable(),
  puuid: z.string(),
  /** Riot ID (gameName#tagLine) as Riot sent it in the match, when it did. */
  riotId: z.string().nullable(),
  champion: z.string(),
  role: roleSchema.nullable(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  cs: z.number().int(),
  gold: z.number().int(),
  damage: z.number().int(),
  vision: z.number().int(),
  items: z.array(z.number().int()),
  spells: z.array(z.number().int()),
  keystone: z.number().int().nullable(),
  level: z.number().int(),
});
export type MatchParticipant = z.infer<typeof matchParticipantSchema>;

export const matchObjectivesSchema = z.object({
  kills: z.number().int(),
  towers: z.number().int(),
  inhibitors: z.number().int(),
  dragons: z.number().int(),
  barons: z.number().int(),
  heralds: z.number().int(),
  grubs: z.number().int(),
});
export type MatchObjectives = z.infer<typeof matchObjectivesSchema>;

export const matchTeamSchema = z.object({
  side: z.enum(MATCH_SIDES),
  win: z.boolean(),
  objectives: matchObjectivesSchema,
  /** Banned champions' keys, in pick turn order (null: a ban Data Dragon could not name, or none). */
  bans: z.array(z.string().nullable()),
  gold: z.number().int(),
  participants: z.array(matchParticipantSchema),
});
export type MatchTeam = z.infer<typeof matchTeamSchema>;

/**
 * One way the game did not follow the scrim's finished draft. `side` is the scoreboard's (Riot's team 100 is
 * blue, 200 red), the team that played it, whichever draft side that team drafted on (a lobby played with sides
 * swapped is read from the players' PUUIDs). A pick: `played` a champion its draft did not have, `drafted` one it
 * had that nobody of the side played. A ban: `played` banned in the game (null: no such ban), `drafted` the
 * draft's ban (null: the draft had none there).
 */
export const draftMismatchSchema = z.object({
  action: z.enum(DRAFT_ACTIONS),
  side: z.enum(MATCH_SIDES),
  played: z.string().nullable(),
  drafted: z.string().nullable(),
});
export type DraftMismatch = z.infer<typeof draftMismatchSchema>;

/** The game against its finished draft: the differences, and the display names of the champions they name. */
export const draftCheckSchema = z.object({
  mismatches: z.array(draftMismatchSchema),
  /** Data Dragon key → display name (`MonkeyKing` → `Wukong`); a key without one is shown as it is. */
  names: z.record(z.string(), z.string()),
});
export type DraftCheck = z.infer<typeof draftCheckSchema>;

export const scrimMatchSchema = z.object({
  matchId: z.string(),
  durationSeconds: z.number().int(),
  /** major.minor of Riot's gameVersion ("14.24"). */
  patch: z.string(),
  /** When the game ended (ISO). */
  playedAt: z.string(),
  teams: z.array(matchTeamSchema),
  /** Null when the scrim had no finished draft. */
  draftCheck: draftCheckSchema.nullable(),
});
export type ScrimMatch = z.infer<typeof scrimMatchSchema>;

/**
 * GET /api/scrims/:id/match. 'none': no Riot game is known for the scrim; 'pending': being fetched; 'failed':
 * Riot never gave it (players see "stats unavailable"). `riotConfigured` false: the server has no Riot key, so
 * stats come only with tournament codes once one is set.
 */
export const scrimMatchResponseSchema = z.object({
  status: z.enum(MATCH_STATUSES),
  riotConfigured: z.boolean(),
  match: scrimMatchSchema.optional(),
});
export type ScrimMatchResponse = z.infer<typeof scrimMatchResponseSchema>;

/** POST /api/admin/scrims/:id/attach-match. */
export const attachMatchBodySchema = z.object({
  matchId: z
    .string({ error: MATCH_MESSAGES.matchIdInvalid })
    .trim()
    .max(40, MATCH_MESSAGES.matchIdInvalid)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(RIOT_MATCH_ID_PATTERN, MATCH_MESSAGES.matchIdInvalid)),
});
export type AttachMatchBody = z.input<typeof attachMatchBodySchema>;

/** Champion keys as Data Dragon spells them: letters, digits, and nothing else. */
export const championKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9]+$/);

/** GET /api/users/:id/matches?cursor&role&champion&limit. */
export const userMatchesQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  role: z.enum(ROLES).optional(),
  champion: championKeySchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type UserMatchesQuery = z.input<typeof userMatchesQuerySchema>;

/** One game of the user's history: their line of the scoreboard and the game around it. */
/**
 * A game of a team series (a lineup's game): the series and the game's number in it, the player's team and the
 * opponent by tag (null once a team is deleted). Team games move team ratings, never the player's own.
 */
export const teamGameSchema = z.object({
  seriesId: z.string(),
  number: z.number().int(),
  teamTag: z.string().nullable(),
  opponentTag: z.string().nullable(),
});
export type TeamGame = z.infer<typeof teamGameSchema>;

export const userMatchRowSchema = z.object({
  scrimId: z.string(),
  scrimTitle: z.string(),
  matchId: z.string(),
  playedAt: z.string(),
  durationSeconds: z.number().int(),
  win: z.boolean(),
  side: z.enum(MATCH_SIDES),
  champion: z.string(),
  role: roleSchema.nullable(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  cs: z.number().int(),
  gold: z.number().int(),
  damage: z.number().int(),
  vision: z.number().int(),
  level: z.number().int(),
  items: z.array(z.number().int()),
  spells: z.array(z.number().int()),
  keystone: z.number().int().nullable(),
  /** Null for a scrim of ten; the series' game for a team game. */
  teamGame: teamGameSchema.nullable(),
});
export type UserMatchRow = z.infer<typeof userMatchRowSchema>;

export const userMatchesResponseSchema = z.object({
  rows: z.array(userMatchRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type UserMatchesResponse = z.infer<typeof userMatchesResponseSchema>;

/** Totals of a group of games (a champion, a role): divide by `games` (or `seconds`) for averages. */
const statTotals = {
  games: z.number().int(),
  wins: z.number().int(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  cs: z.number().int(),
  damage: z.number().int(),
  vision: z.number().int(),
  /** Total game time, for per-minute figures. */
  seconds: z.number().int(),
};

/** GET /api/users/:id/champions: the champion pool, most played first. */
export const userChampionStatsSchema = z.array(z.object({ champion: z.string(), ...statTotals }));
export type UserChampionStats = z.infer<typeof userChampionStatsSchema>;

/** GET /api/users/:id/roles: per-role totals, in the order of ROLES. */
export const userRoleStatsSchema = z.array(z.object({ role: roleSchema, ...statTotals }));
export type UserRoleStats = z.infer<typeof userRoleStatsSchema>;
