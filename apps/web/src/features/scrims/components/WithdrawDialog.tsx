import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SCRIM_TEXTS } from '@scrim-gym/shared';

const T = SCRIM_TEXTS.signups;

/**
 * SignupPanel's confirm before a withdrawal that costs something: a late leave (the server's `lateLeaveFrom` has
 * passed) or a seat in made teams (the nine keep theirs; the seat goes to whoever fits it).
 */
export function WithdrawDialog({
  late,
  made,
  pending,
  onConfirm,
  onClose,
}: {
  late: boolean;
  made: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{T.withdrawTitle}</DialogTitle>
      <DialogContent>
        <Typography
          variant="body2"
          sx={{ mb: 1, color: late ? 'warning.main' : 'text.secondary', fontWeight: late ? 700 : 400 }}
        >
          {late ? T.withdrawLate : T.withdrawEarly}
        </Typography>
        {made && (
          <Typography variant="body2" color="text.secondary">
            {T.withdrawSeat}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.stay}</Button>
        <Button variant="contained" color="warning" disabled={pending} onClick={onConfirm}>
          {T.withdraw}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
