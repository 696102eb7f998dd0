import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { Role, RolePreference, SeriesFormat, TeamName, WaitlistRole } from '@scrim-gym/shared';
import { riotLobbies, riotTournaments, scrimParticipants, scrims, users } from '../../../db/schema/index.js';
import { userSummaryColumns } from '../../../db/user-summary.js';

/**
 * A scrim with everything its presentation needs (ScrimAggregate), and how it is read back from the JSON of the
 * SQL function scrim_aggregate (db/functions/scrim_aggregate.sql): the one shape every read of a scrim answers.
 */

export type ScrimRow = typeof scrims.$inferSelect;
export type NewScrim = typeof scrims.$inferInsert;
export type ParticipantRow = typeof scrimParticipants.$inferSelect;
type UserRow = typeof users.$inferSelect;
/** The user columns a scrim shows: fetching only these keeps the hub's query light (200 scrims, 2,000 players). */
export type ScrimUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'summonerTagline'
  | 'region'
  | 'rank'
  | 'discord'
  | 'riotLinkedAt'
  | 'reliabilityScore'
  | 'reliabilityCommitments'
>;

/** A player's rating in the current season (current_rating_json); null: none yet, the rank's seed applies. */
export interface CurrentRating {
  mu: number;
  sigma: number;
  games: number;
}

export interface ParticipantWithUser {
  kind: 'player' | 'caster';
  team: TeamName | null;
  role: Role | null;
  joinedAt: Date;
  /** Put in by a host or admin and not confirmed yet (carriesCommitment). */
  placed: boolean;
  user: ScrimUserRow;
  /** Players only: their current rating (null for casters, and for players not rated yet). */
  rating: CurrentRating | null;
}

/** A balanced scrim's sign-up. */
export interface SignupWithUser {
  primaryRole: RolePreference;
  secondaryRole: RolePreference;
  createdAt: Date;
  user: ScrimUserRow;
  rating: CurrentRating | null;
}

/** A player waiting for a slot: a role, or any free slot. */
export interface WaitlistEntryWithUser {
  role: WaitlistRole;
  createdAt: Date;
  user: ScrimUserRow;
}

/** A player replaced after the start: `outUserId` null once that account is gone. */
export interface SubstitutionRow {
  outUserId: string | null;
  inUserId: string;
  createdAt: Date;
  /** Both players, named: the absentee is no longer in the slots (null: an account since removed). */
  outUser: ScrimUserRow | null;
  inUser: ScrimUserRow | null;
}

/** A rated player's display rating before and after the scrim's rated result. */
export interface RatingChangeRow {
  userId: string;
  ratingBefore: number;
  ratingAfter: number;
}

/** The open dispute of a captain's report. */
export interface OpenDisputeRow {
  id: string;
  userId: string | null;
  reason: string;
  createdAt: Date;
}

/**
 * The team series a scrim is a game of: its number, the series' format, the game's two teams (blue first) and the
 * users on their rosters or lineups (series_roster_ids).
 */
export interface ScrimSeriesRow {
  id: string;
  number: number;
  format: SeriesFormat;
  teams: { id: string; name: string; tag: string }[];
  rosterIds: string[];
}

/** Who is in the scrim's Riot lobby, as the lobby guard last read it (riot_lobbies). */
export type RiotLobbyRow = typeof riotLobbies.$inferSelect;

/** A scrim with everything its presentation needs. */
export interface ScrimAggregate {
  scrim: ScrimRow;
  creator: ScrimUserRow | null;
  host: ScrimUserRow | null;
  /** The community host who runs the scrim. */
  hostedBy: ScrimUserRow | null;
  participants: ParticipantWithUser[];
  imageAt: Date | null;
  tournament: typeof riotTournaments.$inferSelect | null;
  signups: SignupWithUser[];
  waitlist: WaitlistEntryWithUser[];
  /** The ids of the players who checked in, in the order they did. */
  checkIns: string[];
  substitutions: SubstitutionRow[];
  ratingChanges: RatingChangeRow[];
  dispute: OpenDisputeRow | null;
  /** The team series it is a game of; null for any other scrim. */
  series: ScrimSeriesRow | null;
  /** Riot's lobby as the lobby guard last read it; null before the guard starts. */
  riotLobby: RiotLobbyRow | null;
}

/**
 * The scrim's riot_lobbies row as JSON, read beside scrim_aggregate in the same statement (the lobby guard's table
 * is not part of that function): pass it to aggregateFromJson.
 */
export const riotLobbyJsonOf = (scrimId: SQL | typeof scrims.id) =>
  sql<unknown>`(select to_json(l) from ${riotLobbies} l where l.scrim_id = ${scrimId})`;

/** The columns of a ScrimUserRow, for reading one from JSON. */
const scrimUserColumns = {
  ...userSummaryColumns(),
  // scrim_user_json writes the rank that counts under 'rank' (migration 0029): read it as the rank column.
  rank: users.rank,
  discord: users.discord,
  riotLinkedAt: users.riotLinkedAt,
  reliabilityScore: users.reliabilityScore,
  reliabilityCommitments: users.reliabilityCommitments,
};

