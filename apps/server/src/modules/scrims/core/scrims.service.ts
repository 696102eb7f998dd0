import { randomInt } from 'node:crypto';
import {
  BALANCE_MESSAGES,
  MESSAGES,
  SCRIM_MESSAGES,
  TEAMS,
  teamDisplayName,
  WAITLIST_MESSAGES,
  areTeamsFull,
  emptySlots,
  freeRoles,
  type Region,
  type Role,
  type Scrim,
  type TeamName,
  createScrimBodySchema,
  updateScrimBodySchema,
  scrimListQuerySchema,
  scrimNextDaysQuerySchema,
  NEXT_SCRIM_DAYS_AHEAD,
} from '@scrim-gym/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db/client.js';
import type { JobRunner } from '../../../jobs/index.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  uniqueViolation,
} from '../../../lib/errors.js';
import { createPassword } from '../../../lib/tokens.js';
import { emitToOtherInstances, type AppServer } from '../../../plugins/io.js';
import { insertNotificationRows, publishNotifications, type StoredNotification } from '../../notifications/index.js';
import { syncScrimRatings, unrateScrim, type RatingRules } from '../../ratings/index.js';
import { publishScrim, publishScrimDeleted } from './scrims.events.js';
import { placedNotifications, placesSomeoneElse } from '../slots/placed.js';
import { notifyPromoted, promoteIntoFreedSlots } from '../waitlist/promotion.js';
import { isLateLeave, recordOwnLeave } from '../commitments/reliability.js';
import { adminResult, settleDispute } from '../results/result-fields.js';
import { scrimLifecycleFor } from './scrims.lifecycle.js';
import { cancelScrimJobs, scheduleScrimCheckIn, scheduleScrimStart } from './scrims.schedule.js';
import { processPostGameImage } from '../results/image.js';
import {
  assertCanRunScrim,
  assertCaptainOrAdmin,
  assertMayFillFrom,
  assertMayHostIn,
  assertMayPlace,
  assertMayStartAt,
  assertSelfOrAdmin,
  canRunScrim,
  isParticipant,
  type Viewer,
} from './scrims.policy.js';
import { canSeeLobby, presentScrimFor } from './scrims.presenter.js';
import { ScrimListCache } from '../listing/list-cache.js';
import { findLobbySecretsBetween } from './scrims.secrets.repository.js';
import {
  deleteImage,
  deleteRiotTournament,
  deleteParticipant,
  deleteScrim,
  findImage,
  findParticipants,
  findPublicScrimsBetween,
  findScrimAggregate,
  findScrimTitle,
  findUserById,
  insertParticipants,
  insertScrim,
  lockScrim,
  moveParticipant,
  sampleEligibleUsers,
  updateScrim,
  upsertImage,
  type ParticipantRow,
  type ParticipantWithUser,
  type ScrimAggregate,
  type ScrimRow,
} from './scrims.repository.js';
import { deleteCheckIns } from '../checkin/checkin.repository.js';
import { recordPlayed } from '../commitments/commitments.js';
import { freezePrediction } from '../signups/prediction.js';
import { clearBalance, hasSignups, holdLiveUser, markLobbyReady } from '../signups/signups.repository.js';
import { deleteWaitlistEntry, findWaitlistEntry } from '../waitlist/waitlist.repository.js';
import {
  changeSlot,
  settleLobbyHost,
  type SlotChange,
  type SlotChangeResult,
  type SlotRefusal,
} from '../slots/slots.repository.js';

export interface ScrimDeps {
  db: Database;
  io: AppServer;
  listCache: ScrimListCache;
  /** Woken after a job due now is scheduled (the start job). */
  jobs?: JobRunner;
  /** Which confirmed results move ratings on this server (ratingRulesFor its config). */
  ratingRules: RatingRules;
}

/** One list cache per Socket.IO server (per app), shared by the routes and the jobs that change scrims. */
const listCaches = new WeakMap<AppServer, ScrimListCache>();
export function listCacheFor(io: AppServer): ScrimListCache {
  let cache = listCaches.get(io);
  if (!cache) {
    cache = new ScrimListCache();
    listCaches.set(io, cache);
  }
  return cache;
}

/** Tells every instance to drop all its cached lists (a change that may touch any of them: an account deleted). */
export const LISTS_CHANGED_EVENT = 'scrims:lists-changed';
/** Tells the other instances that one scrim changed or was deleted (argument: its id); each reloads it. */
export const SCRIM_CHANGED_EVENT = 'scrims:scrim-changed';

/**
 * After a commit: the scrim is patched into this instance's cached lists (their bytes are rebuilt on their next
 * request), the other instances are told its id, then it is sent to whoever watches it.
 */
export function publishScrimChange(deps: Pick<ScrimDeps, 'io' | 'listCache'>, aggregate: ScrimAggregate) {
  deps.listCache.update(aggregate);
  emitToOtherInstances(deps.io, SCRIM_CHANGED_EVENT, aggregate.scrim.id);
  publishScrim({ io: deps.io, aggregate });
}

