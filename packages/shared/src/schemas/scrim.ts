import { z } from 'zod';
import {
  MAX_CASTERS_CHOICES,
  REGIONS,
  RESULT_SOURCES,
  UNRATED_REASONS,
  RESULT_STATUSES,
  ROLES,
  SCRIM_MODES,
  SCRIM_STATUSES,
  TEAMS,
  WAITLIST_ROLES,
  CANCEL_REASON_MAX,
} from '../constants.js';
import { isoDateTime } from './common.js';
import { regionSchema, rolePreferenceSchema } from './user.js';

export const teamNameSchema = z.enum(TEAMS, { error: 'Team must be teamOne or teamTwo' });
export const roleSchema = z.enum(ROLES, { error: 'Role must be one of Top, Jungle, Mid, ADC, Support' });
export const scrimModeSchema = z.enum(SCRIM_MODES, { error: 'Mode must be slots or balanced' });
export const waitlistRoleSchema = z.enum(WAITLIST_ROLES, {
  error: 'Role must be one of Top, Jungle, Mid, ADC, Support or any',
});
export const scrimStatusSchema = z.enum(SCRIM_STATUSES);

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
  /** Why the code (or the automatic result) is missing; sent with the lobby secrets only. */
  lastError: z.string().nullable(),
});

/**
 * What a viewer may do to a scrim (`Scrim.can`), one flag per power, as the server's policy decides it from the
 * viewer's role (admin, the scrim's community host, its lobby captain), not from the scrim's state: an action the
 * state refuses still answers with its own error.
 */
export const SCRIM_ABILITIES = [
  'edit',
  'delete',
  'assignPlayers',
  'fillRandom',
  'swapPlayers',
  'kick',
  'substitute',
  'cancel',
  'balance',
  'setWinner',
  'addImage',
  'removeImage',
  'regenerateTournamentCode',
  'resolveDispute',
] as const;
export type ScrimAbility = (typeof SCRIM_ABILITIES)[number];
export const scrimAbilitiesSchema = z.object(
  Object.fromEntries(SCRIM_ABILITIES.map((ability) => [ability, z.boolean()])) as Record<ScrimAbility, z.ZodBoolean>,
);
export type ScrimAbilities = z.infer<typeof scrimAbilitiesSchema>;

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
    })
    .nullable(),
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
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * What the viewer may do (SCRIM_ABILITIES). Sent with a scrim answered to a signed-in viewer, not in lists nor
   * in live updates (those are the same for everyone): a page keeps the last one it was answered.
   */
  can: scrimAbilitiesSchema.optional(),
});
export type Scrim = z.infer<typeof scrimSchema>;

export const scrimListQuerySchema = z
  .object({
    region: regionSchema,
    startDate: isoDateTime('startDate must be an ISO date-time'),
    endDate: isoDateTime('endDate must be an ISO date-time'),
  })
  .refine((q) => new Date(q.endDate) > new Date(q.startDate), {
    message: 'endDate must be after startDate',
    path: ['endDate'],
  })
  .refine((q) => new Date(q.endDate).getTime() - new Date(q.startDate).getTime() <= 8 * 24 * 3600 * 1000, {
    message: 'The range can span at most 8 days',
    path: ['endDate'],
  });

/** How far ahead the hub looks for the next days with scrims when the chosen day has none. */
export const NEXT_SCRIM_DAYS_AHEAD = 14;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/**
 * GET /api/scrims/next-days: the viewer's local days (in `timeZone`) with public scrims of a region in the
 * 14 days from `after` (the end of the day the hub shows), for an empty day's "next days with scrims".
 */
export const scrimNextDaysQuerySchema = z.object({
  region: regionSchema,
  after: isoDateTime('after must be an ISO date-time'),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'timeZone must be an IANA time zone, e.g. Europe/Berlin' }),
});
export const scrimNextDaysSchema = z.object({ days: z.array(z.string()) });
export type ScrimNextDays = z.infer<typeof scrimNextDaysSchema>;

/**
 * GET /api/scrims/mine-secrets (beyond the original app): the hub's list is the same bytes for every viewer but admins,
 * without lobby secrets; a signed-in player asks for their own with the list's query and merges them in. One
 * entry per scrim of that day whose lobby the viewer may see (admins: every scrim; players and casters: their
 * scrims once both teams are full).
 */
