import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TEAM_TEXTS as T, type TeamSummary } from '@scrim-gym/shared';
import { TeamBadge } from '../../../components/TeamBadge';

/** Teams as links to their pages, each with its member count. */
export function TeamList({ teams, label }: { teams: TeamSummary[]; label: string }) {
  return (
    <List aria-label={label} disablePadding>
      {teams.map((team) => (
        <ListItemButton
          key={team._id}
          component={RouterLink}
          to={`/teams/${team._id}`}
          sx={{ borderRadius: 1, gap: 2, justifyContent: 'space-between' }}
        >
          <TeamBadge team={team} />
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {T.members(team.memberCount)}
          </Typography>
        </ListItemButton>
      ))}
    </List>
  );
}