/**
 * Another instance changed (or deleted) a scrim: its current state is read here and patched into this
 * instance's lists. Reading it rather than receiving it keeps the newest state whatever the order of messages.
 */
export async function refreshCachedScrim(deps: Pick<ScrimDeps, 'db' | 'listCache'>, scrimId: unknown) {
  if (typeof scrimId !== 'string' || !/^[0-9a-f-]{36}$/i.test(scrimId)) return;
  await deps.listCache.refresh(scrimId, () => findScrimAggregate({ db: deps.db, id: scrimId }));
}

/** The scrim as the other modules read it (participants, tournament row), or null when it is gone. */
export function getScrimAggregate({ db, id }: { db: Database; id: string }) {
  return findScrimAggregate({ db, id });
}

/** A scrim's title, or null when it is gone (the audit log names a deleted scrim by it). */
export function getScrimTitle({ db, id }: { db: Database; id: string }) {
  return findScrimTitle({ db, id });
}

export interface ActionContext {
  tx: Transaction;
  /** The locked row, as it was before the action. */
  scrim: ScrimRow;
  participants: ParticipantRow[];
}

/** The arguments of an action on a scrim, on one of its users, on one of its slots. */
export interface ScrimAction {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
}
interface UserAction extends ScrimAction {
  userId: string;
}
interface SlotAction extends UserAction {
  team: TeamName;
  role: Role;
}

export const scrimNotFound = () => notFound(SCRIM_MESSAGES.notFound, 'SCRIM_NOT_FOUND');

/** "spot taken! spots available for Team One (Blue Side): Mid, ADC". */
function spotTaken(participants: Pick<ParticipantWithUser, 'kind' | 'team' | 'role'>[]) {
  const players = participants.filter((p) => p.kind === 'player');
  const free = TEAMS.map((team) => ({ team, roles: freeRoles(players, team) })).filter((t) => t.roles.length > 0);
  if (free.length === 0) return conflict(SCRIM_MESSAGES.noSpots, 'SPOT_TAKEN');
  return conflict(
    SCRIM_MESSAGES.spotTaken(free.map((t) => `${teamDisplayName(t.team)}: ${t.roles.join(', ')}`).join('; ')),
    'SPOT_TAKEN',
  );
}

const playerIn = (participants: ParticipantRow[], team: TeamName, role: Role) =>
  participants.find((p) => p.kind === 'player' && p.team === team && p.role === role);

export function assertNoWinner(scrim: ScrimRow) {
  if (scrim.cancelledAt) throw conflict(WAITLIST_MESSAGES.cancelled, 'SCRIM_CANCELLED');
  if (scrim.teamWon) throw conflict(SCRIM_MESSAGES.gameOver, 'GAME_OVER');
  assertNotAbandoned(scrim);
}

/** A balanced scrim's players come from its sign-ups: no slot tool puts anyone else in. */
function assertSlotsMode(scrim: ScrimRow) {
  if (scrim.mode === 'balanced') throw conflict(BALANCE_MESSAGES.balancedScrim, 'BALANCED_SCRIM');
}

/**
 * An abandoned scrim is over: nobody joins it and it gets no winner (commitments/abandon.ts). So is a cancelled one
 * (commitments/cancel.ts), which stays visible as it was.
 */
export function assertNotAbandoned(scrim: ScrimRow) {
  if (scrim.cancelledAt) throw conflict(WAITLIST_MESSAGES.cancelled, 'SCRIM_CANCELLED');
  if (scrim.abandonedAt) throw conflict(SCRIM_MESSAGES.abandoned, 'SCRIM_ABANDONED');
}

const pickRandom = <T>(items: T[]): T => items[randomInt(items.length)]!;

/** A refusal as the API answers it: with the scrim as it is now, presented for the viewer. */
function withCurrentScrim(error: AppError, current: ScrimAggregate | null, viewer: Viewer) {
  if (!current) return error;
  return new AppError(error.statusCode, error.code, error.message, { scrim: presentScrimFor(current, viewer) });
}

/**
 * Runs one change of a scrim: the scrim row is locked for the transaction, so concurrent actions on one scrim
 * run one at a time and constraints catch anything else. After commit the new scrim is published. A refused
 * action carries the current scrim in its error body, as the original client expects.
 */
