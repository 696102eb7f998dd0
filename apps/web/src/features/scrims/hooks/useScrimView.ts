import { getScrimTiming, type Scrim } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useCurrentUser } from '../../auth/api/session';
import { useScrimBusy } from '../api/scrim-actions';
import type { ScrimView } from '../components/scrim-view-context';
import { relationOf } from '../lib/scrim-view';
import { useTimingNow } from './useNow';

/** A scrim seen by the signed-in user, re-rendered when its timing changes (the start, the end of its window). */
export function useScrimView(scrim: Scrim, level: ScrimView['level']) {
  const { user } = useCurrentUser();
  const [confirm, confirmDialog] = useConfirm();
  const now = useTimingNow([scrim]);
  const busy = useScrimBusy(scrim._id);
  const view: ScrimView = {
    scrim,
    rel: relationOf(scrim, user),
    userId: user?._id ?? null,
    timing: getScrimTiming({ ...scrim, now }),
    over: Boolean(scrim.teamWon || scrim.cancellation),
    busy,
    confirm,
    level,
  };
  return { view, now, confirmDialog };
}
