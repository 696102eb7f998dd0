import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { actedRecently } from '../api/scrim-actions';
import { promotionOf } from '../lib/show-up';

/** A change within this long of the viewer's own action on the scrim is theirs (its socket echo included). */
const OWN_ACTION_MS = 5_000;

/**
 * Announces a promotion from the waitlist: the scrim (from the socket or a refetch) now has the viewer, who was
 * waiting in the version shown before, in a slot.
 */
export function usePromotionNotice(scrim: Scrim, userId: string | null) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const shown = useRef(scrim);
  useEffect(() => {
    const before = shown.current;
    shown.current = scrim;
    const slot = promotionOf(before, scrim, userId);
    // Their own action counts only if its answer already had them in a slot (they took a free one themselves).
    // (Fill random answers { scrim, … }, not a scrim.)
    const tookSlot = (answer: Scrim) => 'teamOne' in answer && promotionOf(before, answer, userId) !== null;
    if (slot && !actedRecently(queryClient, scrim._id, OWN_ACTION_MS, tookSlot))
      showAlert({ type: 'Success', message: SCRIM_TEXTS.showUp.waitlist.promoted(slot.role, slot.team.name) });
  }, [scrim, userId, queryClient, showAlert]);
}
