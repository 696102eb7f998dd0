import {
  DRAFT_MESSAGES,
  DRAFT_SIDES,
  DRAFT_TURNS,
  type DraftSide,
  type DraftState,
  type Role,
} from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../../db/client.js';
import { AppError, badRequest, conflict, uniqueViolation } from '../../../lib/errors.js';
import type { AppServer } from '../../../plugins/io.js';
import { assertNoWinner, scrimNotFound } from '../core/scrim-change.js';
import type { ScrimRow } from '../core/scrim-aggregate.repository.js';
import { canRunScrim, type Viewer } from '../core/scrims.policy.js';
import { findSeriesRosterIds } from '../core/scrims.repository.js';
import {
  championRefusal,
  drafterOf,
  freeChampions,
  timedOutChampion,
  turnAt,
  type ChampionCatalogue,
  type DraftChampion,
  type DraftSides,
} from './draft.js';
import { publishDraft } from './draft.events.js';
import { draftOffSnapshot, presentDraft, presentDraftTo, type DraftSnapshot } from './draft.presenter.js';
import {
  deleteHovers,
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
  type DraftHoverRow,
  type DraftRow,
  type DraftTurnRow,
} from './draft.repository.js';
import { scheduleDraftTurn } from './draft.schedule.js';

/**
 * The draft room's core: how a change of a draft runs. Each change runs in one transaction that holds the scrim's row and locks the draft's
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

export interface DraftContext {
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
export interface DraftOutcome {
  changed: boolean;
  only?: DraftSide;
  /** A refusal that still commits what the change did first (a turn whose clock ran out: its timeout). */
  refusal?: AppError;
}

export const draftOff = () => conflict(DRAFT_MESSAGES.off, 'DRAFT_OFF');
export const notRunning = () => conflict(DRAFT_MESSAGES.notRunning, 'DRAFT_NOT_RUNNING');
export const draftOver = () => conflict(DRAFT_MESSAGES.over, 'DRAFT_OVER');
export const draftStarted = () => conflict(DRAFT_MESSAGES.started, 'DRAFT_STARTED');
export const championsUnreadable = () => new AppError(503, 'CHAMPIONS_UNREADABLE', DRAFT_MESSAGES.championsUnreadable);

/** Who stands on each side: the scrim's players and, for a series game, its teams' captains (the owner drafts). */
export async function readSides(db: DbOrTx, scrim: ScrimRow) {
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
export async function snapshotOf(
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
    seriesGame: scrim.seriesGame,
    lobbyHostId: scrim.lobbyHostId,
  };
}

/**
 * Whether the viewer runs the scrim (an admin, or its community host who plays for neither team of its series):
 * they choose drafters and reset at once.
 */
export async function runsScrim(db: DbOrTx, viewer: Viewer, scrim: ScrimRow) {
  const seriesRosterIds = scrim.seriesGame ? await findSeriesRosterIds({ db, scrimId: scrim.id }) : null;
  return canRunScrim(viewer, { hostedBy: scrim.hostedBy, region: scrim.region, seriesRosterIds });
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
  return presentDraftTo(snapshot, { id: viewer.id, runs: await runsScrim(deps.db, viewer, scrim) });
}

/**
 * Opens the draft for a change in `tx`: the scrim held, the draft locked (made on first use) with the database's
 * clock, and what the rules read. Null when the scrim is gone or has no draft.
 */
export async function openDraft(
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
export async function changeDraft({
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
  let result: { outcome: DraftOutcome; snapshot: DraftSnapshot; runs: boolean };
  try {
    result = await deps.db.transaction(async (tx) => {
      const opened = await openDraft(tx, scrimId, catalogue);
      if (!opened) throw scrimNotFound();
      if (!opened.context) throw draftOff();
      assertNoWinner(opened.scrim);
      const { context } = opened;
      const outcome = await apply(context);
      const snapshot = await snapshotOf(tx, opened.scrim, context);
      return { outcome, snapshot, runs: await runsScrim(tx, viewer, opened.scrim) };
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
  const { outcome, snapshot, runs } = result;
  if (outcome.changed) publishDraft({ io: deps.io, snapshot, only: outcome.only });
  if (outcome.refusal) throw outcome.refusal;
  return presentDraftTo(snapshot, { id: viewer.id, runs });
}

/** A draft that is not running: not started yet (or reset), or over. */
export function assertRunning(draft: DraftRow) {
  if (draft.status === 'done') throw draftOver();
  if (draft.status !== 'running') throw notRunning();
}

/** Before the start only (waiting, or reset). */
export function assertNotStarted(draft: DraftRow) {
  if (draft.status === 'done') throw draftOver();
  if (draft.status === 'running') throw draftStarted();
}

export const sideColumn = <B, R>(side: DraftSide, blue: B, red: R) => (side === 'blue' ? blue : red);

/** Moves to the next turn after turn `turnIndex` was decided (or ends the draft after the 20th). */
export async function advance(
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
export async function applyTimeout(context: DraftContext, random?: () => number) {
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
export function assertFreeChampion(context: DraftContext, champion: string) {
  if (!context.catalogue) throw championsUnreadable();
  if (!context.catalogue.some((c) => c.id === champion)) {
    throw badRequest(DRAFT_MESSAGES.unknownChampion, 'UNKNOWN_CHAMPION');
  }
  const refusal = championRefusal(champion, context.turns, context.unavailable);
  if (refusal) throw refusal;
}
