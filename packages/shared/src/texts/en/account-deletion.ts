/*
 * Deleting one's account (beyond the original app; the privacy policy promises it): the server's answers, what
 * stays of a deleted account, and the Settings page's dialog.
 */

export const ACCOUNT_DELETION_MESSAGES = {
  confirmationRequired: 'Type your summoner name to confirm.',
  confirmationMismatch: 'That is not your summoner name: your account was not deleted.',
  deleted: 'Your account was deleted. Thank you for playing with Scrim Gym.',
  /** What a deleted account is shown as, wherever its scrims and messages stay. */
  deletedName: 'Deleted player',
  /** What a deleted account's direct messages become, in the chats of the people it talked to. */
  deletedMessage: 'This message was deleted with its sender’s account.',
  /** Writing in a chat with a deleted account. */
  receiverDeleted: 'This player deleted their account: they cannot receive messages.',
} as const;

/** The Settings page's account deletion. */
export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete my account',
  explanation:
    'Your summoner name, tagline, discord, email, sign-in, friends, friend requests, notifications and the text of your messages are removed for good. Scrims you played stay in the other players’ history as “Deleted player”; your places in scrims that have not started are freed.',
  open: 'Delete my account…',
  dialogTitle: 'Delete your account?',
  dialogText: (name: string) => `This cannot be undone. Type your summoner name, ${name}, to confirm.`,
  confirmLabel: 'Summoner name',
  cancel: 'Cancel',
  confirm: 'Delete my account',
  deleting: 'Deleting…',
} as const;
