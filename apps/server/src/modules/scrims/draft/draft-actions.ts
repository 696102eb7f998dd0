import {
  DRAFT_MESSAGES,
  DRAFT_SIDES,
  DRAFT_TURNS,
  canRunScrim,
  type DraftSide,
  type DraftState,
  type Role,
} from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../../db/client.js';
import { AppError, badRequest, conflict, forbidden, uniqueViolation } from '../../../lib/errors.js';
import type { AppServer } from '../../../plugins/io.js';
import { assertNoWinner, scrimNotFound } from '../core/scrim-change.js';
import type { ScrimRow } from '../core/scrim-aggregate.repository.js';
import type { Viewer } from '../core/scrims.policy.js';
import { findSeriesRosterIds } from '../core/scrims.repository.js';
import {
  championRefusal,
  drafterOf,
  draftsFor,
  freeChampions,
  sideOfUser,
  timedOutChampion,
  turnAt,
  type ChampionCatalogue,
  type DraftChampion,
  type DraftSides,
} from './draft.js';
import { publishDraft } from './draft.events.js';
import { draftOffSnapshot, presentDraft, type DraftSnapshot } from './draft.presenter.js';
import {
  deleteHovers,
  deleteTurns,
  findDraft,
  findDraftScrim,
  findFearlessUnavailable,
  findHovers,
  findSeriesGame,
  findSidePlayers,
  findTeamCaptains,
  findTurnWithChampion,
  findTurns,
  holdDraftScrim,
  insertTurn,
  lockDraft,
  updateDraft,
  upsertHover,
  type DraftHoverRow,
  type DraftRow,
  type DraftTurnRow,
} from './draft.repository.js';
import { cancelDraftTurn, scheduleDraftTurn } from './draft.schedule.js';

/**
 * The draft room's actions. Each change runs in one transaction that holds the scrim's row and locks the draft's
 * (made on first use), reads the database's clock, decides, writes, moves `version` on, and publishes after the
 * commit. The draft's row is the turn clock's one authority: a lock and the timeout job of a turn both decide only
 * while the row is still at that turn, so exactly one of them does.
 */

export interface DraftDeps {
  db: Database;
  io: AppServer;
  /** Data Dragon's champion list (the riot module's client, handed over by app.ts). */
  champions: ChampionCatalogue;
}

interface DraftContext {
  tx: Transaction;
  scrim: ScrimRow;
  draft: DraftRow;
  /** The database's clock, read under the draft's lock. */
  now: Date;
  turns: DraftTurnRow[];
  hovers: DraftHoverRow[];
  sides: DraftSides;
  unavailable: string[];
  /** Null while Data Dragon cannot be read. */
  catalogue: readonly DraftChampion[] | null;
}

/** What a change did: nothing (an answer as it stands), or a change to publish (to one side only: a hover). */
interface DraftOutcome {
  changed: boolean;
  only?: DraftSide;
  /** A refusal that still commits what the change did first (a turn whose clock ran out: its timeout). */
  refusal?: AppError;
}

const draftOff = () => conflict(DRAFT_MESSAGES.off, 'DRAFT_OFF');
const notRunning = () => conflict(DRAFT_MESSAGES.notRunning, 'DRAFT_NOT_RUNNING');
const draftOver = () => conflict(DRAFT_MESSAGES.over, 'DRAFT_OVER');
const draftStarted = () => conflict(DRAFT_MESSAGES.started, 'DRAFT_STARTED');
const championsUnreadable = () => new AppError(503, 'CHAMPIONS_UNREADABLE', DRAFT_MESSAGES.championsUnreadable);

/** Who stands on each side: the scrim's players and, for a series game, its teams' captains (the owner drafts). */
async function readSides(db: DbOrTx, scrim: ScrimRow) {
  const players = await findSidePlayers({ db, scrimId: scrim.id });
  const sides: DraftSides = {
    players: {
      blue: players.filter((p) => p.team === 'teamOne').map((p) => p.userId),
      red: players.filter((p) => p.team === 'teamTwo').map((p) => p.userId),
    },
    captains: { blue: [], red: [] },
    defaultDrafters: { blue: null, red: null },
  };
  const series = scrim.seriesGame ? await findSeriesGame({ db, scrimId: scrim.id }) : null;
  if (series) {
    const teams: Record<DraftSide, string | null> = { blue: series.blueTeamId, red: series.redTeamId };
    const captains = await findTeamCaptains({
      db,
      teamIds: [teams.blue, teams.red].filter((id): id is string => id !== null),
    });
    for (const side of DRAFT_SIDES) {
      const own = captains.filter((c) => c.teamId === teams[side]);
      sides.captains[side] = own.map((c) => c.userId);
      sides.defaultDrafters[side] = (own.find((c) => c.isOwner) ?? own[0])?.userId ?? null;
    }
  }
  const unavailable =
    scrim.draft === 'fearless' && series
      ? await findFearlessUnavailable({ db, seriesId: series.seriesId, number: series.number })
      : [];
  return { sides, unavailable };
}

