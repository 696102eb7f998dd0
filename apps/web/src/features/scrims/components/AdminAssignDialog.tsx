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
  ROLES,
  SCRIM_MESSAGES,
  TEAMS,
  type Role,
  type Scrim,
  type TeamName,
  type UserSearchResult,
} from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useAdminAssign } from '../api/scrim-actions';
import { SCRIM_TEXTS } from '../texts';
import { UserSearchField } from './UserSearchField';

/** Admin assign: a user of the scrim's region, a team and a role, all required. */
export function AdminAssignDialog({ scrim, open, onClose }: { scrim: Scrim; open: boolean; onClose: () => void }) {
  const [user, setUser] = useState<UserSearchResult | null>(null);
  const [team, setTeam] = useState<TeamName | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const assign = useAdminAssign();
  const showAlert = useAlert();

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
            <UserSearchField region={scrim.region} value={user} onChange={setUser} autoFocus />
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
