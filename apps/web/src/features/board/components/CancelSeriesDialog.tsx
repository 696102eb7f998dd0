import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import {
  SERIES_CANCEL_REASON_MAX,
  SERIES_LATE_CANCEL_HOURS,
  SERIES_TEXTS as T,
  seriesCancelBodySchema,
  type Series,
} from '@scrim-gym/shared';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCancelSeries } from '../api/series';

const HOUR_MS = 3_600_000;

/** Whether cancelling at `now` is late: under SERIES_LATE_CANCEL_HOURS before the series' start. */
export const isLateCancel = (series: Series, now: number) =>
  Date.parse(series.startsAt) - now < SERIES_LATE_CANCEL_HOURS * HOUR_MS;

/**
 * A captain cancels the series with a reason both teams read, checked with the server's schema. Under
 * SERIES_LATE_CANCEL_HOURS before the start the dialog warns that it counts against the team's reliability.
 */
export function CancelSeriesDialog({
  series,
  open,
  late,
  onClose,
}: {
  series: Series;
  open: boolean;
  /** Whether it is under SERIES_LATE_CANCEL_HOURS before the start, as of when the dialog was opened. */
  late: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelSeries(series._id);
  const showAlert = useAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = seriesCancelBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? T.failedAction);
      return;
    }
    setError(null);
    cancel.mutate(parsed.data, {
      onSuccess: () => {
        showAlert({ type: 'Success', message: T.cancelled });
        onClose();
      },
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
          {T.cancelTitle}
        </DialogTitle>
        <DialogCloseButton onClose={onClose} />
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity={late ? 'warning' : 'info'}>{late ? T.cancelLateWarning : T.cancelRule}</Alert>
            {cancel.isError && <Alert severity="error">{messageOf(cancel.error, T.failedAction)}</Alert>}
            <TextField
              label={T.cancelReason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              error={Boolean(error)}
              helperText={error ?? T.cancelReasonHelp(SERIES_CANCEL_REASON_MAX)}
              slotProps={{ htmlInput: { maxLength: SERIES_CANCEL_REASON_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.keepSeries}</Button>
          <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
            {T.confirmCancel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
