import {
  DRAFT_SIDES,
  draftSideOfTeam,
  teamOfDraftSide,
  type DraftAbilities,
  type DraftSide,
  type DraftState,
  type Scrim,
  type ScrimUser,
} from '@scrim-gym/shared';
import { playersOf } from './scrim-view';
import { TEAM_COLORS } from './team-colors';

/** Bans and picks a side makes in a tournament draft: five of each. */
export const DRAFT_SLOTS = 5;

/** Before the first turn: waiting for both sides, or set back to waiting by a reset. */
export const draftNotStarted = (draft: Pick<DraftState, 'status'>) =>
  draft.status === 'waiting' || draft.status === 'reset';

/** The side the viewer plays on (blue is teamOne), or null for casters, spectators and runners. */
export const viewerSideOf = (scrim: Scrim, userId: string | null): DraftSide | null => {
  const player = userId ? playersOf(scrim).find((p) => p._user._id === userId) : undefined;
  return player ? draftSideOfTeam(player.team.name) : null;
};

/** The scrim's players on one side. */
export const sidePlayers = (scrim: Scrim, side: DraftSide): ScrimUser[] =>
  scrim[teamOfDraftSide(side)].map((player) => player._user);

/** The users the draft names (drafters, hovers) by id: the scrim's players. */
export const draftUsers = (scrim: Scrim): ReadonlyMap<string, ScrimUser> =>
  new Map(playersOf(scrim).map((player) => [player._user._id, player._user]));

/** A ban slot: a champion, "no ban" (a ban that timed out), or still to come. */
export type BanSlot = { kind: 'champion'; champion: string } | { kind: 'noBan' } | { kind: 'empty' };
export type PickSlot = { kind: 'champion'; champion: string; role: string | null } | { kind: 'empty' };

export const banSlots = (draft: DraftState, side: DraftSide): BanSlot[] =>
  Array.from({ length: DRAFT_SLOTS }, (_, i): BanSlot => {
    if (i >= draft[side].bans.length) return { kind: 'empty' };
    const champion = draft[side].bans[i];
    return champion ? { kind: 'champion', champion } : { kind: 'noBan' };
  });

export const pickSlots = (draft: DraftState, side: DraftSide): PickSlot[] =>
  Array.from({ length: DRAFT_SLOTS }, (_, i): PickSlot => {
    const pick = draft[side].picks[i];
    return pick ? { kind: 'champion', champion: pick.champion, role: pick.role ?? null } : { kind: 'empty' };
  });

/** The slot the running turn fills, as `{ side, action, slot }` (slot: 0-based within that side's bans or picks). */
export function currentSlot(draft: DraftState) {
  if (draft.status !== 'running' || !draft.turn) return null;
  const { side, action } = draft.turn;
  const slot = action === 'ban' ? draft[side].bans.length : draft[side].picks.length;
  return slot < DRAFT_SLOTS ? { side, action, slot } : null;
}

/** Why a champion cannot be chosen now, or null when it can. */
export type ChampionBlock = 'banned' | 'picked' | 'unavailable';

export function championBlocks(draft: DraftState): ReadonlyMap<string, ChampionBlock> {
  const blocks = new Map<string, ChampionBlock>();
  for (const champion of draft.unavailable) blocks.set(champion, 'unavailable');
  for (const side of DRAFT_SIDES) {
    for (const champion of draft[side].bans) if (champion) blocks.set(champion, 'banned');
    for (const pick of draft[side].picks) blocks.set(pick.champion, 'picked');
  }
  return blocks;
}

/** Whole seconds left on the turn's clock at `now` (epoch ms), never below zero. */
export const secondsLeft = (endsAt: string, now: number) =>
  Math.max(0, Math.ceil((new Date(endsAt).getTime() - now) / 1000));

/**
 * The teammates suggesting each champion: champion key → the ids of the users hovering it. Only `side`'s players
 * count: the server sends a side its own hovers alone, and the page never shows another side's either.
 */
export function hoversByChampion(draft: DraftState, scrim: Scrim, side: DraftSide): ReadonlyMap<string, string[]> {
  const own = new Set(sidePlayers(scrim, side).map((user) => user._id));
  const by = new Map<string, string[]>();
  for (const [userId, champion] of Object.entries(draft.hovers ?? {}))
    if (own.has(userId)) by.set(champion, [...(by.get(champion) ?? []), userId]);
  return by;
}

/** A viewer the server granted nothing (a visitor, or before the draft's first answer to them). */
export const NO_DRAFT_ABILITIES: DraftAbilities = {
  ready: { blue: false, red: false },
  chooseDrafter: { blue: false, red: false },
  reset: null,
  hover: false,
  lock: false,
};

/** Whether the server granted the viewer anything in the draft (such a page reads it again after a live change). */
export const anyDraftPower = (can: DraftAbilities | undefined) =>
  Boolean(
    can &&
    (can.ready.blue ||
      can.ready.red ||
      can.chooseDrafter.blue ||
      can.chooseDrafter.red ||
      can.reset ||
      can.hover ||
      can.lock),
  );

/** A side's colour: its team's (blue is teamOne). */
export const draftSideColor = (side: DraftSide) => TEAM_COLORS[teamOfDraftSide(side)];
