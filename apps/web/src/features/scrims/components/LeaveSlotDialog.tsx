import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatTimeLeft, freeLeaveTimeLeft, leaveBodySchema, SCRIM_TEXTS } from '@scrim-gym/shared';
import { useRemovePlayer } from '../api/scrim-actions';
import { isLateLeave, isPlaced } from '../lib/show-up';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.showUp;

/** How often the dialog reads the clock again: the time left is shown to the minute. */
const TICK_MS = 15_000;

/**
 * LeaveSlotButton's dialog: the optional reason, and whether leaving now counts against reliability: before the
 * late-leave line, how long it stays free; past it, the cost (after the start, also where the seat goes).
 */
export function LeaveSlotDialog({ view, onClose }: { view: ScrimView; onClose: () => void }) {
  const id = useId();
  const remove = useRemovePlayer();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The clock, read again while the dialog is open: the time left counts down and the line, once passed, shows.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const late = isLateLeave(view.scrim, now);
  const started = new Date(view.scrim.gameStartTime).getTime() <= now;
  const { userId, scrim } = view;
  const placed = isPlaced(scrim, userId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = leaveBodySchema.safeParse({ reason: reason.trim() || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    if (!userId) return;
    remove.mutate({ scrimId: scrim._id, userId, reason: parsed.data.reason }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{T.leaveTitle}</DialogTitle>
        <DialogContent>
          {/* Typography, not an Alert: the card's chunk stays without it (the snackbar's chunk has it). */}
          <Typography
            variant="body2"
            sx={{
              mb: 1,
              color: late && !placed ? 'warning.main' : 'text.secondary',
              fontWeight: late && !placed ? 700 : 400,
            }}
          >
            {placed
              ? T.leavePlaced
              : started
                ? T.leaveStarted
                : late
                  ? T.leaveLate
                  : T.leaveFreeFor(formatTimeLeft(freeLeaveTimeLeft(scrim.gameStartTime, now)))}
          </Typography>
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={T.leaveReason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? T.leaveReasonHelp}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.stay}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={remove.isPending}>
            {T.leaveSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
