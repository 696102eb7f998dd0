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
import { useId, useState, type FormEvent } from 'react';
import { mayPlaceAnyone, SCRIM_TEXTS, type Scrim, type ScrimUser, type UserSearchResult } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { useSubstitute } from '../api/scrim-actions';
import { waitingSubstitutes } from '../lib/show-up';
import { UserSearchField } from './UserSearchField';

const T = SCRIM_TEXTS.showUp;

/**
 * After the start, who takes the slot of a player who did not come: a waitlisted player (first come first listed),
 * or for an admin anyone found by name (a community host brings in only waiting players). Substitute stays
 * disabled until someone is chosen. Lazy-loaded with the slot's Substitute button's first click.
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
  const { user } = useCurrentUser();
  const searches = Boolean(user && mayPlaceAnyone(user));
  const inUserId = searched?._id ?? picked;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inUserId) return;
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
            {searches ? (
              <UserSearchField region={scrim.region} value={searched} label={T.orSearch} onChange={setSearched} />
            ) : (
              waiting.length === 0 && <DialogContentText role="status">{T.nobodyWaiting}</DialogContentText>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{SCRIM_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!inUserId || substitute.isPending}>
            {T.substituteSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