/** The draft as it stands in `db` (the transaction, after a change), for the answer and the publishing. */
async function snapshotOf(
  db: DbOrTx,
  scrim: ScrimRow,
  context: Pick<DraftContext, 'sides' | 'unavailable' | 'catalogue'>,
): Promise<DraftSnapshot> {
  const draft = await findDraft({ db, scrimId: scrim.id });
  return {
    scrimId: scrim.id,
    mode: scrim.draft,
    timerSeconds: scrim.draftTimerSeconds,
    draft,
    turns: draft ? await findTurns({ db, scrimId: scrim.id }) : [],
    hovers: draft ? await findHovers({ db, scrimId: scrim.id }) : [],
    sides: context.sides,
    unavailable: context.unavailable,
    championsAvailable: context.catalogue !== null,
  };
}

/** `GET /api/scrims/:id/draft`: the draft as the viewer may see it (their side's hovers only). */
export async function getDraft({
  deps,
  viewer,
  scrimId,
}: {
  deps: DraftDeps;
  viewer: Viewer;
  scrimId: string;
}): Promise<DraftState> {
  const scrim = await findDraftScrim({ db: deps.db, scrimId });
  if (!scrim) throw scrimNotFound();
  if (scrim.draft === 'none') return presentDraft(draftOffSnapshot(scrim.id, scrim.draftTimerSeconds), null);
  const catalogue = await deps.champions.getChampionList();
  const { sides, unavailable } = await readSides(deps.db, scrim);
  const snapshot = await snapshotOf(deps.db, scrim, { sides, unavailable, catalogue });
  return presentDraft(snapshot, sideOfUser(viewer.id, sides));
}

/**
 * Opens the draft for a change in `tx`: the scrim held, the draft locked (made on first use) with the database's
 * clock, and what the rules read. Null when the scrim is gone or has no draft.
 */
async function openDraft(
  tx: Transaction,
  scrimId: string,
  catalogue: readonly DraftChampion[] | null,
): Promise<{ scrim: ScrimRow; context: DraftContext | null } | null> {
  const scrim = await holdDraftScrim({ db: tx, scrimId });
  if (!scrim) return null;
  if (scrim.draft === 'none') return { scrim, context: null };
  const { draft, now } = await lockDraft({ db: tx, scrimId });
  const { sides, unavailable } = await readSides(tx, scrim);
  const turns = await findTurns({ db: tx, scrimId });
  const hovers = await findHovers({ db: tx, scrimId });
  return { scrim, context: { tx, scrim, draft, now, turns, hovers, sides, unavailable, catalogue } };
}

/**
 * One change of a draft by a viewer: refused when the scrim is gone (404), has no draft (DRAFT_OFF) or is over
 * (cancelled, abandoned, a winner set); published after the commit; answered as the viewer may see it.
 */
async function changeDraft({
  deps,
  viewer,
  scrimId,
  apply,
  champion,
}: {
  deps: DraftDeps;
  viewer: Viewer;
  scrimId: string;
  apply: (context: DraftContext) => Promise<DraftOutcome>;
  /** The champion a lock writes: the unique index's refusal names it. */
  champion?: string;
}): Promise<DraftState> {
  const catalogue = await deps.champions.getChampionList();
  let result: { outcome: DraftOutcome; snapshot: DraftSnapshot; side: DraftSide | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      const opened = await openDraft(tx, scrimId, catalogue);
      if (!opened) throw scrimNotFound();
      if (!opened.context) throw draftOff();
      assertNoWinner(opened.scrim);
      const { context } = opened;
      const outcome = await apply(context);
      const snapshot = await snapshotOf(tx, opened.scrim, context);
      return { outcome, snapshot, side: sideOfUser(viewer.id, context.sides) };
    });
  } catch (error) {
    // The unique index on (scrim, champion) is the last word on a champion taken twice.
    if (champion && uniqueViolation(error) === 'scrim_draft_turns_champion_uq') {
      const turn = await findTurnWithChampion({ db: deps.db, scrimId, champion });
      throw (
        championRefusal(champion, turn ? [turn] : [], []) ?? conflict(DRAFT_MESSAGES.championTaken, 'CHAMPION_TAKEN')
      );
    }
    throw error;
  }
  const { outcome, snapshot, side } = result;
  if (outcome.changed) publishDraft({ io: deps.io, snapshot, only: outcome.only });
  if (outcome.refusal) throw outcome.refusal;
  return presentDraft(snapshot, side);
}

