import { sql } from 'drizzle-orm';
import {
  CODE_PARTICIPANTS_STATES,
  DISPUTE_OUTCOMES,
  RESULT_EVIDENCE_KINDS,
  UNRATED_REASONS,
  type ResultEvidenceKind,
  type TeamName,
} from '@scrim-gym/shared';
import {
  boolean,
  check,
  customType,
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import {
  draftModeEnum,
  participantKindEnum,
  regionEnum,
  resultSourceEnum,
  resultStatusEnum,
  roleEnum,
  rolePreferenceEnum,
  scrimModeEnum,
  teamEnum,
} from './enums.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const scrims = pgTable(
  'scrims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    region: regionEnum('region').notNull(),
    gameStartTime: timestamptz('game_start_time').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    isWithCasters: boolean('is_with_casters').notNull().default(false),
    maxCastersAllowedCount: integer('max_casters_allowed_count').notNull().default(2),
    teamWon: teamEnum('team_won'),
    lobbyName: text('lobby_name').notNull(),
    lobbyPassword: text('lobby_password').notNull(),
    lobbyHostId: uuid('lobby_host_id').references(() => users.id, { onDelete: 'set null' }),
    useTournamentCode: boolean('use_tournament_code').notNull().default(true),
    /** Set by the 'scrim.abandon' job when the scrim was still not full 30 minutes after its start. */
    abandonedAt: timestamptz('abandoned_at'),
    /**
     * Set when the game began with both teams full: from then on the lobby stays open to whoever is in the scrim,
     * so a leave after the start does not lock it for the others.
     */
    lobbyReadyAt: timestamptz('lobby_ready_at'),
    /** 'slots': players take slots; 'balanced': players sign up and the server makes the teams. */
    mode: scrimModeEnum('mode').notNull().default('slots'),
    /** When the teams were last balanced (ten signed up, or an admin's "Balance teams"); null: never. */
    balancedAt: timestamptz('balanced_at'),
    /** Blue's (teamOne's) expected win probability when the teams were balanced. */
    balanceBlueWinProbability: doublePrecision('balance_blue_win_probability'),
    /**
     * Blue's expected win probability as predicted when the game began (stored once, at the start or with the
     * first result): what the scrim shows afterwards, never recomputed from ratings the game itself moved.
     */
    predictedBlueWinProbability: doublePrecision('predicted_blue_win_probability'),
    /** The players the balancing put off their primary and secondary roles. */
    balanceOffRole: uuid('balance_off_role').array(),
    /** The state of teamWon: null while there is none; pending until the other team confirms (or time does). */
    resultStatus: resultStatusEnum('result_status'),
    resultSource: resultSourceEnum('result_source'),
    resultReportedBy: uuid('result_reported_by').references(() => users.id, { onDelete: 'set null' }),
    resultReportedAt: timestamptz('result_reported_at'),
    resultConfirmedAt: timestamptz('result_confirmed_at'),
    /**
     * Why the confirmed result moves no rating ('private', 'unverified': see the ratings rules), written with the
     * rating decision; null while there is no confirmed result or when it is rated.
     */
    unratedReason: text('unrated_reason', { enum: UNRATED_REASONS }),
    /** Games on the scrim's code that Riot shows as remade: no result, the replay on the same code counts. */
    remakes: integer('remakes').notNull().default(0),
    /**
     * What the result reconciler has seen (result_evidence, oldest first: kind, time, and the confirming team of a
     * confirmation), rewritten under the scrim's lock with every piece of evidence, so that every read of a scrim
     * (the hub's lists, live updates) has it from the scrim's own row.
     */
    evidenceSeen: jsonb('evidence_seen')
      .$type<{ kind: ResultEvidenceKind; at: string; team?: TeamName | null }[]>()
      .notNull()
      .default([]),
    /** Players must check in 30 to 5 minutes before the start; its host may turn it off. */
    checkInEnabled: boolean('check_in_enabled').notNull().default(true),
    /** When the check-in close ran (absentees dropped, the waitlist promoted): it runs once. */
    checkInClosedAt: timestamptz('check_in_closed_at'),
    /** Cancelled by its host or an admin, with the reason everyone in it was told; it stays visible. */
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The community host who created and runs the scrim (null: an admin's scrim). */
    hostedBy: uuid('hosted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A game of a team series (its series_games row says which): the community hosts of its region run it, as
     * admins do, and its slots are the lineups'. Set when the series creates it, never changed.
     */
    seriesGame: boolean('series_game').notNull().default(false),
    /** The draft room: none, the tournament draft, or (a series game only) fearless; its state is scrim_drafts'. */
    draft: draftModeEnum('draft').notNull().default('none'),
    /** Seconds a draft turn lasts (DRAFT_TIMER_MIN_SECONDS to DRAFT_TIMER_MAX_SECONDS). */
    draftTimerSeconds: smallint('draft_timer_seconds').notNull().default(30),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('scrims_region_start_idx').on(t.region, t.gameStartTime),
    index('scrims_created_by_idx').on(t.createdBy),
    index('scrims_hosted_by_idx')
      .on(t.hostedBy)
      .where(sql`${t.hostedBy} is not null`),
    // The admin dashboard: scrims created this week, and the newest ones for Recent Activity.
    index('scrims_created_at_idx').on(t.createdAt),
    check('scrims_max_casters_ck', sql`${t.maxCastersAllowedCount} between 0 and 2`),
    check('scrims_draft_timer_ck', sql`${t.draftTimerSeconds} between 15 and 90`),
    // Fearless carries picks from a series' earlier games: only a series game has them.
    check('scrims_fearless_series_ck', sql`${t.draft} <> 'fearless' or ${t.seriesGame}`),
  ],
);

/**
 * Players and casters of a scrim in one table, so the database itself decides the joining rules: one row per
 * (scrim, user) makes a user a player in one slot or a caster, never both; one player per (scrim, team, role).
 */
export const scrimParticipants = pgTable(
  'scrim_participants',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: participantKindEnum('kind').notNull(),
    team: teamEnum('team'),
    role: roleEnum('role'),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    /** Put in by a host or admin, not confirmed yet (check-in or confirm-place): carries no commitment. */
    placed: boolean('placed').notNull().default(false),
  },
  (t) => [
    unique('scrim_participants_scrim_user_uq').on(t.scrimId, t.userId),
    uniqueIndex('scrim_participants_slot_uq')
      .on(t.scrimId, t.team, t.role)
      .where(sql`${t.kind} = 'player'`),
    index('scrim_participants_user_idx').on(t.userId),
    check(
      'scrim_participants_slot_ck',
      sql`(${t.kind} = 'player' and ${t.team} is not null and ${t.role} is not null)
        or (${t.kind} = 'caster' and ${t.team} is null and ${t.role} is null)`,
    ),
  ],
);

