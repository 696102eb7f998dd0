import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import {
  RESULT_MESSAGES as M,
  resolveDisputeBodySchema,
  type DisputeOutcome,
  type ResultDispute,
  type TeamName,
} from '@scrim-gym/shared';
import { useAlert } from '../../../alerts/alert-context';
import { useResolveDispute } from '../../api/results';

const OTHER: Record<TeamName, { outcome: DisputeOutcome; team: TeamName }> = {
  teamOne: { outcome: 'red', team: 'teamTwo' },
  teamTwo: { outcome: 'blue', team: 'teamOne' },
};

/** The three answers, in the admin's words: the report's winner, the other team, or no result. */
function outcomesFor(reported: TeamName | null): { value: DisputeOutcome; label: string }[] {
  const win = reported
    ? [
        { value: 'keep' as const, label: M.resolveKeep(reported) },
        { value: OTHER[reported].outcome, label: M.resolveGive(OTHER[reported].team) },
      ]
    : [
        { value: 'blue' as const, label: M.resolveGive('teamOne') },
        { value: 'red' as const, label: M.resolveGive('teamTwo') },
      ];
  return [...win, { value: 'none', label: M.resolveNone }];
}

/**
 * An admin's answer to a disputed result: an outcome and a reason (1–500 characters, the shared schema's rule
 * and words), told to every player with their rating change. It says the answer can still be changed in the edit
 * form, which is true for an admin (never "You cannot reverse this").
 */
export function ResolveDisputeDialog({ dispute, onClose }: { dispute: ResultDispute; onClose: () => void }) {
  const id = useId();
  const resolve = useResolveDispute();
  const showAlert = useAlert();
  const [outcome, setOutcome] = useState<DisputeOutcome | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; reason?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resolveDisputeBodySchema.safeParse({ outcome: outcome || undefined, reason });
    if (!parsed.success) {
      const messageOf = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      return setErrors({ outcome: messageOf('outcome'), reason: messageOf('reason') });
    }
    resolve.mutate(
      { scrimId: dispute.scrimId, ...parsed.data },
      {
        onSuccess: () => {
          showAlert({ type: 'Success', message: M.resolvedToast });
          onClose();
        },
        onError: (error) => showAlert({ type: 'Error', message: error.message }),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
      // Narrow screens: 16 px margins instead of 32, the longer lines of the dispute stay readable.
      sx={{
        '& .MuiDialog-paper': { mx: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } },
      }}
    >
      {/* The form is the paper's flex column: the content scrolls between the title and the buttons, which stay. */}
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
          {M.resolveTitle(dispute.scrimTitle)}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{M.resolveIntro}</DialogContentText>
          <DialogContentText sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {[dispute.disputer && M.disputeBy(dispute.disputer.name), `“${dispute.reason}”`].filter(Boolean).join(': ')}
          </DialogContentText>
          <FormControl error={Boolean(errors.outcome)} sx={{ mt: 2 }} required>
            <FormLabel id={`${id}-outcome`}>{M.resolveOutcomeLabel}</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-outcome`}
              value={outcome}
              onChange={(e) => {
                setOutcome(e.target.value as DisputeOutcome);
                setErrors((current) => ({ ...current, outcome: undefined }));
              }}
            >
              {outcomesFor(dispute.teamWon).map((option) => (
                <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
              ))}
            </RadioGroup>
            {errors.outcome && <FormHelperText>{errors.outcome}</FormHelperText>}
          </FormControl>
          {/* Above the field, like the outcome's: an outlined label is cut to one line at 390 px. */}
          <FormLabel htmlFor={`${id}-reason`} required error={Boolean(errors.reason)} sx={{ display: 'block', mt: 2 }}>
            {M.resolveReasonLabel}
          </FormLabel>
          <TextField
            id={`${id}-reason`}
            fullWidth
            multiline
            required
            minRows={3}
            margin="dense"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? M.resolveReasonCount(reason.length)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{M.resolveCancel}</Button>
          <Button type="submit" variant="contained" disabled={resolve.isPending}>
            {M.resolveSubmit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
