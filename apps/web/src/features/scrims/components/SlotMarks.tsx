import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { SCRIM_TEXTS, type ScrimUser } from '@scrim-gym/shared';
import { isCheckedIn } from '../lib/show-up';
import { ReliabilityChip } from './ReliabilityChip';
import type { ScrimView } from './scrim-view-context';

/** Beside a slot's player: the check-in mark once they checked in, and their reliability. */
export function SlotMarks({ view, user }: { view: ScrimView; user: ScrimUser }) {
  return (
    <>
      {isCheckedIn(view.scrim, user._id) && (
        <CheckCircleIcon
          titleAccess={SCRIM_TEXTS.showUp.checkIn.checkedInLabel}
          fontSize="small"
          sx={{ color: 'success.main', flex: 'none' }}
        />
      )}
      <ReliabilityChip score={user.reliability} compact />
    </>
  );
}
