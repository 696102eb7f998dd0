import type { Scrim, ScrimTiming } from '@scrim-gym/shared';
import type { ConfirmRequest } from '../../../components/ConfirmDialog';
import type { Relation } from '../lib/scrim-view';

/** What every part of a scrim card needs: the scrim, the viewer's place in it, its timing, and the shared confirm. */
export interface ScrimView {
  scrim: Scrim;
  rel: Relation;
  userId: string | null;
  timing: ScrimTiming;
  /** A winner is set: joins, moves, leaves, kicks and casting are over. */
  over: boolean;
  busy: boolean;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** The card title's heading level: 1 on the detail page, 3 in a hub section; its parts go one deeper. */
  level: 1 | 3;
  /**
   * The scrim page's pinned lobby panel shows the lobby and the winner buttons: the centre box leaves
   * them out.
   */
  lobbyPinned?: boolean;
}