export const scrimSecretsSchema = z.object({
  _id: z.string(),
  lobbyName: z.string(),
  lobbyPassword: z.string(),
  tournamentCode: z.string().nullable(),
});
export type ScrimSecrets = z.infer<typeof scrimSecretsSchema>;
export const mySecretsResponseSchema = z.array(scrimSecretsSchema);

export const playerDataSchema = z.object({
  playerData: z.object({ role: roleSchema, team: z.object({ name: teamNameSchema }) }),
});

/**
 * Joining a slot (insert-player). `leaveCast: true` (beyond the original app) switches a caster of the scrim to this
 * slot in one step: the cast is left and the slot taken in one transaction, or neither happens.
 */
export const joinSlotBodySchema = playerDataSchema.extend({ leaveCast: z.boolean().optional() });
export type JoinSlotBody = z.input<typeof joinSlotBodySchema>;

export const scrimUserParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid scrim id' }),
  userId: z.uuid({ error: 'Invalid user id' }),
});

export const adminAssignBodySchema = z.object(
  {
    userId: z.uuid({ error: 'Please select a user, team, and role' }),
    teamName: z.enum(TEAMS, { error: 'Please select a user, team, and role' }),
    role: z.enum(ROLES, { error: 'Please select a user, team, and role' }),
  },
  { error: 'Please select a user, team, and role' },
);

export const fillRandomBodySchema = z
  .object({ region: regionSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});

export const setWinnerBodySchema = z.object({ winnerTeamName: teamNameSchema });

/** Drag one player onto a slot: they exchange places with its player, or move when it is empty. */
export const swapPlayersBodySchema = z.object({
  userId: z.uuid(),
  team: teamNameSchema,
  role: roleSchema,
});

/**
 * The post-game image travels as the request body, in binary (`image/jpeg`, `image/png` or
 * `application/octet-stream`); its file name, for the messages that name it, in the query.
 */
export const addImageQuerySchema = z.object({
  fileName: z.string().max(255).optional().describe("The file's name, for the messages that name it"),
});

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(80, 'Title can be at most 80 characters');
/** A lobby host of `null` (what older clients send) means "random" too: a random player. */
const lobbyHostSchema = z
  .union([z.literal('random'), z.literal('me'), z.uuid(), z.null()])
  .default('random')
  .transform((host) => host ?? 'random');
const maxCastersSchema = z.union([z.literal(0), ...MAX_CASTERS_CHOICES.map((n) => z.literal(n))]);

export const createScrimBodySchema = z.object({
  title: titleSchema,
  region: regionSchema,
  gameStartTime: isoDateTime('Start date and time are required'),
  isPrivate: z.boolean().default(false),
  isWithCasters: z.boolean().default(false),
  maxCastersAllowedCount: maxCastersSchema.default(2),
  lobbyName: z.string().trim().max(80).optional(),
  lobbyPassword: z.string().trim().max(40).optional(),
  lobbyHost: lobbyHostSchema,
  useTournamentCode: z.boolean().default(true),
  /** 'slots': players pick slots; 'balanced': players sign up and the server makes the teams. */
  mode: scrimModeSchema.default('slots'),
  /** Players must check in 30 to 5 minutes before the start (on unless the host turns it off). */
  checkInEnabled: z.boolean().default(true),
  /** Sent by the original client; the server takes the creator from the session. */
  createdBy: z.string().optional(),
  adminKey: z.string().optional(),
});
export type CreateScrimBody = z.input<typeof createScrimBodySchema>;

export const updateScrimBodySchema = z.object({
  title: titleSchema,
  region: regionSchema,
  gameStartTime: isoDateTime('Start date and time are required'),
  isPrivate: z.boolean(),
  isWithCasters: z.boolean(),
  maxCastersAllowedCount: maxCastersSchema,
  lobbyName: z.string().trim().max(80).optional(),
  lobbyPassword: z.string({ error: 'Lobby password is required' }).trim().min(1, 'Lobby password is required').max(40),
  /** 'random' picks one of the ten players when exactly ten are in, else none; 'keep' leaves it; or a user id. */
  lobbyHost: z
    .union([z.literal('random'), z.literal('keep'), z.literal('me'), z.uuid(), z.null()])
    .default('keep')
    .transform((host) => host ?? 'random'),
  teamWon: teamNameSchema.nullable(),
  useTournamentCode: z.boolean(),
  /** Absent: kept. It can change only while nobody is in the scrim (no players, casters or sign-ups). */
  mode: scrimModeSchema.optional(),
  /** Absent: kept. */
  checkInEnabled: z.boolean().optional(),
});
export type UpdateScrimBody = z.input<typeof updateScrimBodySchema>;

