import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@mui/utils';
import { TEAM_ROLES, TEAM_TEXTS as T, type TeamMember, type TeamRole, type TeamView } from '@scrim-gym/shared';
import { formatListDate } from '../../../lib/datetime';
import { profilePath } from '../../../lib/profile-link';

export interface RosterActions {
  setPlace: (member: TeamMember, place: { role: TeamRole; isCaptain: boolean }) => void;
  makeOwner: (member: TeamMember) => void;
  remove: (member: TeamMember) => void;
  busy: boolean;
}

/**
 * The roster by role order. A captain (`can.manageMembers`) sets each member's role and captaincy and removes
 * members; the owner (`can.transferOwnership`) hands the ownership over. The owner's own place is always a
 * captain's, and the owner is never removed: the server refuses both, so they are not offered.
 */
export function Roster({ team, viewerId, actions }: { team: TeamView; viewerId: string; actions: RosterActions }) {
  const order = (m: TeamMember) => TEAM_ROLES.indexOf(m.role);
  const members = [...team.members].sort((a, b) => order(a) - order(b) || a.joinedAt.localeCompare(b.joinedAt));
  return (
    <List aria-label={T.roster} disablePadding>
      {members.map((member) => {
        const { user } = member;
        const manage = team.can.manageMembers;
        return (
          <ListItem
            key={user._id}
            divider
            sx={{ px: 0, gap: 1.5, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Link component={RouterLink} to={profilePath(user)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {user.name}
                </Link>
                {user._id === viewerId && <Chip size="small" label={T.you} variant="outlined" />}
                {member.isOwner && <Chip size="small" color="secondary" label={T.owner} />}
                {member.isCaptain && <Chip size="small" color="primary" label={T.captain} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {manage ? '' : `${member.role} · `}
                {user.rank} · {T.joined(formatListDate(member.joinedAt, {}, false))}
              </Typography>
            </Box>
            {manage && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <TextField
                  select
                  size="small"
                  label={
                    <>
                      {T.role} {/* Each row's select is named for its player: "Role of Ahri". */}
                      <Box component="span" sx={visuallyHidden}>
                        {T.roleOf(user.name)}
                      </Box>
                    </>
                  }
                  value={member.role}
                  disabled={actions.busy}
                  onChange={(e) =>
                    actions.setPlace(member, { role: e.target.value as TeamRole, isCaptain: member.isCaptain })
                  }
                  sx={{ width: 130 }}
                >
                  {TEAM_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {role}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel
                  label={T.captain}
                  disabled={actions.busy || member.isOwner}
                  control={
                    <Switch
                      checked={member.isCaptain}
                      slotProps={{ input: { 'aria-label': T.makeCaptain(user.name) } }}
                      onChange={(e) => actions.setPlace(member, { role: member.role, isCaptain: e.target.checked })}
                    />
                  }
                />
                {team.can.transferOwnership && !member.isOwner && (
                  <Button size="small" disabled={actions.busy} onClick={() => actions.makeOwner(member)}>
                    {T.makeOwner}
                  </Button>
                )}
                {!member.isOwner && user._id !== viewerId && (
                  <Button
                    size="small"
                    color="error"
                    disabled={actions.busy}
                    onClick={() => actions.remove(member)}
                    aria-label={`${T.remove} ${user.name}`}
                  >
                    {T.remove}
                  </Button>
                )}
              </Stack>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