export async function changeScrim<T>({
  deps,
  scrimId,
  viewer,
  apply,
  afterCommit,
  forSelf = false,
}: {
  deps: ScrimDeps;
  scrimId: string;
  viewer: Viewer;
  apply: (ctx: ActionContext) => Promise<T>;
  /**
   * The viewer takes a place for themselves: their account row is held (shared) before the scrim's lock, the
   * order an account deletion takes them in, so a deletion runs wholly before this (a 401: the account is gone)
   * or after it (and then finds the place and gives it back), never between the checks and the write.
   */
  forSelf?: boolean;
  /** Runs after the commit, before the scrim is read and published (a result change: the ratings follow it). */
  afterCommit?: (value: T) => Promise<unknown>;
}) {
  let value: T;
  let wasFull = false;
  try {
    value = await deps.db.transaction(async (tx) => {
      if (forSelf && !(await holdLiveUser({ db: tx, userId: viewer.id }))) throw unauthorized(MESSAGES.notSignedIn);
      const scrim = await lockScrim({ db: tx, id: scrimId });
      if (!scrim) throw scrimNotFound();
      const participants = await findParticipants({ db: tx, scrimId });
      wasFull = areTeamsFull(participants);
      const result = await apply({ tx, scrim, participants });
      // These actions take nobody out of the scrim (leaving and kicks are slot changes): no host left.
      await settleLobbyHost({ db: tx, scrimId, left: null });
      return result;
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'SCRIM_NOT_FOUND' || error.code === 'UNAUTHORIZED')) throw error;
    if (!(error instanceof AppError) && !uniqueViolation(error)) throw error;
    const current = await findScrimAggregate({ db: deps.db, id: scrimId });
    throw withCurrentScrim(error instanceof AppError ? error : spotTaken(current?.participants ?? []), current, viewer);
  }
  await afterCommit?.(value);
  const aggregate = (await findScrimAggregate({ db: deps.db, id: scrimId }))!;
  publishScrimChange(deps, aggregate);
  await scrimLifecycleFor(deps.io).emit('changed', { aggregate });
  // Both teams filled after the start: the start job has run already, so the code gets its own job.
  if (!wasFull && needsTournamentCode(aggregate)) {
    await scrimLifecycleFor(deps.io).emit('needsTournamentCode', { scrimId });
  }
  await keepLobbyReady(deps, aggregate);
  return { value, scrim: presentScrimFor(aggregate, viewer), aggregate };
}

/**
 * Teams full after the start (the start job found them short): the lobby is ready from now on, as when the game
 * begins full, so a later leave does not lock it for the others.
 */
async function keepLobbyReady(deps: ScrimDeps, { scrim, participants }: ScrimAggregate) {
  if (scrim.lobbyReadyAt || scrim.teamWon || scrim.gameStartTime.getTime() > Date.now()) return;
  if (areTeamsFull(participants)) await markLobbyReady({ db: deps.db, scrimId: scrim.id });
}

/** Started, both teams full, no winner, the option on and no code yet. */
function needsTournamentCode({ scrim, participants, tournament }: ScrimAggregate) {
  return (
    scrim.gameStartTime.getTime() <= Date.now() &&
    areTeamsFull(participants) &&
    !scrim.teamWon &&
    scrim.useTournamentCode &&
    !tournament?.tournamentCode
  );
}

// --- Reading

type ScrimListQuery = z.output<typeof scrimListQuerySchema>;
const listKeyOf = (query: ScrimListQuery) => ({
  region: query.region,
  from: new Date(query.startDate),
  to: new Date(query.endDate),
});

/**
 * The hub's range as bytes: every viewer but admins gets the same public list (no lobby secrets: a participant's
 * own come from listMySecrets), admins the list with every secret and Riot's errors. The cache reads whole UTC
 * days; `admit` is asked before a request that the cache cannot answer from what it holds.
 */
export function listScrims({
  deps,
  viewer,
  query,
  admit,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  query: ScrimListQuery;
  admit?: () => Promise<void>;
}) {
  return deps.listCache.get(
    listKeyOf(query),
    viewer.isAdmin ? 'admin' : 'public',
    (days) => findPublicScrimsBetween({ db: deps.db, ...days }),
    admit,
  );
}

/** A date's day in a time zone, as 'YYYY-MM-DD'. */
const localDayOf = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (date: Date) => format.format(date);
};

/**
 * GET /api/scrims/next-days: the viewer's local days with public scrims of a region in the NEXT_SCRIM_DAYS_AHEAD
 * days from `after`, read from the hub's day lists (the same cached UTC days, the same budget for a miss).
 */
export async function listNextScrimDays({
  deps,
  query,
  admit,
}: {
  deps: ScrimDeps;
  query: z.output<typeof scrimNextDaysQuerySchema>;
  admit?: () => Promise<void>;
}) {
  const from = new Date(query.after);
  const range = { region: query.region, from, to: new Date(from.getTime() + NEXT_SCRIM_DAYS_AHEAD * 24 * 3600_000) };
  const starts = await deps.listCache.startsOf(
    range,
    (days) => findPublicScrimsBetween({ db: deps.db, ...days }),
    admit,
  );
  const dayOf = localDayOf(query.timeZone);
  return { days: [...new Set(starts.map(dayOf))] };
}