/**
 * A balanced scrim's sign-up (POST /api/scrims/:id/signup): the roles wanted for this scrim, each defaulting to
 * the player's settings. No body at all is the same as `{}`.
 */
export const signupBodySchema = z
  .object({ primaryRole: rolePreferenceSchema.optional(), secondaryRole: rolePreferenceSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});
export type SignupBody = z.input<typeof signupBodySchema>;

/**
 * `filledPositions`: how many slots were really filled. Beyond the spec: `unfilledPositions`, the empty slots
 * left, and `unfilledReason`, why (null when every slot was filled).
 */
export const fillRandomResponseSchema = z.object({
  filledPositions: z.number(),
  unfilledPositions: z.number(),
  unfilledReason: z.string().nullable(),
  scrim: scrimSchema,
});
export type FillRandomResponse = z.infer<typeof fillRandomResponseSchema>;

/** POST /api/scrims/:id/waitlist: wait for a slot of one role, or for any free slot. */
export const waitlistBodySchema = z.object({ role: waitlistRoleSchema });
export type WaitlistBody = z.input<typeof waitlistBodySchema>;

/** POST /api/scrims/:id/substitute: after the start, `inUserId` takes the slot of `outUserId`, who did not come. */
export const substituteBodySchema = z.object({
  outUserId: z.uuid({ error: 'Invalid user id' }),
  inUserId: z.uuid({ error: 'Invalid user id' }),
});
export type SubstituteBody = z.input<typeof substituteBodySchema>;

const reasonSchema = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters`);

/** POST /api/scrims/:id/cancel: its players, casters and waitlist are told why. */
export const cancelScrimBodySchema = z.object({ reason: reasonSchema });
export type CancelScrimBody = z.input<typeof cancelScrimBodySchema>;

/** Leaving a slot may carry a reason (shown to the host); no body is the same as none. */
export const leaveBodySchema = z
  .object({ reason: reasonSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});

/** A broken commitment as the profile lists it: what happened, when, and in which scrim. */
export const brokenCommitmentSchema = z.object({
  outcome: z.enum(['no_show', 'late_leave']),
  /** When it was recorded. */
  at: z.string(),
  /** The scrim: null when it is private and the viewer is neither the player nor an admin. */
  scrim: z.object({ _id: z.string(), title: z.string(), gameStartTime: z.string() }).nullable(),
});
export type BrokenCommitment = z.infer<typeof brokenCommitmentSchema>;

/** GET /api/users/:id/reliability. */
export const reliabilitySchema = z.object({
  /** 'new' below RELIABILITY_MIN_COMMITMENTS commitments (no share is shown), else 'rated'. */
  state: z.enum(['new', 'rated']),
  /** Share (0–100) of the last 20 commitments kept; null while the player is new. */
  score: z.number().int().min(0).max(100).nullable(),
  /** How many commitments the score counts (at most 20). */
  commitments: z.number().int(),
  /** No-shows among them. */
  noShows: z.number().int(),
  /** Late leaves among them. */
  lateLeaves: z.number().int(),
  /** The no-shows and late leaves among them, newest first. */
  broken: z.array(brokenCommitmentSchema),
  /** Until when the user may not join scrims (null: free to join). */
  cooldownUntil: z.string().nullable(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

/** POST /api/admin/hosts: the user may host scrims of that region. */
export const adminHostBodySchema = z.object({ userId: z.uuid({ error: 'Invalid user id' }), region: regionSchema });
export type AdminHostBody = z.input<typeof adminHostBodySchema>;

/** DELETE /api/admin/hosts/:userId: every region of the user, or only `?region=`. */
export const adminHostParamsSchema = z.object({ userId: z.uuid({ error: 'Invalid user id' }) });
export const adminHostQuerySchema = z.object({ region: regionSchema.optional() });

/** A community host and the regions they host (GET /api/admin/hosts; the answer of a grant or revoke). */
export const communityHostSchema = z.object({ user: scrimUserSchema, regions: z.array(regionSchema) });
export type CommunityHost = z.infer<typeof communityHostSchema>;
export const communityHostsResponseSchema = z.array(communityHostSchema);
