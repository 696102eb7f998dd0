/** Texts of Web Push (reminders that reach people): the server's refusals and the push itself. */
export const PUSH_MESSAGES = {
  /** The title of every push; the body is the notification's own text. */
  pushTitle: 'Scrim Gym',
  endpointNotHttps: 'A push subscription endpoint must be an https:// URL of a push service.',
  endpointInvalid: 'The push subscription endpoint is not a valid URL.',
  keyInvalid: 'The push subscription keys are not valid (p256dh: a P-256 public key, auth: 16 bytes, base64url).',
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
