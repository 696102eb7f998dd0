import type { RiotLobbyEvents } from '../client/index.js';

/**
 * Who is in a tournament code's lobby now, from Riot's lobby events (tournament-v5 lobby-events/by-code), a pure
 * fold. Riot's events carry a PUUID (sometimes null) and never a side:
 * - PracticeGameCreated (the lobby's creator, when it names one), PlayerJoinedGame and PlayerSwitchedTeam put
 *   the PUUID in (joining twice is still one person);
 * - PlayerQuitGame takes it out again;
 * - a null PUUID is "someone": a join adds one anonymous person, a quit takes one away (never below zero), so it
 *   never breaks the count;
 * - ChampSelectStarted, GameAllocationStarted and GameAllocatedToLsm mean the lobby is over: the game is on.
 * Riot names its events with or without the 'Event' suffix; both are read. Unknown events change nothing.
 */

export type LobbyEvent = RiotLobbyEvents['eventList'][number];

export interface FoldedLobby {
  /** The PUUIDs in the lobby now. */
  puuids: Set<string>;
  /** People in it whose events had no PUUID. */
  anonymous: number;
  /** Champion select (or the game) has started: the lobby is closed. */
  started: boolean;
}

const JOINS = new Set(['PracticeGameCreated', 'PlayerJoinedGame', 'PlayerSwitchedTeam']);
const QUITS = new Set(['PlayerQuitGame']);
const STARTS = new Set(['ChampSelectStarted', 'GameAllocationStarted', 'GameAllocatedToLsm']);

const kindOf = (eventType: string) => eventType.replace(/Event$/, '');

/** Riot's order, unless every timestamp is a number: then by time (a stable sort keeps ties in Riot's order). */
function inOrder(events: readonly LobbyEvent[]): readonly LobbyEvent[] {
  const times = events.map((event) => Number(event.timestamp));
  if (!times.every(Number.isFinite)) return events;
  return events
    .map((event, index) => ({ event, time: times[index]! }))
    .sort((a, b) => a.time - b.time)
    .map(({ event }) => event);
}

export function foldLobbyEvents(events: readonly LobbyEvent[]): FoldedLobby {
  const puuids = new Set<string>();
  let anonymous = 0;
  let started = false;
  for (const event of inOrder(events)) {
    const kind = kindOf(event.eventType);
    const puuid = event.puuid || null;
    if (STARTS.has(kind)) started = true;
    else if (JOINS.has(kind)) {
      // The creator's event may name nobody: then it says only that a lobby exists, not that someone is in it.
      if (puuid) puuids.add(puuid);
      else if (kind !== 'PracticeGameCreated' && kind !== 'PlayerSwitchedTeam') anonymous++;
    } else if (QUITS.has(kind)) {
      if (puuid) puuids.delete(puuid);
      else anonymous = Math.max(0, anonymous - 1);
    }
  }
  return { puuids, anonymous, started };
}

/** The fold against the scrim's players: which of them are in, and how many others (`unknown`). */
export function lobbyOfPlayers(
  folded: FoldedLobby,
  players: readonly { userId: string; riotPuuid: string | null }[],
): { inUserIds: string[]; unknown: number } {
  const byPuuid = new Map(players.filter((p) => p.riotPuuid).map((p) => [p.riotPuuid!, p.userId]));
  const inUserIds: string[] = [];
  let strangers = 0;
  for (const puuid of folded.puuids) {
    const userId = byPuuid.get(puuid);
    if (userId) inUserIds.push(userId);
    else strangers++;
  }
  return { inUserIds: inUserIds.sort(), unknown: folded.anonymous + strangers };
}
