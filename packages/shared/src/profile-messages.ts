/**
 * Profile texts. A module of their own, not messages.ts: the landing
 * page loads messages.ts, and a bundler keeps every export of a module that any lazy page uses.
 */
export const PROFILE_MESSAGES = {
  userNotFound: (name: string, region?: string) => `User ${name} was not found${region ? ` in ${region}` : ''}`,
  donator: 'helped keep this app alive!',
  banThisUser: 'Ban This User',
  unbanThisUser: 'Unban This User',
  // Our own wording (not in the original app's catalogue)
  createdScrimsForbidden: "Only the profile's owner and admins can see the scrims a user created.",
} as const;
