import FavoriteIcon from '@mui/icons-material/Favorite';
import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { PROFILE_MESSAGES, PROFILE_TEXTS, type UserProfile } from '@scrim-gym/shared';

/** The verified-admin and donator badges; the donator's says 'helped keep this app alive!'. */
export function ProfileBadges({ profile }: { profile: Pick<UserProfile, 'isAdmin' | 'isDonator'> }) {
  if (!profile.isAdmin && !profile.isDonator) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 0.75, flexWrap: 'wrap' }}>
      {profile.isAdmin && (
        <Chip
          size="small"
          color="info"
          icon={<VerifiedIcon />}
          label={PROFILE_TEXTS.verifiedAdmin}
          sx={{ fontWeight: 600 }}
        />
      )}
      {profile.isDonator && (
        <Tooltip title={PROFILE_MESSAGES.donator}>
          <Chip
            size="small"
            icon={<FavoriteIcon />}
            label={`${PROFILE_TEXTS.donator}: ${PROFILE_MESSAGES.donator}`}
            sx={{ fontWeight: 600, bgcolor: 'rgba(232,74,138,0.18)', color: '#ff9cc4', maxWidth: '100%' }}
          />
        </Tooltip>
      )}
    </Stack>
  );
}
