import { formatWhen } from '../../../lib/datetime';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ADMIN_MESSAGES, PROFILE_MESSAGES, PROFILE_TEXTS, type UserProfile } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useUnbanUser } from '../api/profile';
import { BanDialog } from './BanDialog';

/** Admins on other profiles: 'Unban This User' while a ban is active, else 'Ban This User'. */
export function BanButton({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  const unban = useUnbanUser();
  const showAlert = useAlert();
  const ban = profile.currentBan;
  if (!ban) return null;

  if (ban.isActive) {
    return (
      <>
        <Button
          variant="outlined"
          color="warning"
          startIcon={<LockOpenIcon />}
          disabled={unban.isPending}
          onClick={() =>
            unban.mutate(profile._id, {
              onSuccess: () => showAlert({ type: 'Success', message: ADMIN_MESSAGES.userUnbanned }),
              onError: () => showAlert({ type: 'Error', message: ADMIN_MESSAGES.unbanError }),
            })
          }
        >
          {PROFILE_MESSAGES.unbanThisUser}
        </Button>
        {ban.dateTo && (
          <Typography variant="caption" color="warning.main">
            {PROFILE_TEXTS.bannedUntil(formatWhen(ban.dateTo))}
            {ban.reason ? ` · ${ban.reason}` : ''}
          </Typography>
        )}
      </>
    );
  }
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {PROFILE_MESSAGES.banThisUser}
      </Button>
      {open && <BanDialog profile={profile} onClose={() => setOpen(false)} />}
    </>
  );
}
