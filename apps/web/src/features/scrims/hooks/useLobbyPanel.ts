import type { Scrim } from '@scrim-gym/shared';
import { useTournamentCodes } from '../api/capabilities';
import { lobbyPanelState } from '../lib/lobby-panel';
import { awaitsTournamentCode } from '../lib/scrim-view';
import { useGeneratingWindow } from './useGeneratingWindow';
import { useScrimView } from './useScrimView';

/** The scrim page's pinned lobby panel: its state for the signed-in user, live with the scrim and the clock. */
export function useLobbyPanel(scrim: Scrim) {
  const { view, now, confirmDialog } = useScrimView(scrim, 1);
  const codes = useTournamentCodes();
  const generating = useGeneratingWindow(awaitsTournamentCode(scrim, view.timing, codes.available));
  const state = lobbyPanelState(scrim, view.timing, view.rel, { codesAvailable: codes.available, generating, now });
  return { view: { ...view, lobbyPinned: state?.kind === 'ready' }, state, confirmDialog };
}
