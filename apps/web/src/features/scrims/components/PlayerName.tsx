import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ScrimUser } from '@scrim-gym/shared';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { profilePath } from '../../../lib/profile-link';

/** "Name#TAG" linking to the profile, the verified badge when the Riot account is linked, then `children`. */
export function PlayerName({ user, children }: { user: ScrimUser; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={profilePath(user)}
        underline="hover"
        noWrap
        sx={{ fontWeight: 700, color: 'text.primary', minWidth: 0 }}
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
