import AddCommentIcon from '@mui/icons-material/AddComment';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS, type Conversation, type SocialUser } from '@scrim-gym/shared';
import { useConversations } from '../api/conversations';
import { useFriends } from '../api/friends';
import { usePresence } from '../api/presence';
import { partnerOf, sortConversations } from '../lib/sort-conversations';
import { useMessengerVolume } from '../lib/volume';
import { openChat, updateSocialUi } from '../store';
import { UserLabel } from './UserLabel';

/** Friends the viewer has no conversation with yet: the messenger offers to start one. */
export function friendsWithoutConversation(friends: SocialUser[], conversations: Conversation[]) {
  const partners = new Set(conversations.flatMap((c) => c.members.map((m) => m._id)));
  return friends.filter((f) => !partners.has(f._id));
}

/**
 * The messenger dropdown: conversations sorted by unseen count then online status, friends without a
 * conversation (to start one), and the volume of the new-message sound (0-100).
 */
export function MessengerMenu({
  userId,
  anchor,
  onClose,
}: {
  userId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const open = Boolean(anchor);
  const conversations = useConversations({ enabled: open });
  const friends = useFriends(userId, { enabled: open });
  const presence = usePresence();
  const [volume, setVolume] = useMessengerVolume();
  const sorted = sortConversations(conversations.data ?? [], presence, userId);
  const others = friendsWithoutConversation(friends.data ?? [], conversations.data ?? []);
  const loading = conversations.isPending || friends.isPending;

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, 80vh)' } } }}
    >
      <Box component="section" aria-label={SOCIAL_TEXTS.messenger}>
        <Box sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {SOCIAL_TEXTS.messenger}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <VolumeDownIcon fontSize="small" aria-hidden />
            <Slider
              size="small"
              min={0}
              max={100}
              value={volume}
              onChange={(_event, value) => setVolume(value as number)}
              valueLabelDisplay="auto"
              aria-label={SOCIAL_TEXTS.volume}
            />
            <VolumeUpIcon fontSize="small" aria-hidden />
          </Box>
        </Box>
        <Box component="ul" aria-label={SOCIAL_TEXTS.conversations} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <ListSubheader component="li" sx={{ lineHeight: '36px' }}>
            {SOCIAL_TEXTS.conversations}
          </ListSubheader>
          {loading && (
            <Typography component="li" color="text.secondary" sx={{ px: 2, py: 1 }}>
              {SOCIAL_TEXTS.loading}
            </Typography>
          )}
          {!loading && sorted.length === 0 && (
            <Typography component="li" color="text.secondary" sx={{ px: 2, py: 1 }}>
              {SOCIAL_TEXTS.noConversations}
            </Typography>
          )}
          {sorted.map((conversation) => {
            const partner = partnerOf(conversation, userId);
            if (!partner) return null;
            return (
              <li key={conversation._id}>
                {/* Named by what it shows (name, tag, presence, count), so speech input finds it by that text. */}
                <ListItemButton
                  onClick={() => {
                    onClose();
                    openChat({ kind: 'direct', conversationId: conversation._id });
                  }}
                  sx={{ gap: 1 }}
                >
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <UserLabel user={partner} presence={presence[partner._id]} />
                  </Box>
                  {conversation.unseenCount > 0 && (
                    <Chip
                      size="small"
                      color="error"
                      label={
                        <>
                          {conversation.unseenCount}
                          <Box component="span" sx={visuallyHidden}>
                            {SOCIAL_TEXTS.unseenSuffix}
                          </Box>
                        </>
                      }
                    />
                  )}
                </ListItemButton>
              </li>
            );
          })}
        </Box>
        {others.length > 0 && (
          <Box
            component="ul"
            aria-label={SOCIAL_TEXTS.friendsWithoutConversation}
            sx={{ listStyle: 'none', m: 0, p: 0, pb: 1 }}
          >
            <ListSubheader component="li" sx={{ lineHeight: '36px' }}>
              {SOCIAL_TEXTS.friendsWithoutConversation}
            </ListSubheader>
            {others.map((friend) => (
              <Box
                component="li"
                key={friend._id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5 }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <UserLabel user={friend} presence={presence[friend._id]} />
                </Box>
                <IconButton
                  aria-label={SOCIAL_TEXTS.startConversationWith(friend.name)}
                  title={SOCIAL_MESSAGES.startConversationTitle}
                  onClick={() => {
                    onClose();
                    updateSocialUi({ startConversationWith: friend });
                  }}
                >
                  <AddCommentIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Popover>
  );
}
