import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ScrimUser } from '@scrim-gym/shared';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { profilePath } from '../../../lib/profile-link';

/**
 * "Name#TAG" linking to the profile, the verified badge when the Riot account is linked, then `children` (chips and
 * marks). The marks wrap to the next line rather than squeeze the name: the name takes the whole width there is, and
 * ends in an ellipsis only when it is longer than the line itself (the full name is then its hover title).
 */
export function PlayerName({ user, children }: { user: ScrimUser; children?: ReactNode }) {
  const fullName = `${user.name}#${user.summonerTagline}`;
  return (
    <Box
      data-testid="player-name"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5, rowGap: 0.25, minWidth: 0 }}
    >
      <Link
        component={RouterLink}
        to={profilePath(user)}
        underline="hover"
        noWrap
        title={fullName}
        sx={{ fontWeight: 700, color: 'text.primary', minWidth: 0, maxWidth: '100%', flex: '0 1 auto' }}
      >
        {user.name}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          #{user.summonerTagline}
        </Box>
      </Link>
      {user.verified && <VerifiedBadge />}
      {children}
    </Box>
  );
}
