import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Region, Role, TeamName } from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../../db/client.js';
import { scrimParticipants, users } from '../../../db/schema/index.js';
import { aggregateFromJson, riotLobbyJsonOf, type ScrimAggregate } from '../core/scrim-aggregate.repository.js';

/**
 * A change of a user's place in a scrim, made by the SQL function scrim_slot_change
 * (db/functions/scrim_slot_change.sql) in one statement: lock, rules, the slot claimed under the constraints, the
 * lobby host settled, and the scrim as it is now. The rules live there only.
 */
export type SlotChange =
  | { action: 'join'; team: TeamName; role: Role; leaveCast: boolean }
  | { action: 'move'; team: TeamName; role: Role }
  | { action: 'leave' }
  | { action: 'cast' }
  | { action: 'uncast' }
  /** Whoever runs the scrim (`by`) puts the user in the slot (whom a host may place is checked before). */
  | { action: 'assign'; team: TeamName; role: Role; by: string }
  /** Whoever runs the scrim drags the player onto the slot: exchanged with its player, or moved there. */
  | { action: 'swap'; team: TeamName; role: Role }
  /** After the start, whoever runs the scrim (`by`) brings the user in for the absent player `out`, in their slot. */
  | { action: 'substitute'; by: string; out: string }
  /** A balanced scrim's sign-ups take the open seats its balance chose for them. */
  | { action: 'seat'; seats: Seat[] }
  /** The players become `seats` (the balance made the teams again): each a player or a sign-up of the scrim. */
  | { action: 'reseat'; seats: Seat[] }
  /** A series game's side `team` becomes `seats` (a captain set the team's lineup). */
  | { action: 'lineup'; team: TeamName; seats: Seat[] }
  /** The server seats a series game's two lineups, each on its side (a next game, the loser's side choice). */
  | { action: 'sides'; seats: Seat[] };

/** A user in a slot, as a whole-lobby seating places them. */
export interface Seat {
  userId: string;
  team: TeamName;
  role: Role;
}

export type SlotAction = SlotChange['action'];

/**
 * Why scrim_slot_change refused (its refusal codes, which are also the API's error codes, but USER_DELETED: the
 * account taking a place is deleted, drizzle/0034, which the API answers as a session that is gone).
 */
export type SlotRefusal =
  | 'USER_DELETED'
  | 'SCRIM_NOT_FOUND'
  | 'GAME_OVER'
  | 'SCRIM_ABANDONED'
  | 'ALREADY_CASTER'
  | 'ALREADY_PLAYER'
  | 'SPOT_TAKEN'
  | 'NOT_A_PLAYER'
  | 'NOT_A_CASTER'
  | 'CASTING_OFF'
  | 'CAST_FULL'
  | 'BALANCED_SCRIM'
  | 'ALREADY_SIGNED_UP'
  | 'SCRIM_CANCELLED'
  | 'COOLDOWN'
  | 'USER_NOT_FOUND'
  | 'NOT_STARTED'
  | 'RESULT_CONFIRMED'
  | 'SUBSTITUTE_BANNED'
  | 'NOT_BALANCED'
  | 'NOT_SIGNED_UP'
  | 'SERIES_GAME'
  | 'NOT_SERIES_GAME'
  | 'WRONG_SIDE'
  | 'LINEUP_LOCKED'
  | 'LINEUP_BANNED'
  | 'ON_SERIES_TEAM';

/**
 * A refused join's or cast's cooldown end, who took a freed slot from the waitlist, whether the user was a placed
 * player before the change (their own leave costs nothing), and whether an assign or a substitute put them in
 * placed.
 */
interface SlotChangeExtras {
  cooldownUntil: Date | null;
  promoted: string | null;
  wasPlaced: boolean;
  placed: boolean;
}

export type SlotChangeResult = SlotChangeExtras &
  (
    | { refusal: null; aggregate: ScrimAggregate }
    | { refusal: 'SCRIM_NOT_FOUND' | 'USER_DELETED'; aggregate: null }
    | { refusal: Exclude<SlotRefusal, 'SCRIM_NOT_FOUND' | 'USER_DELETED'>; aggregate: ScrimAggregate }
  );

interface SlotChangeJson {
  refusal: SlotRefusal | null;
  cooldown_until?: string | null;
  promoted?: string | null;
  was_placed?: boolean;
  placed?: boolean;
  aggregate: unknown;
}