/**
 * GET /api/scrims/mine-secrets: the lobby secrets of that day's scrims whose lobby the viewer may see
 * (canSeeLobby), read from the database at request time, so that a player who left, or an admin demoted, no
 * longer gets them on any instance, and one whose scrim just filled gets them at once.
 */
export async function listMySecrets({ db, viewer, query }: { db: Database; viewer: Viewer; query: ScrimListQuery }) {
  const rows = await findLobbySecretsBetween({ db, ...listKeyOf(query), userId: viewer.isAdmin ? null : viewer.id });
  return rows
    .filter((row) => canSeeLobby(row, viewer))
    .map(({ id, lobbyName, lobbyPassword, tournamentCode }) => ({ _id: id, lobbyName, lobbyPassword, tournamentCode }));
}

export async function getScrim({ db, viewer, scrimId }: { db: Database; viewer: Viewer; scrimId: string }) {
  const aggregate = await findScrimAggregate({ db, id: scrimId });
  if (!aggregate) throw scrimNotFound();
  return presentScrimFor(aggregate, viewer);
}

// --- Players and casters

/** The API error of a refusal of scrim_slot_change (the code is the API's; the text depends on the action). */
function slotRefusalError(
  action: SlotChange['action'],
  refusal: SlotRefusal,
  current: ScrimAggregate | null,
  cooldownUntil: Date | null,
): AppError {
  switch (refusal) {
    case 'USER_DELETED':
      // The account was deleted while the request was under way: as for any request of a deleted account.
      return unauthorized(MESSAGES.notSignedIn);
    case 'SCRIM_CANCELLED':
      return conflict(WAITLIST_MESSAGES.cancelled, refusal);
    case 'COOLDOWN':
      return cooldownError(cooldownUntil ?? new Date());
    case 'SCRIM_NOT_FOUND':
      return scrimNotFound();
    case 'GAME_OVER':
      return conflict(SCRIM_MESSAGES.gameOver, refusal);
    case 'SCRIM_ABANDONED':
      return conflict(SCRIM_MESSAGES.abandoned, refusal);
    case 'ALREADY_CASTER':
      return conflict(action === 'cast' ? SCRIM_MESSAGES.alreadyCaster : SCRIM_MESSAGES.casterCannotJoinTeam, refusal);
    case 'ALREADY_PLAYER':
      return conflict(action === 'cast' ? SCRIM_MESSAGES.playerCannotCast : SCRIM_MESSAGES.alreadyPlayer, refusal);
    case 'SPOT_TAKEN':
      return spotTaken(current?.participants ?? []);
    case 'NOT_A_PLAYER':
      return conflict(SCRIM_MESSAGES.notAPlayer, refusal);
    case 'NOT_A_CASTER':
      return conflict(SCRIM_MESSAGES.notACaster, refusal);
    case 'CASTING_OFF':
      return conflict(SCRIM_MESSAGES.castingOff, refusal);
    case 'CAST_FULL':
      return conflict(SCRIM_MESSAGES.castFull, refusal);
    case 'BALANCED_SCRIM':
      return conflict(BALANCE_MESSAGES.balancedScrim, refusal);
    case 'ALREADY_SIGNED_UP':
      return conflict(BALANCE_MESSAGES.alreadySignedUp, refusal);
  }
}

/** 403 COOLDOWN: the user may not join scrims (a slot, the cast, a waitlist) until `until` (a no-show's cooldown). */
export const cooldownError = (until: Date) => forbidden(WAITLIST_MESSAGES.cooldown(until.toISOString()), 'COOLDOWN');

/**
 * A change of a user's place in a scrim: one statement (scrim_slot_change), which checks the rules under the
 * scrim's lock, claims the slot, gives a freed slot to the waitlist, settles the lobby host and answers the scrim
 * as it is now, also when it refuses (the error body carries it). Only who may act for `userId` is decided here,
 * before: that needs no data. `then`: what follows a change that was made (a player's own late leave), in a
 * transaction of its own; it returns notifications to publish.
 */
