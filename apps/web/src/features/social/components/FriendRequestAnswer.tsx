import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SOCIAL_TEXTS, type FriendRequest } from '@scrim-gym/shared';
import { useAcceptFriendRequest, useRejectFriendRequest } from '../api/friend-requests';

/** Accept and Reject for a friend request received: in the Friend Requests dialog and beside its notification. */
export function FriendRequestAnswer({ userId, request }: { userId: string; request: FriendRequest }) {
  const accept = useAcceptFriendRequest(userId);
  const reject = useRejectFriendRequest(userId);
  const busy = accept.isPending || reject.isPending;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', py: 1 }}>
      <Button
        size="small"
        variant="contained"
        disabled={busy}
        aria-label={SOCIAL_TEXTS.acceptFrom(request._user.name)}
        onClick={() => accept.mutate(request)}
      >
        {SOCIAL_TEXTS.accept}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={busy}
        aria-label={SOCIAL_TEXTS.rejectFrom(request._user.name)}
        onClick={() => reject.mutate(request)}
      >
        {SOCIAL_TEXTS.reject}
      </Button>
    </Box>
  );
}
