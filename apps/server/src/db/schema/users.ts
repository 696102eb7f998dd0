import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { regionEnum, rolePreferenceEnum } from './enums.js';

/**
 * A summoner name as the name index compares it (normalizeSummonerName in SQL: trimmed, runs of spaces as one,
 * lower case). Together with the look-alike key (name_skeleton) it decides whether two names are one.
 */
export const normalizedNameSql = (name: AnyPgColumn) => sql`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The identity the account was created with, 'provider|subject' (the API's `uid`). */
    uid: text('uid').notNull().unique(),
    /** Verified email of the sign-in; Riot Sign On gives none. */
    email: text('email'),
    name: text('name').notNull(),
    summonerTagline: text('summoner_tagline').notNull(),
    region: regionEnum('region').notNull(),
    rank: text('rank').notNull().default('Unranked'),
    discord: text('discord').notNull(),
    canSendEmailsToUser: boolean('can_send_emails_to_user').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isDonator: boolean('is_donator').notNull().default(false),
    profileBackgroundImg: text('profile_background_img').notNull().default('Summoners Rift'),
    profileBackgroundBlur: text('profile_background_blur').notNull().default('20'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLoggedIn: timestamptz('last_logged_in'),
    /** Last sign-in or session verify: the dashboard's "active today". */
    lastActiveAt: timestamptz('last_active_at'),
    /** Last time a socket of the user disconnected: the profile's 'Last seen'. */
    lastSeenAt: timestamptz('last_seen_at'),
    /**
     * Riot's id of the account behind name#summonerTagline, looked up (account-v1) when a tournament code is
     * made; it lets a game result name the winning team. Cleared when the name or tagline changes.
     */
    riotPuuid: text('riot_puuid'),
    /**
     * When the user proved the Riot account is theirs (Riot Sign On): riotPuuid then comes from Riot's
     * account-v1 `accounts/me`, name and tagline follow the Riot ID, and the rank comes from league-v4 (the
     * verified badge). Null: unlinked, the typed rank is self-reported.
     */
    riotLinkedAt: timestamptz('riot_linked_at'),
    /** Last time the rank was read from Riot (league-v4 Solo/Duo) for a linked account. */
    rankRefreshedAt: timestamptz('rank_refreshed_at'),
    /**
     * Riot's Solo/Duo rank (league-v4) of the account behind name#summonerTagline, as last read from Riot (a
     * linked account's refresh, the sign-up's or Riot ID edit's check, a profile's look-up). When set it is the
     * rank that counts (`countedRankSql`); `rank` is then only the self-reported one. Kept when the Riot ID
     * changes until Riot answers for the new one, so a typed rank never undercuts what Riot said.
     */
    riotRank: text('riot_rank'),
    /** When Riot last confirmed that the Riot ID exists; null with a key configured: a check is still due. */
    riotIdCheckedAt: timestamptz('riot_id_checked_at'),
    /** Preferred roles (Settings, sign-up): a balanced scrim's sign-up defaults to them. */
    primaryRole: rolePreferenceEnum('primary_role').notNull().default('Fill'),
    secondaryRole: rolePreferenceEnum('secondary_role').notNull().default('Fill'),
    /**
     * Look-alike keys (lib/lookalike.ts): NFKC, Unicode confusable skeleton and case folded, written by the
     * repository with every name and discord. Null only on an old row that clashed with an older one when the
     * keys were first computed (db/backfill-lookalike-keys.ts reports those at start-up).
     */
    nameSkeleton: text('name_skeleton'),
    discordSkeleton: text('discord_skeleton'),
    /**
     * When the account was deleted by its owner: the row stays (anonymised, 'Deleted player') so that scrim
     * history and others' chats stay whole, but it no longer holds a name, discord or email.
     */
    deletedAt: timestamptz('deleted_at'),
    /**
     * Share (0–100) of the user's last 20 commitments kept (scrim_commitments), kept current with every
     * commitment recorded so that cards show it without counting; null before the first one.
     */
    reliabilityScore: smallint('reliability_score'),
    /** How many commitments reliabilityScore counts (0–20): a player is shown as new below RELIABILITY_MIN_COMMITMENTS. */
    reliabilityCommitments: smallint('reliability_commitments').notNull().default(0),
    /** No-shows penalised so far (escalation: a warning, then 24 hours, then 7 days); an admin's clear resets it. */
    noShowStrikes: integer('no_show_strikes').notNull().default(0),
    /** Until when the user may not join scrims (a no-show's cooldown); null: free. */
    cooldownUntil: timestamptz('cooldown_until'),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    // Summoner names are unique per region, ignoring case and runs of spaces; deleted accounts free theirs.
    uniqueIndex('users_name_region_uq')
      .on(normalizedNameSql(t.name), t.region)
      .where(sql`${t.deletedAt} is null`),
    // Discord names are unique after removing spaces before '#', ignoring case.
    uniqueIndex('users_discord_uq')
      .on(sql`lower(regexp_replace(btrim(${t.discord}), '\\s+#', '#', 'g'))`)
      .where(sql`${t.deletedAt} is null`),
    // Nor may a name or discord look like a taken one ('Fаker' with a Cyrillic а, 'Ｆａｋｅｒ', '𝐅𝐚𝐤𝐞𝐫').
    uniqueIndex('users_name_skeleton_region_uq').on(t.nameSkeleton, t.region),
    uniqueIndex('users_discord_skeleton_uq').on(t.discordSkeleton),
    index('users_created_at_idx').on(t.createdAt),
    // The few deleted accounts: the leaderboard subtracts theirs from a rank's count (ratings module).
    index('users_deleted_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    // A Riot account is linked to one user at most.
    uniqueIndex('users_linked_puuid_uq')
      .on(t.riotPuuid)
      .where(sql`${t.riotLinkedAt} is not null`),
  ],
);

/**
 * The rank that counts (shown as the rank, and the rating's seed): Riot's Solo/Duo rank when Riot has answered
 * for the account, else the typed one. `countedRank` in packages/shared is the same rule for rows in memory.
 */
export const countedRankSql = (table: { riotRank: AnyPgColumn; rank: AnyPgColumn } = users) =>
  sql<string>`coalesce(${table.riotRank}, ${table.rank})`;

/** Verified sign-in identities (Google, Riot Sign On, any OIDC issuer, dev) linked to an account. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('auth_identities_user_idx').on(t.userId)],
);

/**
 * Server-side sessions. The browser holds an opaque random token; only its SHA-256 is stored. A session
 * without a user is a verified identity that has not signed up yet (it may only register).
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    identityProvider: text('identity_provider').notNull(),
    identitySubject: text('identity_subject').notNull(),
    identityEmail: text('identity_email'),
    identityName: text('identity_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * An OIDC sign-in in flight: PKCE verifier and nonce, keyed by the random `state` that the browser also holds
 * in a cookie. Kept in the database so that the callback may land on any instance.
 */
export const oidcLoginAttempts = pgTable('oidc_login_attempts', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * A verified Riot ID's name kept for its Riot account after an unlink: until `until`, nobody else in the region
 * may set or link a name that is one with it (the same look-alike key, users' name_skeleton, or the same
 * normalised name); the account's owner relinking gets it back. One row per name and region.
 */
export const riotNameReservations = pgTable(
  'riot_name_reservations',
  {
    nameSkeleton: text('name_skeleton').notNull(),
    /** normalizeSummonerName of the name. */
    nameKey: text('name_key').notNull(),
    region: regionEnum('region').notNull(),
    riotPuuid: text('riot_puuid').notNull(),
    until: timestamptz('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.nameSkeleton, t.region] })],
);
