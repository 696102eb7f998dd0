/** Texts of the Settings page's account deletion (beyond the original app; the privacy policy promises it). */
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
