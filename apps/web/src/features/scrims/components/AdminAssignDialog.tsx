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
  mayPlaceAnyone,
  ROLES,
  SCRIM_MESSAGES,
  TEAMS,
  SCRIM_TEXTS,
  type Role,
  type Scrim,
  type TeamName,
  type UserSearchResult,
} from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { useAdminAssign } from '../api/scrim-actions';
import { playersOf } from '../lib/scrim-view';
import { UserSearchField } from './UserSearchField';

/** Whom a community host may assign: the scrim's players (to move them) and its waitlist, each once. */
function placeable(scrim: Scrim) {
  const users = [...playersOf(scrim).map((p) => p._user), ...scrim.waitlist.map((w) => w._user)];
  return users.filter((u, i) => users.findIndex((other) => other._id === u._id) === i);
}

/**
 * Assign: a player, a team and a role, all required. An admin searches any user of the scrim's region; a
 * community host picks among the players in the scrim or on its waitlist (the server refuses anyone else).
 */
export function AdminAssignDialog({ scrim, open, onClose }: { scrim: Scrim; open: boolean; onClose: () => void }) {
  const { user: viewer } = useCurrentUser();
  const searches = Boolean(viewer && mayPlaceAnyone(viewer));
  const [searched, setSearched] = useState<UserSearchResult | null>(null);
  const [picked, setPicked] = useState('');
  const userId = searches ? searched?._id : picked;
  const [team, setTeam] = useState<TeamName | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const assign = useAdminAssign();
  const showAlert = useAlert();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !team || !role) return showAlert({ type: 'Error', message: SCRIM_MESSAGES.selectAll });
    assign.mutate({ scrimId: scrim._id, userId, team, role }, { onSuccess: onClose });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">{SCRIM_TEXTS.assignTitle}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {searches ? (
              <UserSearchField region={scrim.region} value={searched} onChange={setSearched} autoFocus />
            ) : (
              <TextField
                select
                id="assign-player"
                label={SCRIM_TEXTS.assignPlayer}
                value={picked}
                onChange={(e) => setPicked(e.target.value)}
              >
                {placeable(scrim).map((u) => (
                  <MenuItem key={u._id} value={u._id}>
                    {`${u.name}#${u.summonerTagline}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              id="assign-team"
              label={SCRIM_TEXTS.team}
              value={team}
              onChange={(e) => setTeam(e.target.value as TeamName)}
            >
              {TEAMS.map((t) => (
                <MenuItem key={t} value={t}>
                  {SCRIM_TEXTS.teamChoice(t)}
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
