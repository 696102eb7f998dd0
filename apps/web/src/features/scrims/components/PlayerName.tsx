import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ScrimUser } from '@scrim-gym/shared';
import { profilePath } from '../../../lib/profile-link';
import { SCRIM_TEXTS } from '../texts';

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
      {/* An SVG <title>: named for screen readers, and the browser's own tooltip on hover. */}
      {user.verified && (
        <VerifiedIcon titleAccess={SCRIM_TEXTS.verified} fontSize="small" sx={{ color: 'secondary.main' }} />
      )}
      {children}
    </Box>
  );
}
