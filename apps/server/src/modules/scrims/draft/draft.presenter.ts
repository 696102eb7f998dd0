import {
  DRAFT_SIDES,
  DRAFT_TIMER_DEFAULT_SECONDS,
  type DraftMode,
  type DraftSide,
  type DraftState,
} from '@scrim-gym/shared';
import { draftAbilitiesOf, drafterOf, sideOfUser, turnAt, type DraftSides, type DraftViewer } from './draft.js';
import type { DraftHoverRow, DraftRow, DraftTurnRow } from './draft.repository.js';

/** A draft as read in one transaction: everything DraftState shows, for any viewer. */
export interface DraftSnapshot {
  scrimId: string;
  mode: DraftMode;
  timerSeconds: number;
  /** Null before the draft's first change (its row is made on first use). */
  draft: DraftRow | null;
  turns: DraftTurnRow[];
  hovers: DraftHoverRow[];
  sides: DraftSides;
  unavailable: string[];
  championsAvailable: boolean;
  /** The scrim's facts the abilities read. */
  seriesGame: boolean;
  lobbyHostId: string | null;
}

const noSides: DraftSides = {
  players: { blue: [], red: [] },
  captains: { blue: [], red: [] },
  defaultDrafters: { blue: null, red: null },
};

/** A scrim without a draft: mode 'none', waiting, nothing drafted. */
export const draftOffSnapshot = (scrimId: string, timerSeconds = DRAFT_TIMER_DEFAULT_SECONDS): DraftSnapshot => ({
  scrimId,
  mode: 'none',
  timerSeconds,
  draft: null,
  turns: [],
  hovers: [],
  sides: noSides,
  unavailable: [],
  championsAvailable: true,
  seriesGame: false,
  lobbyHostId: null,
});

/**
 * The draft as `side`'s members see it (null: anyone else, the casters and spectators): the same state for all,
 * with that side's hovers (user id → champion) for its own members only.
 */
export function presentDraft(snapshot: DraftSnapshot, side: DraftSide | null): DraftState {
  return presentDraftFor(snapshot, side, null);
}

/** The draft answered to `viewer`: their side's copy, with what they may do in it. */
export const presentDraftTo = (snapshot: DraftSnapshot, viewer: DraftViewer) =>
  presentDraftFor(snapshot, sideOfUser(viewer.id, snapshot.sides), viewer);

function presentDraftFor(snapshot: DraftSnapshot, side: DraftSide | null, viewer: DraftViewer | null): DraftState {
  const { draft, turns } = snapshot;
  const status = draft?.status ?? 'waiting';
  const turn = status === 'running' && draft?.turnEndsAt ? turnAt(draft.turnIndex) : undefined;
  const sideState = (s: DraftSide) => ({
    bans: turns.filter((t) => t.side === s && t.action === 'ban').map((t) => t.champion),
    picks: turns
      .filter((t) => t.side === s && t.action === 'pick')
      .map((t) => ({ champion: t.champion!, role: t.role })),
  });
  return {
    scrimId: snapshot.scrimId,
    mode: snapshot.mode,
    status,
    version: draft?.version ?? 0,
    ...(turn &&
      draft?.turnEndsAt && {
        turn: { index: draft.turnIndex, side: turn.side, action: turn.action, endsAt: draft.turnEndsAt.toISOString() },
      }),
    timerSeconds: snapshot.timerSeconds,
    ready: { blue: draft?.readyBlue ?? false, red: draft?.readyRed ?? false },
    drafters: Object.fromEntries(DRAFT_SIDES.map((s) => [s, drafterOf(s, draft, snapshot.sides)])) as Record<
      DraftSide,
      string | null
    >,
    blue: sideState('blue'),
    red: sideState('red'),
    unavailable: snapshot.unavailable,
    ...(side && {
      hovers: Object.fromEntries(snapshot.hovers.filter((h) => h.side === side).map((h) => [h.userId, h.champion])),
    }),
    ...((draft?.resetAskedBlue || draft?.resetAskedRed) && {
      resetAsked: { blue: draft.resetAskedBlue, red: draft.resetAskedRed },
    }),
    championsAvailable: snapshot.championsAvailable,
    ...(viewer &&
      snapshot.mode !== 'none' && {
        can: draftAbilitiesOf({
          viewer,
          draft,
          sides: snapshot.sides,
          seriesGame: snapshot.seriesGame,
          lobbyHostId: snapshot.lobbyHostId,
          championsAvailable: snapshot.championsAvailable,
        }),
      }),
  };
}
