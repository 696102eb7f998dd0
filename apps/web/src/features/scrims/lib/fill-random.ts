import { SCRIM_MESSAGES, type FillRandomResponse } from '@scrim-gym/shared';

/**
 * The alert after 'Fill random positions': the catalogue's 'Successfully filled {n} positions with random
 * players!' with n what was really filled; when slots stay empty, the server's reason after it (Info), or alone
 * when nothing could be filled (Error); 'No empty positions to fill' when there was nothing to do.
 */
export function fillRandomAlert({
  filledPositions,
  unfilledPositions,
  unfilledReason,
}: Pick<FillRandomResponse, 'filledPositions' | 'unfilledPositions' | 'unfilledReason'>) {
  if (filledPositions === 0 && unfilledPositions === 0)
    return { type: 'Info' as const, message: SCRIM_MESSAGES.noEmptyPositions };
  if (unfilledPositions === 0) return { type: 'Success' as const, message: SCRIM_MESSAGES.filled(filledPositions) };
  const reason = unfilledReason ?? '';
  if (filledPositions === 0) return { type: 'Error' as const, message: reason };
  return { type: 'Info' as const, message: `${SCRIM_MESSAGES.filled(filledPositions)} ${reason}` };
}
