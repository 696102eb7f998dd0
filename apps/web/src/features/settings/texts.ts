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

/** Texts of the Settings page's calendar feed (issue 17). */
export const CALENDAR_TEXTS = {
  title: 'Calendar',
  explanation:
    'Subscribe to this address in Google Calendar, Apple Calendar or Outlook; it lists every scrim you are in and updates when times change.',
  addressLabel: 'Calendar address',
  loading: 'Loading…',
  copy: 'Copy calendar address',
  copied: 'Calendar address copied to clipboard!',
  copyFailed: 'Could not copy to the clipboard',
  reset: 'Reset address',
  resetTitle: 'Reset the calendar address?',
  resetText:
    'The old address stops working at once: calendars subscribed to it stop updating. Subscribe again with the new address.',
  resetDone: 'Your calendar has a new address.',
} as const;
