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

/** Texts of the Settings page's calendar feed. */
export const CALENDAR_TEXTS = {
  title: 'Calendar',
  explanation:
    'Subscribe to this address in Google Calendar, Apple Calendar or Outlook; it lists every scrim you are in and updates when times change.',
  addressLabel: 'Calendar address',
  loading: 'Loading…',
  copy: 'Copy calendar address',
  copied: 'Calendar address copied to clipboard!',
  reset: 'Reset address',
  resetTitle: 'Reset the calendar address?',
  resetText:
    'The old address stops working at once: calendars subscribed to it stop updating. Subscribe again with the new address.',
  resetDone: 'Your calendar has a new address.',
  subscribe: 'Subscribe in your calendar app',
  google: 'Add to Google Calendar',
} as const;

/** Texts of Settings' "Notifications on this device" (Web Push). */
export const PUSH_TEXTS = {
  title: 'Notifications on this device',
  explanation:
    'Get check-in openings, 10-minute warnings, “lobby ready”, waitlist promotions and results on this device, even when Scrim Gym is closed. Lobby names and passwords stay inside the app.',
  checking: 'Checking this device…',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  turnedOn: 'Done: this device will show your scrim notifications.',
  turnedOff: 'Done: this device will no longer show notifications.',
  blocked:
    'Notifications are blocked for Scrim Gym in this browser. Allow them in the site settings (the icon next to the address), then come back here and turn them on.',
  dismissed: 'Notifications were not allowed. Turn them on again when you are ready.',
  unsupported:
    'This browser cannot receive notifications from Scrim Gym. On iPhone and iPad, add Scrim Gym to your Home Screen first (Share, then “Add to Home Screen”) and turn them on from there.',
  failed: 'Notifications could not be turned on for this device. Please try again.',
  pushServiceDown:
    'Your browser’s push service did not answer, so this device could not be signed up for notifications. Check that you are online and try again. In Brave, first turn on “Use Google services for push messaging” (Settings → Privacy and security).',
  turnOffFailed: 'Notifications could not be turned off for this device. Please try again.',
} as const;
