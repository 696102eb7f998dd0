import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import type { Scrim, ScrimUser, UserSearchResult } from '@scrim-gym/shared';
import { useSubstitute } from '../api/scrim-actions';
import { waitingSubstitutes } from '../lib/show-up';
import { SCRIM_TEXTS } from '../texts';
import { UserSearchField } from './UserSearchField';

const T = SCRIM_TEXTS.showUp;

/**
 * After the start, who takes the slot of a player who did not come: a waitlisted player (first come first listed)
 * or anyone found by name. Lazy-loaded with the slot's Substitute button's first click.
 */
export function SubstituteDialog({
  scrim,
  out,
  open,
  onClose,
}: {
  scrim: Scrim;
  out: ScrimUser;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const substitute = useSubstitute();
  const waiting = waitingSubstitutes(scrim);
  const [picked, setPicked] = useState('');
  const [searched, setSearched] = useState<UserSearchResult | null>(null);
  const [missing, setMissing] = useState(false);
  const inUserId = searched?._id ?? picked;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inUserId) return setMissing(true);
    substitute.mutate({ scrimId: scrim._id, outUserId: out._id, inUserId }, { onSuccess: onClose });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{T.substituteTitle(out.name)}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{T.substituteExplain}</DialogContentText>
            {waiting.length > 0 && (
              <FormControl>
                <FormLabel id={`${id}-waitlist`}>{T.fromWaitlist}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${id}-waitlist`}
                  value={searched ? '' : picked}
                  onChange={(e) => {
                    setPicked(e.target.value);
                    setSearched(null);
                    setMissing(false);
                  }}
                >
                  {waiting.map((w) => (
                    <FormControlLabel
                      key={w._user._id}
                      value={w._user._id}
                      control={<Radio size="small" />}
                      label={`${w._user.name}#${w._user.summonerTagline} · ${T.waitlist.roleLabel(w.role)}`}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
            <UserSearchField
              region={scrim.region}
              value={searched}
              label={T.orSearch}
              onChange={(user) => {
                setSearched(user);
                setMissing(false);
              }}
            />
            {missing && (
              <Typography role="alert" variant="body2" color="error">
                {T.pickSubstitute}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{SCRIM_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={substitute.isPending}>
            {T.substituteSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
