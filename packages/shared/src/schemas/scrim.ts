import { z } from 'zod';
import {
  REGIONS,
  RESULT_EVIDENCE_KINDS,
  RESULT_SOURCES,
  UNRATED_REASONS,
  CODE_PARTICIPANTS_STATES,
  RESULT_STATUSES,
  ROLES,
  SCRIM_MODES,
  SCRIM_STATUSES,
  TEAMS,
  WAITLIST_ROLES,
} from '../constants.js';
import { SERIES_FORMATS } from '../rules/board-limits.js';
import { rolePreferenceSchema } from './user.js';
import { scrimAbilitiesSchema } from './scrim-abilities.js';
import { DRAFT_MODES } from '../rules/draft.js';

export const teamNameSchema = z.enum(TEAMS, { error: 'Team must be teamOne or teamTwo' });
export const roleSchema = z.enum(ROLES, { error: 'Role must be one of Top, Jungle, Mid, ADC, Support' });
export const scrimModeSchema = z.enum(SCRIM_MODES, { error: 'Mode must be slots or balanced' });
export const waitlistRoleSchema = z.enum(WAITLIST_ROLES, {
  error: 'Role must be one of Top, Jungle, Mid, ADC, Support or any',
});
export const scrimStatusSchema = z.enum(SCRIM_STATUSES);

/**
 * The team series a scrim is a game of: the game's number in it, the series' format, the game's two teams, blue
 * (teamOne) first, and the users on their rosters or lineups (`rosterIds`: who may neither cast nor, as a community
 * host, run the game; the abilities' rule reads them). Its slots are the lineups'; the page links to /series/:id.
 */
export const scrimSeriesSchema = z.object({
  _id: z.string(),
  gameNumber: z.number().int(),
  format: z.enum(SERIES_FORMATS),
  teams: z.array(z.object({ _id: z.string(), name: z.string(), tag: z.string() })),
  rosterIds: z.array(z.string()),
});
export type ScrimSeries = z.infer<typeof scrimSeriesSchema>;

/** What a scrim shows of a user: enough for a slot (name, tagline, discord, rank, profile link). */
export const scrimUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  summonerTagline: z.string(),
  region: z.enum(REGIONS),
  rank: z.string(),
  discord: z.string(),
  /** The Riot account is linked through Riot Sign On: the rank comes from Riot (else it is self-reported). */
  verified: z.boolean(),
  /** Share (0–100) of the user's last 20 commitments kept; null while they are new (shownReliability). */
  reliability: z.number().int().min(0).max(100).nullable(),
});
export type ScrimUser = z.infer<typeof scrimUserSchema>;

/** A player's skill rating as a scrim shows it: the display rating, provisional for the first 10 games. */
export const scrimRatingSchema = z.object({ rating: z.number().int(), provisional: z.boolean() });

export const scrimPlayerSchema = z.object({
  _user: scrimUserSchema,
  role: roleSchema,
  team: z.object({ name: teamNameSchema }),
  rating: scrimRatingSchema,
});
export type ScrimPlayer = z.infer<typeof scrimPlayerSchema>;

export const riotTournamentSchema = z.object({
  tournamentCode: z.string().nullable(),
  providerId: z.number().nullable(),
  tournamentId: z.number().nullable(),
  setupCompleted: z.boolean(),
  lobbyCreated: z.boolean(),
  /** Why the code (or the automatic result) is missing, or which game was not the scrim's: for who runs it only. */
  lastError: z.string().nullable(),
  /**
   * Whether the code lets in the players seated now (it follows every roster change; null for those who do not
   * see the lobby secrets, and for a code made before it was tracked). `cannotJoin`: players whose Riot account
   * (PUUID) is unknown: the whole list for the scrim's runners (host, admins), the viewer alone for a player.
   */
  participants: z
    .object({
      state: z.enum(CODE_PARTICIPANTS_STATES),
      cannotJoin: z.array(z.string()),
      /** When Riot last accepted the list (the code's creation, or an update). */
      updatedAt: z.string().nullable(),
    })
    .nullable(),
});

export const RIOT_LOBBY_STATES = ['in', 'missing'] as const;

/**
 * Who is in the scrim's Riot lobby, folded from Riot's lobby events (the lobby guard, from 15 minutes before the
 * start until champion select). `count`: the scrim's players in it now; `unknown`: those in whose PUUID is null
 * or not a player's. Riot's events name no side, so none is given.
 */
export const riotLobbySchema = z.object({
  checkedAt: z.string(),
  count: z.number().int().min(0),
  players: z.array(z.object({ userId: z.string(), state: z.enum(RIOT_LOBBY_STATES) })),
  unknown: z.number().int().min(0),
});
export type RiotLobby = z.infer<typeof riotLobbySchema>;

/**
 * A scrim as the API answers it. `lobbyName`, `lobbyPassword` and the tournament code are present only
 * for admins, and for the scrim's players and casters once both teams are full.
 */
