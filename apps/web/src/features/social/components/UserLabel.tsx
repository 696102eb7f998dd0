import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Presence } from '@scrim-gym/shared';
import { presenceText } from '../lib/format';
import { PresenceDot } from './PresenceDot';

/** A user's name and tag with their online dot and, below, 'Online' or 'Last seen …'. */
export function UserLabel({
  user,
  presence,
}: {
  user: { name: string; summonerTagline?: string };
  presence?: Presence;
}) {
  const status = presenceText(presence);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <PresenceDot presence={presence} />
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {user.name}
          {user.summonerTagline && (
            <Typography component="span" color="text.secondary">
              {' '}
              #{user.summonerTagline}
            </Typography>
          )}
        </Typography>
        {status && (
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {status}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
