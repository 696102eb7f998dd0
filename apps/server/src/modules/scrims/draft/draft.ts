import {
  DRAFT_MESSAGES,
  DRAFT_ORDER,
  DRAFT_SIDES,
  type DraftAbilities,
  type DraftSide,
  type DraftTurn,
} from '@scrim-gym/shared';
import { conflict } from '../../../lib/errors.js';
import type { DraftRow, DraftTurnRow } from './draft.repository.js';

/**
 * The draft room's rules, without I/O: whose turn it is, who drafts for a side, which champions are free, and what a
 * turn whose clock ran out becomes.
 */

/** A champion of the catalogue: its Data Dragon key (`MonkeyKing`), display name (`Wukong`) and classes. */
export interface DraftChampion {
  id: string;
  name: string;
  tags: string[];
}

/**
 * Data Dragon's champion list, as the riot module's client reads it (handed over by app.ts: scrims never imports
 * riot); null while it cannot be read, and then no draft starts.
 */
export interface ChampionCatalogue {
  getChampionList(): Promise<readonly DraftChampion[] | null>;
}

/** The turn at `index` (0–19) of the tournament draft. */
export const turnAt = (index: number): DraftTurn | undefined => DRAFT_ORDER[index];

/**
 * Who stands on each side of a draft: the scrim's players of teamOne (blue) and teamTwo (red) and, for a series
 * game, the captains of the team playing each side and the side's default drafter (the team's owner).
 */
export interface DraftSides {
  players: Record<DraftSide, string[]>;
  captains: Record<DraftSide, string[]>;
  defaultDrafters: Record<DraftSide, string | null>;
}

/** The side's drafter: the one handed or pressing Ready first, else (a series game) the team's owner. */
export function drafterOf(
  side: DraftSide,
  draft: Pick<DraftRow, 'drafterBlue' | 'drafterRed'> | null,
  sides: DraftSides,
) {
  const chosen = side === 'blue' ? draft?.drafterBlue : draft?.drafterRed;
  return chosen ?? sides.defaultDrafters[side];
}

/** Whether the user drafts for the side: its drafter, or a captain of the side's team in a series. */
export const draftsFor = (
  userId: string,
  side: DraftSide,
  draft: Pick<DraftRow, 'drafterBlue' | 'drafterRed'> | null,
  sides: DraftSides,
) => drafterOf(side, draft, sides) === userId || sides.captains[side].includes(userId);

/** The side the user belongs to (a player of it, or a captain of its team in a series), if any. */
export function sideOfUser(userId: string, sides: DraftSides): DraftSide | null {
  return (
    DRAFT_SIDES.find((side) => sides.players[side].includes(userId) || sides.captains[side].includes(userId)) ?? null
  );
}

/** Everyone who sees a side's hovers: its players, its captains and its drafter. */
export function sideMembers(
  side: DraftSide,
  draft: Pick<DraftRow, 'drafterBlue' | 'drafterRed'> | null,
  sides: DraftSides,
) {
  const drafter = drafterOf(side, draft, sides);
  return [...new Set([...sides.players[side], ...sides.captains[side], ...(drafter ? [drafter] : [])])];
}

/**
 * Why `champion` cannot be banned or picked now: banned or picked earlier in this draft, or picked in an earlier game
 * of a fearless series. Null when it is free.
 */
export function championRefusal(
  champion: string,
  turns: Pick<DraftTurnRow, 'champion' | 'action'>[],
  unavailable: string[],
) {
  const turn = turns.find((t) => t.champion === champion);
  if (turn?.action === 'ban') return conflict(DRAFT_MESSAGES.championBanned, 'CHAMPION_BANNED');
  if (turn) return conflict(DRAFT_MESSAGES.championTaken, 'CHAMPION_TAKEN');
  if (unavailable.includes(champion)) return conflict(DRAFT_MESSAGES.championUnavailable, 'CHAMPION_UNAVAILABLE');
  return null;
}

/** The champions of the catalogue still free in this draft. */
export const freeChampions = (
  catalogue: readonly DraftChampion[],
  turns: Pick<DraftTurnRow, 'champion' | 'action'>[],
  unavailable: string[],
) => catalogue.map((c) => c.id).filter((id) => championRefusal(id, turns, unavailable) === null);

/**
 * What a turn whose clock ran out becomes: a ban is skipped ("no ban", null); a pick takes the drafter's hover (given
 * only while it is still free), else a random free champion. `undefined` when a pick has nothing to take (the
 * catalogue cannot be read).
 */
export function timedOutChampion({
  action,
  hover,
  free,
  random = Math.random,
}: {
  action: DraftTurn['action'];
  hover: string | null;
  free: string[] | null;
  random?: () => number;
}): string | null | undefined {
  if (action === 'ban') return null;
  if (hover) return hover;
  if (!free || free.length === 0) return undefined;
  return free[Math.floor(random() * free.length)]!;
}

/** Who looks at a draft, as its abilities read them: the user, and whether they run the scrim (canRunScrim). */
export interface DraftViewer {
  id: string;
  runs: boolean;
}

/**
 * What `viewer` may do in the draft now, by the rules its actions apply (draft-actions.ts): Ready for a side they
 * stand on that is not ready (its drafter, or anyone of it before it has one) while the champions can be read;
 * choose a side's drafter before the start (whoever runs the scrim, the lobby captain, a series side's captains);
 * while it runs, reset at once (whoever runs it) or ask to (a drafter), hover (a side's member) and lock (the
 * drafter of the side whose turn it is).
 */
export function draftAbilitiesOf({
  viewer,
  draft,
  sides,
  seriesGame,
  lobbyHostId,
  championsAvailable,
}: {
  viewer: DraftViewer;
  draft: Pick<DraftRow, 'status' | 'turnIndex' | 'readyBlue' | 'readyRed' | 'drafterBlue' | 'drafterRed'> | null;
  sides: DraftSides;
  seriesGame: boolean;
  lobbyHostId: string | null;
  championsAvailable: boolean;
}): DraftAbilities {
  const status = draft?.status ?? 'waiting';
  const notStarted = status === 'waiting' || status === 'reset';
  const running = status === 'running';
  const onSide = (side: DraftSide) =>
    sides.players[side].includes(viewer.id) || sides.captains[side].includes(viewer.id);
  const drafts = (side: DraftSide) => draftsFor(viewer.id, side, draft, sides);
  const isReady = (side: DraftSide) => (side === 'blue' ? draft?.readyBlue : draft?.readyRed) ?? false;
  const mayReady = (side: DraftSide) =>
    notStarted &&
    championsAvailable &&
    onSide(side) &&
    !isReady(side) &&
    (drafterOf(side, draft, sides) === null || drafts(side));
  const mayChoose = (side: DraftSide) =>
    notStarted && (viewer.runs || (seriesGame ? sides.captains[side].includes(viewer.id) : lobbyHostId === viewer.id));
  const turn = running && draft ? turnAt(draft.turnIndex) : undefined;
  return {
    ready: { blue: mayReady('blue'), red: mayReady('red') },
    chooseDrafter: { blue: mayChoose('blue'), red: mayChoose('red') },
    reset: !running ? null : viewer.runs ? 'now' : DRAFT_SIDES.some(drafts) ? 'ask' : null,
    hover: running && championsAvailable && sideOfUser(viewer.id, sides) !== null,
    lock: Boolean(turn) && championsAvailable && drafts(turn!.side),
  };
}