export const scrimSchema = z.object({
  _id: z.string(),
  title: z.string(),
  createdBy: scrimUserSchema.nullable(),
  region: z.enum(REGIONS),
  gameStartTime: z.string(),
  isPrivate: z.boolean(),
  isWithCasters: z.boolean(),
  maxCastersAllowedCount: z.number(),
  casters: z.array(scrimUserSchema),
  teamOne: z.array(scrimPlayerSchema),
  teamTwo: z.array(scrimPlayerSchema),
  teamWon: teamNameSchema.nullable(),
  /**
   * When the scrim closed on its own, still not full 30 minutes after its start (beyond the original app): it counts as
   * previous, takes no players and no winner.
   */
  abandonedAt: z.string().nullable(),
  /**
   * Both teams are full, or the game began with them full: the lobby stays open to whoever is in the scrim, and a
   * leave after the start does not lock it again.
   */
  lobbyReady: z.boolean(),
  /**
   * From this instant a player's own leave or a sign-up's withdrawal counts as a late leave (for those who chose
   * their place: see `placed`); the page states that cost before the player confirms.
   */
  lateLeaveFrom: z.string(),
  lobbyHost: scrimUserSchema.nullable(),
  lobbyName: z.string().optional(),
  lobbyPassword: z.string().optional(),
  useTournamentCode: z.boolean(),
  riotTournament: riotTournamentSchema.nullable(),
  /** Riot's lobby now, for its players, casters, host and admins; null for everyone else and before the guard starts. */
  riotLobby: riotLobbySchema.nullable(),
  postGameImage: z.object({ location: z.string() }).nullable(),
  /** 'slots' (players take slots) or 'balanced' (players sign up; the server makes the teams). */
  mode: scrimModeSchema,
  /** A balanced scrim's sign-ups, first come first listed (empty for 'slots'). */
  signups: z.array(
    z.object({
      _user: scrimUserSchema,
      primaryRole: rolePreferenceSchema,
      secondaryRole: rolePreferenceSchema,
      rating: scrimRatingSchema,
    }),
  ),
  /** When both teams are full: Blue's (teamOne's) expected win probability, and who plays off-role. */
  balance: z.object({ blueWinProbability: z.number(), offRole: z.array(z.string()) }).nullable(),
  /** The reported result's state (null while there is no winner). */
  result: z
    .object({
      status: z.enum(RESULT_STATUSES),
      source: z.enum(RESULT_SOURCES),
      reportedBy: z.string().nullable(),
      reportedAt: z.string().nullable(),
      confirmedAt: z.string().nullable(),
      /** A pending report confirms itself at this time unless the other team disputes it first. */
      confirmBy: z.string().nullable(),
      dispute: z.object({ by: z.string().nullable(), reason: z.string(), createdAt: z.string() }).nullable(),
      /** Why the confirmed result moves no rating, and the text shown next to it; null when it is rated. */
      unrated: z.object({ reason: z.enum(UNRATED_REASONS), message: z.string() }).nullable(),
      /** The team whose player confirmed a captain's report (null: not confirmed that way). */
      confirmedBy: teamNameSchema.nullable(),
      /**
       * Everything the result reconciler has seen of the scrim's games, oldest first: for the scrim's host and
       * admins (null for everyone else).
       */
      evidence: z.array(z.object({ kind: z.enum(RESULT_EVIDENCE_KINDS), at: z.string() })).nullable(),
    })
    .nullable(),
  /** Games on the scrim's code that Riot shows as remade (no result; the replay on the same code counts). */
  remakes: z.number().int(),
  /** Each rated player's display rating before and after this scrim's confirmed result. */
  ratingChanges: z.array(z.object({ userId: z.string(), before: z.number().int(), after: z.number().int() })),
  /** Where the scrim stands (derived from its state and the clock when it was presented). */
  status: scrimStatusSchema,
  /** Why its host cancelled it (status 'cancelled'), and when. */
  cancellation: z.object({ reason: z.string(), cancelledAt: z.string() }).nullable(),
  /** The community host who runs this scrim (null: run by the admins). */
  hostedBy: scrimUserSchema.nullable(),
  /** Players waiting for a slot, first come first served: each wants one role or any free slot. */
  waitlist: z.array(z.object({ _user: scrimUserSchema, role: waitlistRoleSchema, joinedAt: z.string() })),
  /**
   * Check-in (null when its host turned it off): players confirm between `opensAt` and `closesAt`; at the close
   * those who did not lose their slot to the waitlist.
   */
  checkIn: z.object({ opensAt: z.string(), closesAt: z.string(), checkedIn: z.array(z.string()) }).nullable(),
  /**
   * The players a host or admin put in (assigned, filled at random, substitutes) who have not checked in or
   * confirmed the place yet: they may leave at no cost, and are no no-show if they do not come.
   */
  placed: z.array(z.string()),
  /** Players replaced after the start by a host or admin: the result and ratings count `in`, not `out`. */
  substitutions: z.array(
    z.object({
      outUserId: z.string().nullable(),
      inUserId: z.string(),
      /** Both players named (the absentee is no longer in the slots); null for an account since removed. */
      outUser: scrimUserSchema.nullable(),
      inUser: scrimUserSchema.nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The team series this scrim is a game of; null for any other scrim. */
  series: scrimSeriesSchema.nullable(),
  /** The draft room: none, the tournament draft, or fearless (a series game); GET /api/scrims/:id/draft has its state. */
  draft: z.enum(DRAFT_MODES),
  /** Seconds a draft turn lasts. */
  draftTimerSeconds: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * What the viewer may do (SCRIM_ABILITIES). Sent with a scrim answered to a signed-in viewer, not in lists nor
   * in live updates (those are the same for everyone): a page keeps the last one it was answered.
   */
  can: scrimAbilitiesSchema.optional(),
});
export type Scrim = z.infer<typeof scrimSchema>;
