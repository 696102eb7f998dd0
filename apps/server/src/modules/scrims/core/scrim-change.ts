import type { FastifyInstance } from 'fastify';
import {
  BALANCE_MESSAGES,
  MESSAGES,
  SCRIM_MESSAGES,
  TEAMS,
  teamDisplayName,
  WAITLIST_MESSAGES,
  areTeamsFull,
  freeRoles,
  type AbilityScrim,
  type Role,
  type TeamName,
} from '@scrim-gym/shared';
import type { Database, Transaction } from '../../../db/client.js';
import type { JobRunner } from '../../../jobs/index.js';
import { AppError, conflict, forbidden, notFound, unauthorized, uniqueViolation } from '../../../lib/errors.js';
import { emitToOtherInstances, type AppServer } from '../../../plugins/io.js';
import type { Notifier } from '../../notifications/index.js';
import { ratingRulesFor, type RatingRules } from '../../ratings/index.js';
import { publishScrim } from './scrims.events.js';
import type { ScrimLifecycle } from './scrims.lifecycle.js';
import { type Viewer } from './scrims.policy.js';
import { presentScrimFor } from './scrims.presenter.js';
import type { ScrimListCache } from '../listing/list-cache.js';
import {
  type ParticipantRow,
  type ParticipantWithUser,
  type ScrimAggregate,
  type ScrimRow,
} from './scrim-aggregate.repository.js';
import { findParticipants, findScrimAggregate, findSeriesRosterIds, lockScrim } from './scrims.repository.js';
import { holdLiveUser, markLobbyReady } from '../signups/signups.repository.js';
import { settleLobbyHost } from '../slots/slots.repository.js';

/**
 * The core of every change of a scrim: its dependencies, the locked change (changeScrim) and the publishing
 * that follows a commit, and the checks and refusals that every action shares.
 */

export interface ScrimDeps {
  db: Database;
  io: AppServer;
  /** Publishes the notifications an action wrote, after its commit. */
  notifier: Notifier;
  listCache: ScrimListCache;
  /** What the modules that follow scrims (riot, discord) hear after each commit. */
  lifecycle: ScrimLifecycle;
  /** Woken after a job due now is scheduled (the start job). */
  jobs?: JobRunner;
  /** Which confirmed results move ratings on this server (ratingRulesFor its config). */
  ratingRules: RatingRules;
}

/** The scrims module's dependencies, from the app that decorates its notifier, list cache and lifecycle. */
export const scrimDepsOf = (app: FastifyInstance): ScrimDeps => ({
  db: app.db,
  io: app.io,
  notifier: app.notifier,
  listCache: app.scrimLists,
  lifecycle: app.scrimLifecycle,
  jobs: app.jobs,
  ratingRules: ratingRulesFor(app.config),
});

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

/** A locked scrim with what the rules of who runs it read: a series game's rosters (canRunScrim). */
export type LockedScrim = ScrimRow & Pick<AbilityScrim, 'seriesRosterIds'>;

export interface ActionContext {
  tx: Transaction;
  /** The locked row, as it was before the action. */
  scrim: LockedScrim;
  participants: ParticipantRow[];
}

/** The arguments of an action on a scrim, on one of its users, on one of its slots. */
export interface ScrimAction {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
}
export interface UserAction extends ScrimAction {
  userId: string;
}
export interface SlotAction extends UserAction {
  team: TeamName;
  role: Role;
}

export const scrimNotFound = () => notFound(SCRIM_MESSAGES.notFound, 'SCRIM_NOT_FOUND');

/** "spot taken! spots available for Team One (Blue Side): Mid, ADC". */
export function spotTaken(participants: Pick<ParticipantWithUser, 'kind' | 'team' | 'role'>[]) {
  const players = participants.filter((p) => p.kind === 'player');
  const free = TEAMS.map((team) => ({ team, roles: freeRoles(players, team) })).filter((t) => t.roles.length > 0);
  if (free.length === 0) return conflict(SCRIM_MESSAGES.noSpots, 'SPOT_TAKEN');
  return conflict(
    SCRIM_MESSAGES.spotTaken(free.map((t) => `${teamDisplayName(t.team)}: ${t.roles.join(', ')}`).join('; ')),
    'SPOT_TAKEN',
  );
}

/** 403 COOLDOWN: the user may not join scrims (a slot, the cast, a waitlist) until `until` (a no-show's cooldown). */
export const cooldownError = (until: Date) => forbidden(WAITLIST_MESSAGES.cooldown(until.toISOString()), 'COOLDOWN');

export function assertNoWinner(scrim: ScrimRow) {
  if (scrim.cancelledAt) throw conflict(WAITLIST_MESSAGES.cancelled, 'SCRIM_CANCELLED');
  if (scrim.teamWon) throw conflict(SCRIM_MESSAGES.gameOver, 'GAME_OVER');
  assertNotAbandoned(scrim);
}

/** A balanced scrim's players come from its sign-ups: no slot tool puts anyone else in. */
export function assertSlotsMode(scrim: ScrimRow) {
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

/** A refusal as the API answers it: with the scrim as it is now, presented for the viewer. */
export function withCurrentScrim(error: AppError, current: ScrimAggregate | null, viewer: Viewer) {
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
      const row = await lockScrim({ db: tx, id: scrimId });
      if (!row) throw scrimNotFound();
      const seriesRosterIds = row.seriesGame ? await findSeriesRosterIds({ db: tx, scrimId }) : null;
      const scrim: LockedScrim = { ...row, seriesRosterIds };
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
  await deps.lifecycle.emit('changed', { aggregate });
  // Both teams filled after the start: the start job has run already, so the code gets its own job.
  if (!wasFull && needsTournamentCode(aggregate)) {
    await deps.lifecycle.emit('needsTournamentCode', { scrimId });
  }
  await keepLobbyReady(deps, aggregate);
  return { value, scrim: presentScrimFor(aggregate, viewer), aggregate };
}

/**
 * Teams full after the start (the start job found them short): the lobby is ready from now on, as when the game
 * begins full, so a later leave does not lock it for the others.
 */
export async function keepLobbyReady(deps: ScrimDeps, { scrim, participants }: ScrimAggregate) {
  if (scrim.lobbyReadyAt || scrim.teamWon || scrim.gameStartTime.getTime() > Date.now()) return;
  if (areTeamsFull(participants)) await markLobbyReady({ db: deps.db, scrimId: scrim.id });
}

/** Started, both teams full, no winner, the option on and no code yet. */
export function needsTournamentCode({ scrim, participants, tournament }: ScrimAggregate) {
  return (
    scrim.gameStartTime.getTime() <= Date.now() &&
    areTeamsFull(participants) &&
    !scrim.teamWon &&
    scrim.useTournamentCode &&
    !tournament?.tournamentCode
  );
}
