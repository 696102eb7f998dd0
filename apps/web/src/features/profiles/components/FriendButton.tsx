import ChatIcon from '@mui/icons-material/Chat';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import { SOCIAL_MESSAGES, PROFILE_TEXTS, type UserProfile } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api';
import { requestOpenChat } from '../../../lib/open-chat';
import { useAlert } from '../../alerts/alert-context';
import { useFriendStatus } from '../api/friends';
import { useSendFriendRequest, useUnfriend } from '../api/friendship';

/** The server's error text (friend errors other than 'Friend already added!' show it), else `fallback`. */
const serverText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body.error ? error.body.error : fallback;

/**
 * The friend button on someone else's profile: 'Send Friend Request' → 'Friend Request
 * Sent' (disabled) → 'Unfriend' (with a confirm). When they had already asked, sending accepts their request.
 * A friend's profile also offers 'Message', which opens the direct chat with them (or starts one).
 */
export function FriendButton({ profile, viewerId }: { profile: UserProfile; viewerId: string }) {
  const status = useFriendStatus(profile._id, true);
  const send = useSendFriendRequest();
  const unfriend = useUnfriend();
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();
  const state = status.data?.status;
  const busy = status.isPending || send.isPending || unfriend.isPending;
  const ids = { userId: profile._id, ownId: viewerId };

  const onSend = () =>
    send.mutate(ids, {
      onSuccess: (result) =>
        showAlert({
          type: 'Success',
          message:
            result.status === 'friends'
              ? SOCIAL_MESSAGES.nowFriends(profile.name)
              : SOCIAL_MESSAGES.friendRequestSent(profile.name),
        }),
      onError: (error) => showAlert({ type: 'Error', message: serverText(error, SOCIAL_MESSAGES.friendRequestError) }),
    });

  const onUnfriend = async () => {
    const confirmed = await confirm({
      title: SOCIAL_MESSAGES.confirmUnfriend(profile.name),
      confirmLabel: SOCIAL_MESSAGES.unfriend,
      destructive: true,
    });
    if (!confirmed) return;
    unfriend.mutate(ids, {
      onSuccess: () => showAlert({ type: 'Success', message: SOCIAL_MESSAGES.unfriended(profile.name) }),
      onError: () => showAlert({ type: 'Error', message: SOCIAL_MESSAGES.unfriendError(profile.name) }),
    });
  };

  if (state === 'self') return null;
  return (
    <>
      {state === 'friends' ? (
        <>
          <Button
            variant="contained"
            startIcon={<ChatIcon />}
            aria-label={PROFILE_TEXTS.message(profile.name)}
            onClick={() => requestOpenChat({ userId: profile._id, name: profile.name })}
          >
            {PROFILE_TEXTS.messageButton}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<PersonRemoveIcon />}
            onClick={onUnfriend}
            disabled={busy}
          >
            {SOCIAL_MESSAGES.unfriend}
          </Button>
        </>
      ) : state === 'sent' ? (
        <Button variant="outlined" disabled>
          {SOCIAL_MESSAGES.friendRequestSentButton}
        </Button>
      ) : (
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={onSend} disabled={busy || status.isError}>
          {state === 'received' ? SOCIAL_MESSAGES.acceptFriendRequest : SOCIAL_MESSAGES.sendFriendRequest}
        </Button>
      )}
      {confirmDialog}
    </>
  );
}