async function changeSlotOf({
  deps,
  viewer,
  scrimId,
  userId,
  change,
  adminAllowed,
  then,
}: UserAction & {
  change: SlotChange;
  adminAllowed: boolean;
  then?: (aggregate: ScrimAggregate, change: { wasPlaced: boolean }) => Promise<StoredNotification[]>;
}) {
  try {
    assertSelfOrAdmin(viewer, userId, { adminAllowed });
  } catch (error) {
    // As under the lock before: a scrim that does not exist is a 404 first; else the 403 with the scrim.
    const current = await findScrimAggregate({ db: deps.db, id: scrimId });
    if (!current) throw scrimNotFound();
    // Its community host removes players and casters as an admin does (a scrim's hosted_by never changes).
    if (!(adminAllowed && canRunScrim(viewer, current.scrim)))
      throw withCurrentScrim(error as AppError, current, viewer);
  }
  let result: SlotChangeResult;
  try {
    result = await changeSlot({ db: deps.db, scrimId, userId, change });
  } catch (error) {
    // The checks ran under the lock; only a writer that skipped it could make a constraint fire.
    if (!uniqueViolation(error)) throw error;
    const current = await findScrimAggregate({ db: deps.db, id: scrimId });
    throw withCurrentScrim(spotTaken(current?.participants ?? []), current, viewer);
  }
  if (result.refusal) {
    throw withCurrentScrim(
      slotRefusalError(change.action, result.refusal, result.aggregate, result.cooldownUntil),
      result.aggregate,
      viewer,
    );
  }
  const { aggregate } = result;
  if (then) publishNotifications({ io: deps.io, stored: await then(aggregate, { wasPlaced: result.wasPlaced }) });
  publishScrimChange(deps, aggregate);
  await scrimLifecycleFor(deps.io).emit('changed', { aggregate });
  if (result.promoted) await notifyPromoted({ deps, aggregate, userId: result.promoted });
  // Only a join can fill the teams. Filled after the start: the start job has run already, so the code gets its
  // own job (a second statement, rarely).
  if (change.action === 'join' && needsTournamentCode(aggregate)) {
    await scrimLifecycleFor(deps.io).emit('needsTournamentCode', { scrimId });
  }
  if (change.action === 'join') await keepLobbyReady(deps, aggregate);
  return { scrim: presentScrimFor(aggregate, viewer), aggregate };
}

/**
 * Join a slot. `leaveCast`: a caster of this scrim switches to the slot in one step (the cast row becomes the
 * player row in the same statement, so a refusal, e.g. the slot taken meanwhile, leaves them a caster).
 */
export function joinTeam({ team, role, leaveCast = false, ...action }: SlotAction & { leaveCast?: boolean }) {
  return changeSlotOf({ ...action, change: { action: 'join', team, role, leaveCast }, adminAllowed: false });
}

export function movePlayer({ team, role, ...action }: SlotAction) {
  return changeSlotOf({ ...action, change: { action: 'move', team, role }, adminAllowed: false });
}

/**
 * Leave (yourself) or kick (an admin removing someone else): one statement, whose freed slot goes to the waitlist.
 * A player's own leave under LATE_LEAVE_HOURS before the start is a late leave (their reliability), and a leave
 * with a reason is told to the scrim's host (recordOwnLeave, in a transaction of its own right after; an early
 * leave without a reason writes nothing more). A placed player leaves at no cost. A kick is not the player's leave.
 */
export const removePlayer = ({ reason, ...action }: UserAction & { reason?: string }) => {
  const own = action.viewer.id === action.userId;
  return changeSlotOf({
    ...action,
    change: { action: 'leave' },
    adminAllowed: true,
    then: own
      ? async ({ scrim }, { wasPlaced: placed }) => {
          // Early (or placed) and without a reason: nothing more to write (the common leave stays one statement).
          if (reason === undefined && !isLateLeave({ placed }, scrim.gameStartTime)) return [];
          return action.deps.db.transaction((tx) =>
            recordOwnLeave({ db: tx, scrim, userId: action.userId, placed, reason }),
          );
        }
      : undefined,
  });
};

/** Join the cast (yourself). A caster sees the lobby like a player: a no-show's cooldown refuses both. */
export const joinCast = (action: UserAction) =>
  changeSlotOf({ ...action, change: { action: 'cast' }, adminAllowed: false });

/** Leave the cast (yourself, or an admin removing a caster). */
export const leaveCast = (action: UserAction) =>
  changeSlotOf({ ...action, change: { action: 'uncast' }, adminAllowed: true });

// --- Admin moves

/** Runs a changeScrim whose action returns notifications (a waitlist promotion), and publishes them. */
async function withNotifications(
  run: Promise<{ value: StoredNotification[]; scrim: Scrim; aggregate: ScrimAggregate }>,
  deps: ScrimDeps,
) {
  const result = await run;
  publishNotifications({ io: deps.io, stored: result.value });
  return result;
}

