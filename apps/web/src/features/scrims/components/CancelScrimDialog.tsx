import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { cancelScrimBodySchema, SCRIM_TEXTS } from '@scrim-gym/shared';
import { useCancelScrim } from '../api/scrim-actions';

const T = SCRIM_TEXTS.showUp;

/** "Cancel scrim" with its required reason (1–500 characters, the shared schema's rule and words). */
export function CancelScrimDialog({ scrimId, open, onClose }: { scrimId: string; open: boolean; onClose: () => void }) {
  const id = useId();
  const cancel = useCancelScrim();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancelScrimBodySchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    cancel.mutate({ scrimId, reason: parsed.data.reason }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{T.cancelTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{T.cancelExplain}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            required
            minRows={3}
            margin="dense"
            label={T.cancelReason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            // No hard stop at 500: a longer paste is kept, and the schema's message says what to cut.
            error={Boolean(error)}
            helperText={error ?? T.reasonCount(reason.length)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.keepScrim}</Button>
          <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
            {T.cancelSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