/**
 * A row as PostgreSQL's to_json writes it (column names, ISO instants) → the row as Drizzle reads it (property
 * names, Dates), through each column's own mapping: a column added to the table needs no change here.
 */
function rowFromJson<T>(columns: Record<string, Column>, json: Record<string, unknown> | null): T | null {
  if (!json) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

interface AggregateJson {
  scrim: Record<string, unknown>;
  creator: Record<string, unknown> | null;
  host: Record<string, unknown> | null;
  hosted_by: Record<string, unknown> | null;
  image_at: string | null;
  tournament: Record<string, unknown> | null;
  participants: {
    kind: 'player' | 'caster';
    team: TeamName | null;
    role: Role | null;
    joined_at: string;
    placed: boolean;
    user: Record<string, unknown>;
    rating: CurrentRating | null;
  }[];
  signups: {
    primary_role: RolePreference;
    secondary_role: RolePreference;
    created_at: string;
    user: Record<string, unknown>;
    rating: CurrentRating | null;
  }[];
  waitlist: { role: WaitlistRole; created_at: string; user: Record<string, unknown> }[];
  check_ins: string[];
  substitutions: {
    out_user_id: string | null;
    in_user_id: string;
    created_at: string;
    out_user: Record<string, unknown> | null;
    in_user: Record<string, unknown> | null;
  }[];
  rating_changes: { user_id: string; rating_before: number; rating_after: number }[];
  dispute: { id: string; user_id: string | null; reason: string; created_at: string } | null;
  series: {
    id: string;
    number: number;
    format: SeriesFormat;
    teams: { id: string; name: string; tag: string }[];
    roster_ids: string[];
  } | null;
}

/**
 * The JSON of the SQL function scrim_aggregate (db/functions/scrim_aggregate.sql) as a ScrimAggregate, with the
 * riot_lobbies row read beside it (riotLobbyJsonOf).
 */
export function aggregateFromJson(value: unknown, riotLobbyJson: unknown = null): ScrimAggregate | null {
  // Both drivers parse json results; a string is parsed here all the same.
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as AggregateJson | null;
  if (!json) return null;
  return {
    scrim: rowFromJson<ScrimRow>(getTableColumns(scrims), json.scrim)!,
    creator: rowFromJson<ScrimUserRow>(scrimUserColumns, json.creator),
    host: rowFromJson<ScrimUserRow>(scrimUserColumns, json.host),
    hostedBy: rowFromJson<ScrimUserRow>(scrimUserColumns, json.hosted_by),
    imageAt: json.image_at === null ? null : new Date(json.image_at),
    tournament: rowFromJson(getTableColumns(riotTournaments), json.tournament),
    participants: json.participants.map((p) => ({
      kind: p.kind,
      team: p.team,
      role: p.role,
      joinedAt: new Date(p.joined_at),
      placed: p.placed,
      user: rowFromJson<ScrimUserRow>(scrimUserColumns, p.user)!,
      rating: p.rating ?? null,
    })),
    signups: json.signups.map((g) => ({
      primaryRole: g.primary_role,
      secondaryRole: g.secondary_role,
      createdAt: new Date(g.created_at),
      user: rowFromJson<ScrimUserRow>(scrimUserColumns, g.user)!,
      rating: g.rating,
    })),
    waitlist: json.waitlist.map((w) => ({
      role: w.role,
      createdAt: new Date(w.created_at),
      user: rowFromJson<ScrimUserRow>(scrimUserColumns, w.user)!,
    })),
    checkIns: json.check_ins,
    substitutions: json.substitutions.map((b) => ({
      outUserId: b.out_user_id,
      inUserId: b.in_user_id,
      createdAt: new Date(b.created_at),
      outUser: rowFromJson<ScrimUserRow>(scrimUserColumns, b.out_user),
      inUser: rowFromJson<ScrimUserRow>(scrimUserColumns, b.in_user),
    })),
    ratingChanges: json.rating_changes.map((c) => ({
      userId: c.user_id,
      ratingBefore: c.rating_before,
      ratingAfter: c.rating_after,
    })),
    dispute: json.dispute && {
      id: json.dispute.id,
      userId: json.dispute.user_id,
      reason: json.dispute.reason,
      createdAt: new Date(json.dispute.created_at),
    },
    series: json.series && {
      id: json.series.id,
      number: json.series.number,
      format: json.series.format,
      teams: json.series.teams,
      rosterIds: json.series.roster_ids,
    },
    riotLobby: rowFromJson<RiotLobbyRow>(
      getTableColumns(riotLobbies),
      (typeof riotLobbyJson === 'string' ? JSON.parse(riotLobbyJson) : riotLobbyJson) as Record<string, unknown> | null,
    ),
  };
}
