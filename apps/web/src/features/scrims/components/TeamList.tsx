import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROLES, teamDisplayName, type TeamName } from '@scrim-gym/shared';
import { TEAM_COLORS } from '../lib/team-colors';
import type { ScrimView } from './scrim-view-context';
import { Slot } from './Slot';

/** 'Team One (Blue Side)' / 'Team Two (Red Side)' with a slot per role, Top to Support. */
export function TeamList({ view, team }: { view: ScrimView; team: TeamName }) {
  const players = view.scrim[team];
  const id = `${view.scrim._id}-${team}`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        id={id}
        variant="subtitle2"
        component={`h${view.level + 1}` as 'h2' | 'h4'}
        sx={{ color: TEAM_COLORS[team], fontWeight: 800, letterSpacing: 0.5, mb: 1 }}
      >
        {teamDisplayName(team)}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          {players.length}/5
        </Box>
      </Typography>
      <Box
        component="ul"
        aria-labelledby={id}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      >
        {ROLES.map((role) => (
          <Slot key={role} view={view} team={team} role={role} player={players.find((p) => p.role === role)} />
        ))}
      </Box>
    </Box>
  );
}
