import { DRAFT_SIDES, SOCKET_EVENTS, type DraftSide } from '@scrim-gym/shared';
import { scrimRoom, userRoom, type AppServer } from '../../../plugins/io.js';
import { sideMembers } from './draft.js';
import { presentDraft, type DraftSnapshot } from './draft.presenter.js';

/**
 * Sends the changed draft after its commit: to the scrim's room without hovers, and to each side's members (its
 * players, captains and drafter, through their user rooms, wherever they watch from) their side's copy with its
 * hovers, so a hover never reaches the other side or a spectator. `only`: a change that concerns one side alone (a
 * hover) goes to that side's members only. Through the Redis adapter this reaches every instance.
 */
export function publishDraft({ io, snapshot, only }: { io: AppServer; snapshot: DraftSnapshot; only?: DraftSide }) {
  const { scrimId } = snapshot;
  const rooms = Object.fromEntries(
    DRAFT_SIDES.map((side) => [side, sideMembers(side, snapshot.draft, snapshot.sides).map(userRoom)]),
  ) as Record<DraftSide, string[]>;
  if (!only) {
    io.to(scrimRoom(scrimId))
      .except([...rooms.blue, ...rooms.red])
      .emit(SOCKET_EVENTS.draftChange, { scrimId, draft: presentDraft(snapshot, null) });
  }
  for (const side of only ? [only] : DRAFT_SIDES) {
    // Never `io.to([])`: no room at all means every socket.
    if (rooms[side].length === 0) continue;
    io.to(rooms[side]).emit(SOCKET_EVENTS.draftChange, { scrimId, draft: presentDraft(snapshot, side) });
  }
}
