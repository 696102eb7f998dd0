import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { FRIENDS_LIST_MAX_HEIGHT_PX, SOCIAL_MESSAGES, SOCIAL_TEXTS } from '@scrim-gym/shared';
import { profilePath } from '../../../lib/profile-link';
import { useFriendRequests } from '../api/friend-requests';
import { DialogHeader } from './DialogHeader';
import { FriendRequestAnswer } from './FriendRequestAnswer';

/** Friend Requests: accept and reject per row; 'No friend requests found' when there are none. */
export function FriendRequestsDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const id = useId();
  const requests = useFriendRequests();

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogHeader id={`${id}-title`} title={SOCIAL_MESSAGES.friendRequestsTitle} onClose={onClose} />
      <DialogContent sx={{ pt: 0, maxHeight: FRIENDS_LIST_MAX_HEIGHT_PX, overflowY: 'auto' }}>
        {requests.isPending && <Typography color="text.secondary">{SOCIAL_TEXTS.loading}</Typography>}
        {requests.data?.length === 0 && (
          <Typography color="text.secondary">{SOCIAL_MESSAGES.noFriendRequests}</Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {requests.data?.map((request) => (
            <Box
              component="li"
              key={request._id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={profilePath(request._user)}
                  onClick={onClose}
                  color="inherit"
                  underline="hover"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {request._user.name}
                </Link>{' '}
                <Typography component="span" color="text.secondary">
                  #{request._user.summonerTagline}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {request._user.rank} · {request._user.region}
                </Typography>
              </Box>
              <FriendRequestAnswer userId={userId} request={request} />
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
