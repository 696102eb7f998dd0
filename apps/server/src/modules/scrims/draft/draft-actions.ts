/**
 * The draft room's actions, each one change run by changeDraft (draft-change.ts): ready, the drafter, a hover, a
 * lock, a reset, and the timeout of a turn whose clock ran out.
 */
import { DRAFT_MESSAGES, DRAFT_SIDES, type DraftSide, type Role } from '@scrim-gym/shared';
import { conflict, forbidden } from '../../../lib/errors.js';
import type { Viewer } from '../core/scrims.policy.js';
import { drafterOf, draftsFor, sideOfUser, turnAt } from './draft.js';
import { publishDraft } from './draft.events.js';
import { type DraftSnapshot } from './draft.presenter.js';
import { deleteHovers, deleteTurns, updateDraft, upsertHover } from './draft.repository.js';
import { cancelDraftTurn, scheduleDraftTurn } from './draft.schedule.js';

import {
  type DraftDeps,
  runsScrim,
  championsUnreadable,
  snapshotOf,
  openDraft,
  changeDraft,
  assertRunning,
  assertNotStarted,
  sideColumn,
  advance,
  applyTimeout,
  assertFreeChampion,
} from './draft-change.js';

/**
 * `POST /draft/ready {side}`: a side's player (a pick-up's first one becomes its drafter) or, in a series, its
 * drafter or a captain of its team. Both sides ready start the draft: turn 0, its clock from now.
 */
export function readyDraft({
  deps,
  viewer,
  scrimId,
  side,
}: {
  deps: DraftDeps;
  viewer: Viewer;
  scrimId: string;
  side: DraftSide;
}) {
  return changeDraft({
    deps,
    viewer,
    scrimId,
    async apply(context) {
      const { tx, scrim, draft, sides, now } = context;
      assertNotStarted(draft);
      // Every turn's champion is checked against Data Dragon's list: without it the draft does not start.
      if (!context.catalogue) throw championsUnreadable();
      if (!sides.players[side].includes(viewer.id) && !sides.captains[side].includes(viewer.id)) {
        throw forbidden(DRAFT_MESSAGES.notYourSide, 'NOT_ON_SIDE');
      }
      const drafter = drafterOf(side, draft, sides);
      if (drafter && !draftsFor(viewer.id, side, draft, sides)) {
        throw forbidden(DRAFT_MESSAGES.notDrafter, 'NOT_DRAFTER');
      }
      const ready = { blue: draft.readyBlue, red: draft.readyRed, [side]: true };
      if (drafter && sideColumn(side, draft.readyBlue, draft.readyRed)) return { changed: false };
      const values: Parameters<typeof updateDraft>[0]['values'] = {
        ...(side === 'blue' ? { readyBlue: true } : { readyRed: true }),
        ...(!drafter && (side === 'blue' ? { drafterBlue: viewer.id } : { drafterRed: viewer.id })),
      };
      if (ready.blue && ready.red) {
        const endsAt = new Date(now.getTime() + scrim.draftTimerSeconds * 1000);
        Object.assign(values, {
          status: 'running',
          turnIndex: 0,
          turnEndsAt: endsAt,
          startedAt: now,
          endedAt: null,
          resetAskedBlue: false,
          resetAskedRed: false,
        });
        await scheduleDraftTurn({ db: tx, scrimId: scrim.id, turnIndex: 0, endsAt });
      }
      await updateDraft({ db: tx, scrimId: scrim.id, values });
      return { changed: true };
    },
  });
}

/**
 * `POST /draft/drafter {side, userId}` before the start: the lobby captain, whoever runs the scrim, or (a series
 * game) a captain of the side's team hands the side's drafting to one of its players.
 */