/** The post-game screenshot, re-encoded by sharp; one per scrim. */
export const postGameImages = pgTable('post_game_images', {
  scrimId: uuid('scrim_id')
    .primaryKey()
    .references(() => scrims.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** One Riot tournament provider per region, with the secret that authenticates its game-end callbacks. */
export const riotProviders = pgTable('riot_providers', {
  region: regionEnum('region').primaryKey(),
  providerId: integer('provider_id').notNull(),
  callbackSecret: text('callback_secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** One Riot tournament per region and season, reused for every code of that season. */
export const riotTournamentSeries = pgTable(
  'riot_tournament_series',
  {
    region: regionEnum('region').notNull(),
    season: text('season').notNull(),
    tournamentId: integer('tournament_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('riot_tournament_series_uq').on(t.region, t.season)],
);

/** The tournament code of a scrim (`riotTournament` in the API). */
export const riotTournaments = pgTable(
  'riot_tournaments',
  {
    scrimId: uuid('scrim_id')
      .primaryKey()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    tournamentCode: text('tournament_code'),
    providerId: integer('provider_id'),
    tournamentId: integer('tournament_id'),
    setupCompleted: boolean('setup_completed').notNull().default(false),
    lobbyCreated: boolean('lobby_created').notNull().default(false),
    lastError: text('last_error'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * The code's allowed participants follow the seated roster (riot/tournaments/participants.ts): the roster Riot
     * has (`team:userId`, sorted; null before it was tracked), where the update stands, the seated players whose
     * PUUID is unknown, when Riot last accepted the list, and a counter bumped by each roster change, so a job
     * that sent an older roster never marks a newer one current.
     */
    participantsRoster: text('participants_roster').array(),
    participantsState: text('participants_state', { enum: CODE_PARTICIPANTS_STATES }),
    participantsCannotJoin: uuid('participants_cannot_join')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    participantsUpdatedAt: timestamptz('participants_updated_at'),
    participantsVersion: integer('participants_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('riot_tournaments_code_uq').on(t.tournamentCode),
    check(
      'riot_tournaments_participants_state_ck',
      sql`${t.participantsState} IN ('current', 'pending', 'retrying', 'failed')`,
    ),
  ],
);

/**
 * Who is in a scrim's Riot lobby, as the lobby guard last folded Riot's lobby events (one row per scrim, replaced
 * at each read): the scrim's players in it (`inUserIds`) and the others in it (`unknown`: a null PUUID or not a
 * player's). The page marks every player of the scrim in or missing from `inUserIds`.
 */
export const riotLobbies = pgTable('riot_lobbies', {
  scrimId: uuid('scrim_id')
    .primaryKey()
    .references(() => scrims.id, { onDelete: 'cascade' }),
  checkedAt: timestamptz('checked_at').notNull(),
  inUserIds: jsonb('in_user_ids').$type<string[]>().notNull(),
  unknown: integer('unknown').notNull(),
});

/** A balanced scrim's sign-ups (not slots): the roles each player wants for this scrim. */
export const scrimSignups = pgTable(
  'scrim_signups',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    primaryRole: rolePreferenceEnum('primary_role').notNull(),
    secondaryRole: rolePreferenceEnum('secondary_role').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scrimId, t.userId] }), index('scrim_signups_user_idx').on(t.userId)],
);

/** A player of the other team disputing a captain's report; at most one open dispute per scrim. */
export const resultDisputes = pgTable(
  'result_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** An admin's answer (POST /api/admin/scrims/:id/resolve-dispute); null when Riot's result or the edit form settled it. */
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    resolutionReason: text('resolution_reason'),
  },
  (t) => [
    uniqueIndex('result_disputes_open_uq')
      .on(t.scrimId)
      .where(sql`${t.resolvedAt} is null`),
    index('result_disputes_created_at_idx').on(t.createdAt),
  ],
);

/** What a piece of result evidence says of the scrim's game (result reconciler: scrims/results/reconcile). */
export const RESULT_EVIDENCE_VERDICTS = ['winner', 'remake', 'not-this-scrim', 'no-result'] as const;

/**
 * Every piece of evidence of a scrim's result, as it arrived: Riot's callback, games/by-code and match-v5 (with
 * the game's id), a captain's report, a confirmation, an admin's entry. `team` is the winner by the scrim's team
 * name (never Riot's side). Riot's evidence of one game is stored once per kind (a duplicate callback or the poll
 * after the callback adds nothing): the unique index.
 */
export const resultEvidence = pgTable(
  'result_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RESULT_EVIDENCE_KINDS }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    verdict: text('verdict', { enum: RESULT_EVIDENCE_VERDICTS }).notNull(),
    team: teamEnum('team'),
    gameId: bigint('game_id', { mode: 'number' }),
    /** Of a person's evidence: who (null for Riot's, and for an account since removed). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Of a person's confirmation: the team the confirming player is on. */
    byTeam: teamEnum('by_team'),
  },
  (t) => [
    index('result_evidence_scrim_idx').on(t.scrimId, t.at),
    uniqueIndex('result_evidence_game_uq').on(t.scrimId, t.kind, t.gameId),
  ],
);
