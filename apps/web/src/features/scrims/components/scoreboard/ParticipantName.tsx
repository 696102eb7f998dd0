import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MATCH_MESSAGES, type MatchParticipant } from '@scrim-gym/shared';
import { Link as RouterLink } from 'react-router';
import { profilePath } from '../../../../lib/profile-link';
import type { BoardContext } from './board-context';

/**
 * A linked participant's name links to their profile (the scrim's player with that id, else the name in the
 * scrim's region); a stranger shows their Riot ID, or "Not on Scrim Gym", never a link.
 */
export function ParticipantName({ participant: p, context }: { participant: MatchParticipant; context: BoardContext }) {
  const sx = { fontWeight: 700, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
  if (p.userId) {
    const user = context.users.get(p.userId);
    const name = user?.name ?? p.name ?? p.riotId ?? MATCH_MESSAGES.stranger;
    return (
      <Link
        component={RouterLink}
        to={user ? profilePath(user) : profilePath({ name, region: context.region })}
        underline="hover"
        sx={{ ...sx, color: 'text.primary' }}
      >
        {name}
      </Link>
    );
  }
  return (
    <Typography
      component="span"
      variant="body2"
      title={MATCH_MESSAGES.stranger}
      data-testid="stranger"
      sx={{ ...sx, color: 'text.secondary', fontStyle: p.riotId ? 'normal' : 'italic' }}
    >
      {p.riotId ?? MATCH_MESSAGES.stranger}
    </Typography>
  );
}
