import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { regionEnum, teamRoleEnum } from './enums.js';
import { users } from './users.js';

/**
 * A team of a region. Its name and tag are unique per region under the look-alike key of summoner names
 * (lib/lookalike.ts `nameSkeleton`: 'T1' and 'Tl', 'Fаker' with a Cyrillic а): the folded columns are written by
 * the repository with every name and tag, and the unique indexes decide a clash between two writers.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameFolded: text('name_folded').notNull(),
    tag: text('tag').notNull(),
    tagFolded: text('tag_folded').notNull(),
    region: regionEnum('region').notNull(),
    logoUrl: text('logo_url'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Who created the team; the owner is the member with is_owner (ownership can be handed over). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('teams_name_folded_region_uq').on(t.nameFolded, t.region),
    uniqueIndex('teams_tag_folded_region_uq').on(t.tagFolded, t.region),
    // The search's keyset order within a region.
    index('teams_region_name_idx').on(t.region, t.nameFolded, t.id),
  ],
);

/** A player on a team's roster: their role, whether they captain it, whether they own it. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: teamRoleEnum('role').notNull(),
    isCaptain: boolean('is_captain').notNull().default(false),
    isOwner: boolean('is_owner').notNull().default(false),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // Exactly one owner per team: at most one here, and the service never leaves a team without one.
    uniqueIndex('team_members_one_owner_uq')
      .on(t.teamId)
      .where(sql`${t.isOwner}`),
    // The owner is always a captain.
    check('team_members_owner_captain_ck', sql`not ${t.isOwner} or ${t.isCaptain}`),
    index('team_members_user_idx').on(t.userId),
  ],
);

/** An invite link of a team: only the SHA-256 of its token is stored; it works until expires_at unless revoked. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('team_invites_team_idx').on(t.teamId)],
);