export function adminAssignPlayer({ deps, viewer, scrimId, userId, team, role }: SlotAction) {
  return withNotifications(
    changeScrim({
      deps,
      scrimId,
      viewer,
      apply: async ({ tx, scrim, participants }) => {
        assertCanRunScrim(viewer, scrim);
        assertNoWinner(scrim);
        assertSlotsMode(scrim);
        if (!(await findUserById({ db: tx, id: userId }))) throw notFound('User not found', 'USER_NOT_FOUND');
        const existing = participants.find((p) => p.userId === userId);
        const waiting = Boolean(await findWaitlistEntry({ db: tx, scrimId, userId }));
        assertMayPlace(viewer, { inScrim: Boolean(existing), waiting });
        if (existing?.kind === 'caster') throw conflict(SCRIM_MESSAGES.userIsCaster, 'ALREADY_CASTER');
        const occupant = playerIn(participants, team, role);
        if (occupant && occupant.userId !== userId) throw spotTaken(participants);
        // A player moved within the scrim keeps what they chose; a newcomer put in for someone else is placed.
        const placed = !existing && placesSomeoneElse(viewer, userId);
        if (existing) await moveParticipant({ db: tx, scrimId, userId, team, role });
        else await insertParticipants({ db: tx, rows: [{ scrimId, userId, kind: 'player', team, role, placed }] });
        await clearBalance({ db: tx, scrimId });
        await deleteWaitlistEntry({ db: tx, scrimId, userId });
        const told = placed
          ? await placedNotifications({ db: tx, viewer, scrim, placed: [{ userId, team, role }] })
          : [];
        // A player moved elsewhere frees their slot.
        return [
          ...(await insertNotificationRows({ db: tx, values: told })),
          ...(await promoteIntoFreedSlots({ db: tx, scrim, freed: existing ? [existing] : [] })),
        ];
      },
    }),
    deps,
  );
}

/** Fills the empty slots with random eligible players: each is placed (they chose nothing) and told. */
export async function adminFillRandom({ deps, viewer, scrimId, region }: ScrimAction & { region?: Region }) {
  let stored: StoredNotification[] = [];
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    afterCommit: async () => publishNotifications({ io: deps.io, stored }),
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      const from = region ?? scrim.region;
      assertMayFillFrom(viewer, from);
      assertNoWinner(scrim);
      assertSlotsMode(scrim);
      const slots = emptySlots(participants.filter((p) => p.kind === 'player'));
      if (slots.length === 0) return { filled: 0, unfilled: 0, reason: null };
      const picked = await sampleEligibleUsers({ db: tx, scrimId, region: from, limit: slots.length });
      const rows = picked.map((user, i) => ({
        scrimId,
        userId: user.id,
        kind: 'player' as const,
        ...slots[i]!,
        placed: placesSomeoneElse(viewer, user.id),
      }));
      await insertParticipants({ db: tx, rows });
      stored = await insertNotificationRows({
        db: tx,
        values: await placedNotifications({ db: tx, viewer, scrim, placed: rows.filter((row) => row.placed) }),
      });
      const unfilled = slots.length - picked.length;
      return {
        filled: picked.length,
        unfilled,
        reason: unfilled > 0 ? SCRIM_MESSAGES.notEnoughEligible(unfilled, from) : null,
      };
    },
  });
  return result;
}

/** Drag a player onto a slot: exchange with its player, or move there when it is empty. */
export function swapPlayers({ deps, viewer, scrimId, userId, team, role }: SlotAction) {
  return withNotifications(
    changeScrim({
      deps,
      scrimId,
      viewer,
      apply: async ({ tx, scrim, participants }) => {
        assertCanRunScrim(viewer, scrim);
        assertNoWinner(scrim);
        const dragged = participants.find((p) => p.userId === userId && p.kind === 'player');
        if (!dragged) throw conflict(SCRIM_MESSAGES.notAPlayer, 'NOT_A_PLAYER');
        const occupant = playerIn(participants, team, role);
        if (occupant?.userId === userId) return [];
        // The teams are no longer as they were balanced: the win probability comes from the live ratings again.
        await clearBalance({ db: tx, scrimId });
        if (!occupant) {
          await moveParticipant({ db: tx, scrimId, userId, team, role });
          // Moved to an empty slot: the one left goes to the waitlist.
          return promoteIntoFreedSlots({ db: tx, scrim, freed: [dragged] });
        }
        // Both slots are unique: take both players out and put them back exchanged.
        await deleteParticipant({ db: tx, scrimId, userId });
        await deleteParticipant({ db: tx, scrimId, userId: occupant.userId });
        await insertParticipants({
          db: tx,
          rows: [
            // Exchanged, each keeps when they joined and whether they were placed.
            { scrimId, userId, kind: 'player', team, role, joinedAt: dragged.joinedAt, placed: dragged.placed },
            {
              scrimId,
              userId: occupant.userId,
              kind: 'player',
              team: dragged.team,
              role: dragged.role,
              joinedAt: occupant.joinedAt,
              placed: occupant.placed,
            },
          ],
        });
        return [];
      },
    }),
    deps,
  );
}

// --- Result and image

/**
 * Whether `viewer` may upload the scrim's image now (the captain while there is none, an admin always), without
 * a lock: the route asks before the file is even read, so that nobody else costs a read or a decoding. The
 * same checks run again under the lock when the image is stored.
 */
export async function assertMayAddImage({ db, viewer, scrimId }: { db: Database; viewer: Viewer; scrimId: string }) {
  const current = await findScrimAggregate({ db, id: scrimId });
  if (!current) throw scrimNotFound();
  try {
    assertCaptainOrAdmin(viewer, current.scrim);
    if (!canRunScrim(viewer, current.scrim) && current.imageAt)
      throw conflict(SCRIM_MESSAGES.imageExists, 'IMAGE_EXISTS');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.statusCode, error.code, error.message, { scrim: presentScrimFor(current, viewer) });
  }
}

