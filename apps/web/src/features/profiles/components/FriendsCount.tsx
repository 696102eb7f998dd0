import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PROFILE_TEXTS, type UserProfile } from '@scrim-gym/shared';
import { FriendsDialog } from './FriendsDialog';

/** '{n} Friends' and the View link that opens "{name}'s Friends"; the drawer's My Friends opens it too. */
export function FriendsCount({
  profile,
  isOwn,
  openOnLoad,
}: {
  profile: UserProfile;
  isOwn: boolean;
  openOnLoad: boolean;
}) {
  const [open, setOpen] = useState(openOnLoad);
  return (
    <Typography component="div" variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <strong data-testid="friends-count">{profile.friendsCount}</strong> {PROFILE_TEXTS.friends}
      <Button size="small" onClick={() => setOpen(true)} aria-haspopup="dialog" sx={{ minWidth: 0 }}>
        {PROFILE_TEXTS.view}
      </Button>
      {open && <FriendsDialog profile={profile} isOwn={isOwn} onClose={() => setOpen(false)} />}
    </Typography>
  );
}
