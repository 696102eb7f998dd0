/** Texts of Web Push (reminders that reach people): the server's refusals and the push itself. */
export const PUSH_MESSAGES = {
  /** The title of every push; the body is the notification's own text. */
  pushTitle: 'Scrim Gym',
  endpointNotHttps: 'A push subscription endpoint must be an https:// URL of a push service.',
  endpointInvalid: 'The push subscription endpoint is not a valid URL.',
  keyInvalid: 'The push subscription keys are not valid (p256dh: a P-256 public key, auth: 16 bytes, base64url).',
} as const;
