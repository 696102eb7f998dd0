import { CURRENT_SCRIM_WINDOW_MS, type GamePart, type Scrim, type ScrimTiming, type TeamName } from '@scrim-gym/shared';
import type { Relation } from './scrim-view';

export type LobbyPanelState =
  | {
      kind: 'ready';
      name: string;
      password: string;
      /** The tournament code when the scrim uses one and it exists. */
      code: string | null;
      /** 'Generating Tournament Code...' beside the password: only when this server makes codes (5 s). */
      codePending: boolean;
      isCaptain: boolean;
      /** The captain or an admin: the winner buttons are in the panel. */
      canReport: boolean;
    }
  | {
      kind: 'result';
      winner: TeamName;
      /** What the viewer was in the game (null: an admin who did not play or cast). */
      part: GamePart | null;
      /** Within the game's 3 hours: the viewer's current stats are this game's outcome (level change shown). */
      recent: boolean;
    };

/** What the viewer was in this game, once it has a winner. */
export function gamePartOf(scrim: Scrim, rel: Relation): GamePart | null {
  if (!scrim.teamWon) return null;
  if (rel.player) return rel.player.team.name === scrim.teamWon ? 'win' : 'loss';
  return rel.isCaster ? 'cast' : null;
}

/**
 * The pinned panel of the scrim page, for its participants (players, casters) and who runs it: from the
 * moment the scrim has started with both teams full (and after a leave since: lobbyReady), the lobby name and password (and the code beside them when
 * there is one); after the result, the outcome. Null otherwise: before the start the card's countdown stays.
 */
export function lobbyPanelState(
  scrim: Scrim,
  timing: ScrimTiming,
  rel: Relation,
  { codesAvailable, generating, now }: { codesAvailable: boolean; generating: boolean; now: number },
): LobbyPanelState | null {
  if (!(rel.player || rel.isCaster || rel.can.edit) || scrim.cancellation) return null;
  if (scrim.teamWon) {
    const recent = now - new Date(scrim.gameStartTime).getTime() < CURRENT_SCRIM_WINDOW_MS;
    return { kind: 'result', winner: scrim.teamWon, part: gamePartOf(scrim, rel), recent };
  }
  if (timing !== 'current' || !scrim.lobbyReady) return null;
  if (!scrim.lobbyName || !scrim.lobbyPassword) return null;
  const code = (scrim.useTournamentCode && scrim.riotTournament?.tournamentCode) || null;
  // Beside the password, never instead of it; once the window is over the code simply appears when made.
  const codeExpected = !code && codesAvailable && scrim.useTournamentCode;
  return {
    kind: 'ready',
    name: scrim.lobbyName,
    password: scrim.lobbyPassword,
    code,
    codePending: codeExpected && generating,
    isCaptain: rel.isCaptain,
    canReport: rel.can.setWinner,
  };
}