/** A draft that is not running: not started yet (or reset), or over. */
function assertRunning(draft: DraftRow) {
  if (draft.status === 'done') throw draftOver();
  if (draft.status !== 'running') throw notRunning();
}

/** Before the start only (waiting, or reset). */
function assertNotStarted(draft: DraftRow) {
  if (draft.status === 'done') throw draftOver();
  if (draft.status === 'running') throw draftStarted();
}

const sideColumn = <B, R>(side: DraftSide, blue: B, red: R) => (side === 'blue' ? blue : red);

/** Moves to the next turn after turn `turnIndex` was decided (or ends the draft after the 20th). */
async function advance(
  context: DraftContext,
  decided: { champion: string | null; role: Role | null; timedOut: boolean; lockedBy: string | null },
) {
  const { tx, scrim, draft, now } = context;
  const turn = turnAt(draft.turnIndex)!;
  await insertTurn({
    db: tx,
    values: {
      scrimId: scrim.id,
      turnIndex: draft.turnIndex,
      side: turn.side,
      action: turn.action,
      champion: decided.champion,
      role: turn.action === 'pick' ? decided.role : null,
      timedOut: decided.timedOut,
      lockedBy: decided.lockedBy,
      lockedAt: now,
    },
  });
  // Suggestions are for the turn being played: a decided turn clears them.
  await deleteHovers({ db: tx, scrimId: scrim.id });
  const next = draft.turnIndex + 1;
  if (next >= DRAFT_TURNS) {
    await updateDraft({
      db: tx,
      scrimId: scrim.id,
      values: { status: 'done', turnIndex: DRAFT_TURNS, turnEndsAt: null, endedAt: now },
    });
    return;
  }
  const endsAt = new Date(now.getTime() + scrim.draftTimerSeconds * 1000);
  await updateDraft({ db: tx, scrimId: scrim.id, values: { turnIndex: next, turnEndsAt: endsAt } });
  await scheduleDraftTurn({ db: tx, scrimId: scrim.id, turnIndex: next, endsAt });
}

/**
 * The running turn's clock ran out: a ban is skipped, a pick takes the drafter's hover while it is free, else a
 * random free champion. False when a pick has nothing to take (Data Dragon unreadable and no hover).
 */
async function applyTimeout(context: DraftContext, random?: () => number) {
  const { draft, turns, hovers, sides, unavailable, catalogue } = context;
  const turn = turnAt(draft.turnIndex)!;
  const drafter = drafterOf(turn.side, draft, sides);
  const hover = hovers.find((h) => h.userId === drafter && h.side === turn.side)?.champion ?? null;
  const champion = timedOutChampion({
    action: turn.action,
    hover: hover && !championRefusal(hover, turns, unavailable) ? hover : null,
    free: catalogue ? freeChampions(catalogue, turns, unavailable) : null,
    random,
  });
  if (champion === undefined) return false;
  await advance(context, { champion, role: null, timedOut: true, lockedBy: null });
  return true;
}

/** A champion to ban, pick or hover: one of Data Dragon's, still free in this draft. */
function assertFreeChampion(context: DraftContext, champion: string) {
  if (!context.catalogue) throw championsUnreadable();
  if (!context.catalogue.some((c) => c.id === champion)) {
    throw badRequest(DRAFT_MESSAGES.unknownChampion, 'UNKNOWN_CHAMPION');
  }
  const refusal = championRefusal(champion, context.turns, context.unavailable);
  if (refusal) throw refusal;
}

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
        // The lock of every turn is checked against Data Dragon's list: without it the draft does not start.
        if (!context.catalogue) throw championsUnreadable();
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
      const seriesRosterIds = scrim.seriesGame ? await findSeriesRosterIds({ db: tx, scrimId: scrim.id }) : null;
      const mayChoose =
        canRunScrim(viewer, { hostedBy: scrim.hostedBy, region: scrim.region, seriesRosterIds }) ||
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
      if (draft.status === 'done') throw draftOver();
      const seriesRosterIds = scrim.seriesGame ? await findSeriesRosterIds({ db: tx, scrimId: scrim.id }) : null;
      const runs = canRunScrim(viewer, { hostedBy: scrim.hostedBy, region: scrim.region, seriesRosterIds });
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
