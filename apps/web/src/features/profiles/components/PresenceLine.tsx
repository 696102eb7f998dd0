import { formatWhen } from '../../../lib/datetime';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SOCIAL_MESSAGES, PROFILE_TEXTS, type UserProfile } from '@scrim-gym/shared';
import { usePresence } from '../hooks/usePresence';
import { timeAgo } from '../lib/display';

/**
 * The online dot, and 'Last seen' when offline. Live presence comes over the socket; until it says,
 * the profile's lastSeenAt (sent to friends, the owner and admins only) stands in.
 */
export function PresenceLine({ profile, viewerId }: { profile: UserProfile; viewerId: string }) {
  const presence = usePresence({ viewerId, userId: profile._id });
  const online = viewerId === profile._id || Boolean(presence?.isOnline);
  const lastSeenAt = presence?.lastSeenAt ?? profile.lastSeenAt ?? null;
  const text = online
    ? SOCIAL_MESSAGES.online
    : lastSeenAt
      ? SOCIAL_MESSAGES.lastSeen(timeAgo(lastSeenAt))
      : PROFILE_TEXTS.offline;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75 }} data-testid="presence">
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flex: 'none',
          bgcolor: online ? 'success.main' : 'text.disabled',
          boxShadow: online ? '0 0 0 3px rgba(62,207,142,0.25)' : 'none',
        }}
      />
      <Typography variant="body2" color="text.secondary" title={lastSeenAt ? formatWhen(lastSeenAt) : undefined}>
        {text}
      </Typography>
    </Box>
  );
}