export async function addImage({
  deps,
  viewer,
  scrimId,
  image: input,
  fileName,
}: ScrimAction & { image: Buffer; fileName?: string }) {
  await assertMayAddImage({ db: deps.db, viewer, scrimId });
  // Decode and re-encode outside the transaction: it is the slow part and needs no lock.
  const image = await processPostGameImage({ input, fileName });
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim }) => {
      assertCaptainOrAdmin(viewer, scrim);
      if (!canRunScrim(viewer, scrim) && (await findImage({ db: tx, scrimId })))
        throw conflict(SCRIM_MESSAGES.imageExists, 'IMAGE_EXISTS');
      await upsertImage({ db: tx, image: { scrimId, uploadedBy: viewer.id, ...image } });
    },
  });
}

export function removeImage({ deps, viewer, scrimId }: ScrimAction) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim }) => {
      assertCanRunScrim(viewer, scrim);
      if (!(await deleteImage({ db: tx, scrimId }))) throw notFound(SCRIM_MESSAGES.noImage, 'NO_IMAGE');
    },
  });
}

export async function getImage({ db, scrimId }: { db: Database; scrimId: string }) {
  const image = await findImage({ db, scrimId });
  if (!image) throw notFound(SCRIM_MESSAGES.noImage, 'NO_IMAGE');
  return image;
}

// --- Create, edit, delete (admin)

function castersCount(isWithCasters: boolean, requested: number) {
  if (!isWithCasters) return 0;
  return requested === 0 ? 2 : requested;
}

export async function createScrim({
  deps,
  viewer,
  body,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  body: z.output<typeof createScrimBodySchema>;
}) {
  assertMayHostIn(viewer, body.region);
  if (body.createdBy && body.createdBy !== viewer.id) throw forbidden('createdBy must be you', 'IDENTITY_MISMATCH');
  assertMayStartAt(viewer, new Date(body.gameStartTime));
  let lobbyHostId: string | null = null;
  if (body.lobbyHost === 'me') lobbyHostId = viewer.id;
  else if (body.lobbyHost !== 'random') {
    // A new scrim has nobody in it or waiting: a host names only themselves its captain.
    assertMayPlace(viewer, { inScrim: body.lobbyHost === viewer.id, waiting: false });
    if (!(await findUserById({ db: deps.db, id: body.lobbyHost })))
      throw badRequest('Lobby host not found', 'BAD_HOST');
    lobbyHostId = body.lobbyHost;
  }
  const row = await insertScrim({
    db: deps.db,
    values: {
      title: body.title,
      region: body.region,
      gameStartTime: new Date(body.gameStartTime),
      isPrivate: body.isPrivate,
      isWithCasters: body.isWithCasters,
      maxCastersAllowedCount: castersCount(body.isWithCasters, body.maxCastersAllowedCount),
      lobbyName: body.lobbyName || body.title,
      lobbyPassword: body.lobbyPassword || createPassword(),
      lobbyHostId,
      useTournamentCode: body.useTournamentCode,
      mode: body.mode,
      checkInEnabled: body.checkInEnabled,
      createdBy: viewer.id,
      // A community host's scrim is theirs to run; an admin's is run by the admins.
      hostedBy: viewer.isAdmin ? null : viewer.id,
    },
  });
  await scheduleScrimStart({ db: deps.db, jobs: deps.jobs, scrimId: row.id, gameStartTime: row.gameStartTime });
  const aggregate = (await findScrimAggregate({ db: deps.db, id: row.id }))!;
  publishScrimChange(deps, aggregate);
  await scrimLifecycleFor(deps.io).emit('created', { aggregate });
  return presentScrimFor(aggregate, viewer);
}