function parseSlotChange(result: unknown, riotLobby: unknown): SlotChangeResult {
  const json = (typeof result === 'string' ? JSON.parse(result) : result) as SlotChangeJson;
  return {
    refusal: json.refusal,
    cooldownUntil: json.cooldown_until ? new Date(json.cooldown_until) : null,
    promoted: json.promoted ?? null,
    wasPlaced: json.was_placed ?? false,
    placed: json.placed ?? false,
    aggregate: aggregateFromJson(json.aggregate, riotLobby),
  } as SlotChangeResult;
}

const changeArgs = (scrimId: string, userId: string | null, change: SlotChange) => ({
  action: change.action,
  scrim: scrimId,
  user: userId,
  team: 'team' in change ? change.team : null,
  role: 'role' in change ? change.role : null,
  leaveCast: change.action === 'join' && change.leaveCast,
  by: change.action === 'assign' || change.action === 'substitute' ? change.by : null,
  out: change.action === 'substitute' ? change.out : null,
  seats:
    'seats' in change
      ? JSON.stringify(change.seats.map((seat) => ({ user_id: seat.userId, team: seat.team, role: seat.role })))
      : null,
});

const p = (name: string) => sql.placeholder(name);

/** Prepared once per database handle: a named statement on each pooled PostgreSQL connection. */
function prepareSlotChange(db: Database) {
  return db
    .select({ result: sql<unknown>`result`, lobby: riotLobbyJsonOf(sql`${p('scrim')}::uuid`) })
    .from(
      sql`scrim_slot_change(${p('action')}::text, ${p('scrim')}::uuid, ${p('user')}::uuid, ${p('team')}::team, ${p('role')}::role, ${p('leaveCast')}::boolean, ${p('by')}::uuid, ${p('out')}::uuid, ${p('seats')}::jsonb) as result`,
    )
    .prepare('scrim_slot_change');
}
const prepared = new WeakMap<Database, ReturnType<typeof prepareSlotChange>>();

export async function changeSlot({
  db,
  scrimId,
  userId,
  change,
}: {
  db: Database;
  scrimId: string;
  userId: string;
  change: SlotChange;
}): Promise<SlotChangeResult> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareSlotChange(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute(changeArgs(scrimId, userId, change));
  return parseSlotChange(row?.result, row?.lobby);
}

/**
 * The same change inside a transaction that already holds the scrim's lock (the admin tools, which change several
 * things of a scrim at once): the statement cannot be prepared on a transaction, so it is sent as it is.
 */
export async function changeSlotIn({
  tx,
  scrimId,
  userId,
  change,
}: {
  tx: Transaction;
  scrimId: string;
  /** Null for a whole-lobby seating (seat, reseat): its users are in `change.seats`. */
  userId: string | null;
  change: SlotChange;
}): Promise<SlotChangeResult> {
  const a = changeArgs(scrimId, userId, change);
  const result = await tx.execute(
    sql`select scrim_slot_change(${a.action}::text, ${a.scrim}::uuid, ${a.user}::uuid, ${a.team}::team, ${a.role}::role, ${a.leaveCast}::boolean, ${a.by}::uuid, ${a.out}::uuid, ${a.seats}::jsonb) as result, ${riotLobbyJsonOf(sql`${a.scrim}::uuid`)} as lobby`,
  );
  const [row] = (result as unknown as { rows: { result: unknown; lobby: unknown }[] }).rows;
  return parseSlotChange(row?.result, row?.lobby);
}

/**
 * The lobby host rule for the changes that still run in a transaction of their own (the admin tools): the same
 * SQL function scrim_slot_change applies. `left`: a user this change took out of the scrim.
 */
export async function settleLobbyHost({ db, scrimId, left }: { db: DbOrTx; scrimId: string; left: string | null }) {
  await db.execute(sql`select scrim_settle_host(${scrimId}::uuid, ${left}::uuid)`);
}

/**
 * Up to `limit` users of a region who are not in the scrim and not banned, sampled uniformly at random
 * (ORDER BY random() over every candidate).
 */
export function sampleEligibleUsers({
  db,
  scrimId,
  region,
  limit,
}: {
  db: DbOrTx;
  scrimId: string;
  region: Region;
  limit: number;
}) {
  const inScrim = db
    .select({ id: scrimParticipants.userId })
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId));
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.region, region),
        isNull(users.deletedAt),
        notInArray(users.id, inScrim),
        sql`not ban_in_force(${users.id})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(limit);
}