export function chooseDrafter({
  deps,
  viewer,
  scrimId,
  side,
  userId,
}: {
  deps: DraftDeps;
  viewer: Viewer;
  scrimId: string;
  side: DraftSide;
  userId: string;
}) {
  return changeDraft({
    deps,
    viewer,
    scrimId,
    async apply({ tx, scrim, draft, sides }) {
      const mayChoose =
        (await runsScrim(tx, viewer, scrim)) ||
        (scrim.seriesGame ? sides.captains[side].includes(viewer.id) : scrim.lobbyHostId === viewer.id);
      if (!mayChoose) throw forbidden(DRAFT_MESSAGES.cannotChooseDrafter, 'NOT_CAPTAIN');
      assertNotStarted(draft);
      if (!sides.players[side].includes(userId)) throw conflict(DRAFT_MESSAGES.notOnSide, 'NOT_ON_SIDE');
      if (drafterOf(side, draft, sides) === userId && sideColumn(side, draft.drafterBlue, draft.drafterRed)) {
        return { changed: false };
      }
      await updateDraft({
        db: tx,
        scrimId: scrim.id,
        values: side === 'blue' ? { drafterBlue: userId } : { drafterRed: userId },
      });
      return { changed: true };
    },
  });
}

/** `POST /draft/hover {champion}`: a side's member suggests a champion, seen by that side only. */
export function hoverChampion({
  deps,
  viewer,
  scrimId,
  champion,
}: {
  deps: DraftDeps;
  viewer: Viewer;
  scrimId: string;
  champion: string;
}) {
  return changeDraft({
    deps,
    viewer,
    scrimId,
    async apply(context) {
      const { tx, scrim, draft, sides, hovers } = context;
      assertRunning(draft);
      const side = sideOfUser(viewer.id, sides);
      if (!side) throw forbidden(DRAFT_MESSAGES.notYourSide, 'NOT_ON_SIDE');
      assertFreeChampion(context, champion);
      if (hovers.some((h) => h.userId === viewer.id && h.champion === champion)) return { changed: false };
      await upsertHover({ db: tx, values: { scrimId: scrim.id, userId: viewer.id, side, champion } });
      await updateDraft({ db: tx, scrimId: scrim.id, values: {} });
      return { changed: true, only: side };
    },
  });
}

/**
 * `POST /draft/lock {champion, role?}`: the side's drafter bans or picks on its turn. A turn whose clock has run
 * out is timed out here (committed) and the lock refused.
 */
export function lockChampion({
  deps,
  viewer,
  scrimId,
  champion,
  role,
  turnIndex,
}: {
  deps: DraftDeps;
  viewer: Viewer;
  scrimId: string;
  champion: string;
  role?: Role;
  /** The turn the drafter locks for, when the client says: a turn decided meanwhile is not taken for the next. */
  turnIndex?: number;
}) {
  return changeDraft({
    deps,
    viewer,
    scrimId,
    champion,
    async apply(context) {
      const { draft, sides, now } = context;
      assertRunning(draft);
      if (!DRAFT_SIDES.some((side) => draftsFor(viewer.id, side, draft, sides))) {
        throw forbidden(DRAFT_MESSAGES.notDrafter, 'NOT_DRAFTER');
      }
      if (turnIndex !== undefined && turnIndex < draft.turnIndex) {
        throw conflict(DRAFT_MESSAGES.turnPassed, 'TURN_PASSED');
      }
      const turn = turnAt(draft.turnIndex)!;
      if (turnIndex !== undefined && turnIndex > draft.turnIndex) {
        throw conflict(DRAFT_MESSAGES.notYourTurn, 'NOT_YOUR_TURN');
      }
      if (!draftsFor(viewer.id, turn.side, draft, sides)) throw conflict(DRAFT_MESSAGES.notYourTurn, 'NOT_YOUR_TURN');
      if (now.getTime() >= draft.turnEndsAt!.getTime()) {
        const timedOut = await applyTimeout(context);
        return { changed: timedOut, refusal: conflict(DRAFT_MESSAGES.turnPassed, 'TURN_PASSED') };
      }
      assertFreeChampion(context, champion);
      // Decided before its clock ran out: its timeout has nothing left to do.
      await cancelDraftTurn({ db: context.tx, scrimId, turnIndex: draft.turnIndex });
      await advance(context, { champion, role: role ?? null, timedOut: false, lockedBy: viewer.id });
      return { changed: true };
    },
  });
}

