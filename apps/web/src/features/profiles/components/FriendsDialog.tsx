import AddCommentIcon from '@mui/icons-material/AddComment';
import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { SOCIAL_MESSAGES, PROFILE_TEXTS, type SocialUser, type UserProfile } from '@scrim-gym/shared';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { requestOpenChat } from '../../../lib/open-chat';
import { profilePath } from '../../../lib/profile-link';
import { useFriends } from '../../social/api/friends';
import { useConversationPartners } from '../hooks/useConversationPartners';
import { rankEmblemUrl } from '../lib/art';

/**
 * "{name}'s Friends": up to 300 px tall, 'No friends found' when empty. On your own list each
 * friend has a message button (a conversation exists) or a start-conversation button; both ask the messenger.
 */
export function FriendsDialog({
  profile,
  isOwn,
  onClose,
}: {
  profile: UserProfile;
  isOwn: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const friends = useFriends(profile._id);
  const partners = useConversationPartners(isOwn);
  const openChat = (friend: SocialUser) => {
    requestOpenChat({ userId: friend._id, name: friend.name });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {SOCIAL_MESSAGES.friendsTitle(profile.name)}
        <DialogCloseButton onClose={onClose} />
      </DialogTitle>
      <DialogContent dividers sx={{ maxHeight: 300, p: 0 }}>
        {friends.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={PROFILE_TEXTS.loading} />
          </Box>
        ) : !friends.data?.length ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            {SOCIAL_MESSAGES.noFriends}
          </Typography>
        ) : (
          <List dense disablePadding>
            {friends.data.map((friend) => {
              const hasConversation = partners.data?.has(friend._id) ?? false;
              const label = hasConversation
                ? PROFILE_TEXTS.message(friend.name)
                : PROFILE_TEXTS.startConversation(friend.name);
              return (
                <ListItem
                  key={friend._id}
                  divider
                  secondaryAction={
                    isOwn && (
                      <Tooltip title={label}>
                        <IconButton edge="end" aria-label={label} onClick={() => openChat(friend)} color="secondary">
                          {hasConversation ? <ChatIcon /> : <AddCommentIcon />}
                        </IconButton>
                      </Tooltip>
                    )
                  }
                  sx={{ gap: 1.5, py: 1 }}
                >
                  <Box component="img" src={rankEmblemUrl(friend.rank)} alt="" width={28} height={28} />
                  <Box sx={{ minWidth: 0 }}>
                    <Link component={RouterLink} to={profilePath(friend)} onClick={onClose} sx={{ fontWeight: 600 }}>
                      {friend.name}
                    </Link>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      #{friend.summonerTagline}
                    </Typography>
                    <Typography variant="caption" component="p" color="text.secondary">
                      {friend.rank} · {friend.region}
                    </Typography>
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
