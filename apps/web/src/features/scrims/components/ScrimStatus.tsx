import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { RESULT_MESSAGES, SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { isResultSettled } from '../lib/result-status';
import { shownStatus } from '../lib/show-up';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.showUp;
const CHIP_COLORS = { live: 'success', finished: 'info', cancelled: 'error' } as const;

/**
 * The header's status chip: Live, Finished or Cancelled (Abandoned has its own chip); nothing when scheduled. A
 * game whose winner is not confirmed is not Finished: "Result pending" or "Result disputed".
 */
export function ScrimStatusChip({ view }: { view: ScrimView }) {
  const status = shownStatus(view.scrim, view.timing !== 'upcoming');
  if (status === 'scheduled' || status === 'abandoned') return null;
  const result = view.scrim.result;
  if (status === 'finished' && !isResultSettled(view.scrim)) {
    const label = result!.status === 'disputed' ? RESULT_MESSAGES.disputedShort : RESULT_MESSAGES.pendingShort;
    return <Chip size="small" label={label} color="warning" variant="outlined" />;
  }
  return <Chip size="small" label={T.status[status]} color={CHIP_COLORS[status]} variant="outlined" />;
}

/** "Cancelled: {reason}" across a cancelled scrim's card, in the hub and on its page. */
export function CancelledBanner({ scrim }: { scrim: Pick<Scrim, 'cancellation'> }) {
  if (!scrim.cancellation) return null;
  return (
    <Box
      role="status"
      sx={{
        px: 2,
        py: 1,
        borderRadius: 1.5,
        fontWeight: 700,
        color: 'error.light',
        border: '1px solid',
        borderColor: 'error.main',
        bgcolor: 'rgba(244,67,54,0.08)',
        overflowWrap: 'anywhere',
      }}
    >
      {T.cancelled(scrim.cancellation.reason)}
    </Box>
  );
}
