import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type FormEvent } from 'react';
import { DRAFT_TEXTS, type DraftSide, type ScrimUser } from '@scrim-gym/shared';

/**
 * "Hand drafting to…": a side (when the viewer may hand both) and one of its players, the current drafter left out.
 * Hand over stays disabled until a player is chosen.
 */
export function HandOffDialog({
  open,
  sides,
  playersOf,
  drafters,
  pending,
  onClose,
  onHand,
}: {
  open: boolean;
  /** The sides the viewer may hand, blue first. */
  sides: readonly DraftSide[];
  playersOf: (side: DraftSide) => ScrimUser[];
  drafters: Record<DraftSide, string | null>;
  pending: boolean;
  onClose: () => void;
  onHand: (side: DraftSide, userId: string) => void;
}) {
  const id = useId();
  const [side, setSide] = useState<DraftSide>(sides[0] ?? 'blue');
  const [userId, setUserId] = useState('');
  const candidates = playersOf(side).filter((user) => user._id !== drafters[side]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId) onHand(side, userId);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{DRAFT_TEXTS.handTo}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2}>
            {sides.length > 1 && (
              <RadioGroup
                row
                aria-label={DRAFT_TEXTS.handSideLabel}
                value={side}
                onChange={(event) => {
                  setSide(event.target.value as DraftSide);
                  setUserId('');
                }}
              >
                {sides.map((s) => (
                  <FormControlLabel key={s} value={s} control={<Radio size="small" />} label={DRAFT_TEXTS.sides[s]} />
                ))}
              </RadioGroup>
            )}
            <TextField
              select
              label={DRAFT_TEXTS.handToSide(DRAFT_TEXTS.sides[side])}
              value={userId}
              onChange={(event) => setUserId(event.target.value)}
            >
              {candidates.map((user) => (
                <MenuItem key={user._id} value={user._id}>
                  {`${user.name}#${user.summonerTagline}`}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{DRAFT_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!userId || pending}>
            {DRAFT_TEXTS.handToSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
