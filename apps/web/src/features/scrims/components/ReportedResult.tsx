import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { RESULT_MESSAGES } from '@scrim-gym/shared';
import { useConfirmResult, useDisputeResult } from '../api/scrim-actions';
import { evidenceLines, mayAnswerResult, resultStatusText } from '../lib/result';
import type { ScrimView } from './scrim-view-context';

const REASON_MAX = 500;

/**
 * Under the winner: the reported result's state and where it came from ("Remade" while a remade game left none),
 * why it moves no rating (a private scrim, too few verified players), what the result reconciler saw (for the
 * scrim's host and admins, with times), and for a player of the other team while the report waits, Confirm and Dispute (a reason, in a
 * dialog).
 */
export function ReportedResult({ view }: { view: ScrimView }) {
  const { scrim, userId, busy } = view;
  const confirmResult = useConfirmResult();
  const [disputing, setDisputing] = useState(false);
  const text = resultStatusText(scrim);
  if (!text) return null;
  const canAnswer = mayAnswerResult(scrim, userId);
  const status = scrim.result?.status;
  const evidence = evidenceLines(scrim);
  return (
    <Box>
      <Typography
        variant="body2"
        aria-live="polite"
        sx={{ color: status === 'disputed' ? 'warning.main' : 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {text}
      </Typography>
      {scrim.result?.unrated && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {scrim.result.unrated.message}
        </Typography>
      )}
      {evidence.length > 0 && (
        <Box component="ul" aria-label={RESULT_MESSAGES.evidenceTitle} sx={{ m: 0, mt: 0.5, pl: 0, listStyle: 'none' }}>
          {evidence.map((line, index) => (
            <Typography key={index} component="li" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
      {canAnswer && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 1 }}>
          <Button
            size="small"
            variant="contained"
            color="secondary"
            disabled={busy}
            onClick={() => confirmResult.mutate({ scrimId: scrim._id })}
          >
            {RESULT_MESSAGES.confirm}
          </Button>
          <Button size="small" variant="outlined" color="warning" disabled={busy} onClick={() => setDisputing(true)}>
            {RESULT_MESSAGES.dispute}
          </Button>
        </Stack>
      )}
      <DisputeDialog scrimId={scrim._id} open={disputing} onClose={() => setDisputing(false)} />
    </Box>
  );
}

function DisputeDialog({ scrimId, open, onClose }: { scrimId: string; open: boolean; onClose: () => void }) {
  const id = useId();
  const dispute = useDisputeResult();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    dispute.mutate(
      { scrimId, reason: trimmed },
      {
        onSuccess: () => {
          setReason('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{RESULT_MESSAGES.disputeTitle}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={RESULT_MESSAGES.disputeReasonLabel}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            helperText={`${reason.length}/${REASON_MAX}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" disabled={!trimmed || dispute.isPending}>
            {RESULT_MESSAGES.dispute}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