/**
 * `POST /draft/reset` before the draft ends: whoever runs the scrim resets it at once; a side's drafter asks, and
 * the draft resets once both sides asked. A reset clears the turns, hovers, ready flags and asks, and its clock.
 */
export function resetDraft({ deps, viewer, scrimId }: { deps: DraftDeps; viewer: Viewer; scrimId: string }) {
  return changeDraft({
    deps,
    viewer,
    scrimId,
    async apply({ tx, scrim, draft, sides }) {
      // Before the start there is nothing to reset; after the end the draft stays as it was played.
      assertRunning(draft);
      const runs = await runsScrim(tx, viewer, scrim);
      const asking = DRAFT_SIDES.filter((side) => draftsFor(viewer.id, side, draft, sides));
      if (!runs && asking.length === 0) throw forbidden(DRAFT_MESSAGES.cannotReset, 'NOT_DRAFTER');
      const asked = {
        blue: draft.resetAskedBlue || asking.includes('blue'),
        red: draft.resetAskedRed || asking.includes('red'),
      };
      if (!runs && !(asked.blue && asked.red)) {
        if (asked.blue === draft.resetAskedBlue && asked.red === draft.resetAskedRed) return { changed: false };
        await updateDraft({
          db: tx,
          scrimId: scrim.id,
          values: { resetAskedBlue: asked.blue, resetAskedRed: asked.red },
        });
        return { changed: true };
      }
      if (draft.status === 'running') await cancelDraftTurn({ db: tx, scrimId: scrim.id, turnIndex: draft.turnIndex });
      await deleteTurns({ db: tx, scrimId: scrim.id });
      await deleteHovers({ db: tx, scrimId: scrim.id });
      await updateDraft({
        db: tx,
        scrimId: scrim.id,
        values: {
          status: 'reset',
          turnIndex: 0,
          turnEndsAt: null,
          readyBlue: false,
          readyRed: false,
          resetAskedBlue: false,
          resetAskedRed: false,
          startedAt: null,
          endedAt: null,
        },
      });
      return { changed: true };
    },
  });
}

/**
 * The timeout job of turn `turnIndex`: under the draft's lock, it decides the turn only while the draft is still
 * running at that turn and its clock has run out, so a lock that came first, a reset or a repeated run leave it
 * nothing to do. Returns when to come back instead: the clock not out yet (a runner ahead of the database), or a
 * pick with nothing to take while Data Dragon cannot be read.
 */
export async function expireDraftTurn({
  deps,
  scrimId,
  turnIndex,
  random,
}: {
  deps: DraftDeps;
  scrimId: string;
  turnIndex: number;
  random?: () => number;
}): Promise<{ retryAt: Date | null }> {
  const catalogue = await deps.champions.getChampionList();
  const result = await deps.db.transaction(async (tx): Promise<{ snapshot?: DraftSnapshot; retryAt?: Date } | null> => {
    const opened = await openDraft(tx, scrimId, catalogue);
    const context = opened?.context;
    if (!context) return null;
    const { scrim, draft, now } = context;
    // A scrim that is over keeps its draft as it stands.
    if (scrim.cancelledAt || scrim.abandonedAt || scrim.teamWon) return null;
    if (draft.status !== 'running' || draft.turnIndex !== turnIndex) return null;
    if (now.getTime() < draft.turnEndsAt!.getTime()) return { retryAt: draft.turnEndsAt! };
    if (!(await applyTimeout(context, random))) return { retryAt: new Date(now.getTime() + 5_000) };
    return { snapshot: await snapshotOf(tx, scrim, context) };
  });
  if (result?.snapshot) publishDraft({ io: deps.io, snapshot: result.snapshot });
  return { retryAt: result?.retryAt ?? null };
}
