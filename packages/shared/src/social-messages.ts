/**
 * Social texts (friends, notifications, messenger, scrim chat), part of the text catalogue
 * of messages.ts but in a module of their own: a bundler places a whole module in one chunk, and messages.ts is
 * in the web app's first bundle, where these texts (used only by the lazy social chunk) would weigh on every
 * visitor's first visit.
 */
export const SOCIAL_MESSAGES = {
  // Friends
  sendFriendRequest: 'Send Friend Request',
  friendRequestSentButton: 'Friend Request Sent',
  unfriend: 'Unfriend',
  friendAlreadyAdded: 'Friend already added!',
  nowFriends: (name: string) => `You and ${name} are now friends!`,
  rejectedRequest: (name: string) => `rejected ${name}'s friend request`,
  friendRequestSent: (name: string) => `Friend request sent to ${name}!`,
  friendRequestError: 'Error sending friend request',
  unfriended: (name: string) => `Unfriended ${name}`,
  unfriendError: (name: string) => `error unfriending ${name}`,
  myFriends: 'My Friends',
  friendRequestsTitle: 'Friend Requests',
  noFriendRequests: 'No friend requests found',
  friendsTitle: (name: string) => `${name}'s Friends`,
  noFriends: 'No friends found',
  // Notifications
  markAllAsRead: 'Mark all as read',
  noNotifications: 'No notifications found',
  // Messenger and chat
  messengerTitle: 'Messenger Chat',
  scrimChatTitle: (title: string) => `${title} | Chat`,
  startConversationTitle: 'Start a new conversation',
  conversationStarted: (name: string) => `started a new conversation with ${name}`,
  noMessageProvided: 'cannot start conversation, no message provided!',
  conversationError: (name: string) => `Error creating new conversation with ${name}`,
  sendMessageError: 'error sending message, try again later',
  messagePlaceholder: 'new message',
  scrimChatOpenError: 'Error opening chat for scrim',
  noOption: 'No Option!',

  // Our own wording (not in the original app's catalogue)
  confirmUnfriend: (name: string) => `Are you sure you want to unfriend ${name}?`,
  cancelFriendRequest: 'Cancel Friend Request',
  acceptFriendRequest: 'Accept',
  rejectFriendRequest: 'Reject',
  friendRequestNotification: (name: string) => `${name} sent you a friend request`,
  conversationStartNotification: (name: string) => `${name} started a new conversation with you`,
  scrimStartingNotification: (title: string) => `${title} is starting now!`,
  scrimAbandonedNotification: (title: string) =>
    `${title} was abandoned: the teams were not full 30 minutes after the start.`,
  friendRequestAlreadySent: 'Friend request already sent!',
  cannotFriendSelf: 'You cannot send a friend request to yourself.',
  friendRequestNotFound: 'Friend request not found.',
  notFriends: 'You are not friends with this user.',
  userNotFound: 'User not found.',
  onlySelf: 'You can only do this for yourself.',
  notificationNotFound: 'Notification not found.',
  notYourNotification: 'You can only see and remove your own notifications.',
  notificationEmpty: 'A notification needs a message.',
  notificationTooLong: 'A notification can be at most 200 characters.',
  conversationNotFound: 'Conversation not found.',
  notAMember: 'You are not a member of this conversation.',
  onlyFriendsConversation: 'You can only start a conversation with a friend.',
  cannotMessageSelf: 'You cannot start a conversation with yourself.',
  wrongReceiver: 'The receiver is not the other member of this conversation.',
  messageEmpty: 'cannot send an empty message',
  messageTooLong: 'A message can be at most 2000 characters.',
  scrimChatForbidden: "Only this scrim's players, casters and admins can use its chat.",
  scrimNotFound: 'Scrim not found.',
  online: 'Online',
  lastSeen: (when: string) => `Last seen ${when}`,
} as const;