export async function editScrim({
  deps,
  viewer,
  scrimId,
  body,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
  body: z.output<typeof updateScrimBodySchema>;
}) {
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      if (body.region !== scrim.region) assertMayHostIn(viewer, body.region);
      const startChanged = scrim.gameStartTime.getTime() !== new Date(body.gameStartTime).getTime();
      if (startChanged) assertMayStartAt(viewer, new Date(body.gameStartTime));
      // A new winner (or none) from the edit form is an admin's decision: confirmed at once, the dispute settled.
      // A community host reports a winner like a captain (set-winner), for the other team to confirm.
      const resultChanged = body.teamWon !== scrim.teamWon;
      if (resultChanged && !viewer.isAdmin) throw forbidden(SCRIM_MESSAGES.resultByAdminOnly, 'ADMIN_RESULT_ONLY');
      // A private scrim is never rated: turning it private or public decides its rating again.
      const privacyChanged = body.isPrivate !== scrim.isPrivate;
      // A new start time reopens an abandoned scrim (its abandon check moves with the start job); otherwise an
      // abandoned scrim takes no winner.
      if (!startChanged && body.teamWon && !scrim.teamWon) assertNotAbandoned(scrim);
      const modeChanged = body.mode !== undefined && body.mode !== scrim.mode;
      if (modeChanged && (participants.length > 0 || (await hasSignups({ db: tx, scrimId })))) {
        throw conflict(BALANCE_MESSAGES.modeLocked, 'MODE_LOCKED');
      }
      const players = participants.filter((p) => p.kind === 'player');
      let lobbyHostId = scrim.lobbyHostId;
      if (body.lobbyHost === 'random') lobbyHostId = players.length === 10 ? pickRandom(players).userId : null;
      else if (body.lobbyHost === 'me') lobbyHostId = viewer.id;
      else if (body.lobbyHost !== 'keep') {
        if (!isParticipant(participants, body.lobbyHost))
          throw badRequest('The lobby host must be in this scrim', 'BAD_HOST');
        lobbyHostId = body.lobbyHost;
      }
      if (resultChanged && body.teamWon) await freezePrediction({ db: tx, scrimId });
      await updateScrim({
        db: tx,
        id: scrimId,
        values: {
          title: body.title,
          region: body.region,
          gameStartTime: new Date(body.gameStartTime),
          isPrivate: body.isPrivate,
          isWithCasters: body.isWithCasters,
          maxCastersAllowedCount: castersCount(body.isWithCasters, body.maxCastersAllowedCount),
          lobbyName: body.lobbyName || body.title,
          lobbyPassword: body.lobbyPassword,
          lobbyHostId,
          ...(resultChanged && adminResult(body.teamWon, viewer.id)),
          useTournamentCode: body.useTournamentCode,
          ...(modeChanged && { mode: body.mode }),
          ...(body.checkInEnabled !== undefined && { checkInEnabled: body.checkInEnabled }),
          // A new start time is a new check-in: reopened, and earlier check-ins no longer count.
          ...(startChanged && { abandonedAt: null, checkInClosedAt: null, lobbyReadyAt: null }),
        },
      });
      if (startChanged) await deleteCheckIns({ db: tx, scrimId });
      // Turning the tournament code off clears it.
      if (!body.useTournamentCode) await deleteRiotTournament({ db: tx, scrimId });
      if (resultChanged) await settleDispute({ db: tx, scrimId, by: viewer.id });
      // An admin's winner is confirmed at once: the players played it.
      if (resultChanged && body.teamWon) await recordPlayed({ db: tx, scrimId, participants });
      const checkInTurnedOn = body.checkInEnabled === true && !scrim.checkInEnabled;
      return { startChanged, resultChanged, privacyChanged, checkInTurnedOn };
    },
    afterCommit: async ({ resultChanged, privacyChanged }) => {
      if (resultChanged || privacyChanged) await syncScrimRatings({ db: deps.db, scrimId, rules: deps.ratingRules });
    },
  });
  const { scrim } = result.aggregate;
  // A new start time moves the start job (and re-arms one that fired); otherwise a fired one stays fired, and
  // a scrim that started before it had a start job is not notified late.
  if (result.value.startChanged || scrim.gameStartTime.getTime() > Date.now()) {
    await scheduleScrimStart({
      db: deps.db,
      jobs: deps.jobs,
      scrimId,
      gameStartTime: scrim.gameStartTime,
      ifCompleted: result.value.startChanged ? 'replace' : 'keep',
    });
  }
  // Check-in turned on again with the same start: its steps that ran as no-ops are re-armed.
  if (result.value.checkInTurnedOn && !result.value.startChanged && scrim.gameStartTime.getTime() > Date.now()) {
    await scheduleScrimCheckIn({ db: deps.db, scrimId, gameStartTime: scrim.gameStartTime });
    deps.jobs?.wake();
  }
  // Saved after the start with full teams, the option on and no code: generate it now.
  if (needsTournamentCode(result.aggregate)) await scrimLifecycleFor(deps.io).emit('needsTournamentCode', { scrimId });
  return result;
}

export async function removeScrim({ deps, scrimId }: { deps: ScrimDeps; scrimId: string }) {
  const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
  // A rated result is reversed first (the later results replayed), in the deletion's transaction.
  const deleted =
    aggregate && (await unrateScrim({ db: deps.db, scrimId, then: (tx) => deleteScrim({ db: tx, id: scrimId }) }));
  if (!deleted) throw scrimNotFound();
  await cancelScrimJobs({ db: deps.db, scrimId });
  await scrimLifecycleFor(deps.io).emit('deleted', { scrimId });
  deps.listCache.remove(scrimId);
  emitToOtherInstances(deps.io, SCRIM_CHANGED_EVENT, scrimId);
  publishScrimDeleted({ io: deps.io, scrimId, region: aggregate.scrim.region });
}
