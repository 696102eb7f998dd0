import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import {
  ADMIN_SEARCH_LIMIT,
  ADMIN_SEARCH_MIN_CHARS,
  ROLES,
  SCRIM_MESSAGES,
  TEAMS,
  type Role,
  type Scrim,
  type TeamName,
  type UserSearchResult,
} from '@scrim-gym/shared';
import { useDebounced } from '../../../lib/use-debounced';
import { useAlert } from '../../alerts/alert-context';
import { useAdminAssign } from '../api/scrim-actions';
import { useUserSearch } from '../../social/api/user-search';
import { SCRIM_TEXTS } from '../texts';

/** Admin assign: a user of the scrim's region, a team and a role, all required. */
export function AdminAssignDialog({ scrim, open, onClose }: { scrim: Scrim; open: boolean; onClose: () => void }) {
  const [input, setInput] = useState('');
  const [user, setUser] = useState<UserSearchResult | null>(null);
  const [team, setTeam] = useState<TeamName | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const q = useDebounced(input, 250);
  const search = useUserSearch(
    { q: q.trim(), region: scrim.region, limit: ADMIN_SEARCH_LIMIT },
    { enabled: q.trim().length >= ADMIN_SEARCH_MIN_CHARS },
  );
  const assign = useAdminAssign();
  const showAlert = useAlert();
  const tooShort = input.trim().length < ADMIN_SEARCH_MIN_CHARS;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !team || !role) return showAlert({ type: 'Error', message: SCRIM_MESSAGES.selectAll });
    assign.mutate({ scrimId: scrim._id, userId: user._id, team, role }, { onSuccess: onClose });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">{SCRIM_TEXTS.assignTitle}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              options={tooShort ? [] : (search.data ?? [])}
              value={user}
              onChange={(_e, value) => setUser(value)}
              inputValue={input}
              onInputChange={(_e, value) => setInput(value)}
              filterOptions={(options) => options}
              getOptionLabel={(option) => `${option.name}#${option.summonerTagline}`}
              isOptionEqualToValue={(a, b) => a._id === b._id}
              renderOption={(props, option) => (
                <li {...props} key={option._id}>
                  {option.name}#{option.summonerTagline} · {option.rank}
                </li>
              )}
              loading={!tooShort && search.isFetching}
              noOptionsText={tooShort ? SCRIM_TEXTS.typeMore : SCRIM_TEXTS.noUsers}
              renderInput={(params) => <TextField {...params} label={SCRIM_TEXTS.searchUser} autoFocus />}
            />
            <TextField
              select
              id="assign-team"
              label={SCRIM_TEXTS.team}
              value={team}
              onChange={(e) => setTeam(e.target.value as TeamName)}
            >
              {TEAMS.map((t) => (
                <MenuItem key={t} value={t}>
                  {SCRIM_TEXTS.teamChoices[t]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              id="assign-role"
              label={SCRIM_TEXTS.role}
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
            >
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{SCRIM_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={assign.isPending}>
            {SCRIM_TEXTS.assignSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
