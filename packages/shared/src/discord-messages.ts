/**
 * Discord announcements texts (issue 17): the admins' webhook settings and the server's refusals. A module of its
 * own, like riot-link-messages.ts: only the admin dashboard and the discord module load it.
 */
export const DISCORD_MESSAGES = {
  badUrl:
    'Enter a Discord webhook URL: https://discord.com/api/webhooks/<id>/<token> (Server Settings → Integrations → Webhooks → Copy Webhook URL).',
  tooLong: (max: number) => `A webhook URL is at most ${max} characters`,
  localUrlInProduction: 'Local webhook URLs (127.0.0.1, localhost) are for development and tests only.',
  // Admin dashboard
  sectionTitle: 'Discord announcements',
  sectionHelp:
    'Each region can post its new public scrims, "2 spots left", full lobbies and results to a Discord channel through a webhook. Lobby names, passwords and codes are never posted.',
  notSet: 'No webhook',
  current: (masked: string) => `Current: ${masked}`,
  urlLabel: (region: string) => `New webhook URL for ${region}`,
  save: 'Save',
  remove: 'Remove',
  saved: (region: string) => `Discord webhook of ${region} saved`,
  removed: (region: string) => `Discord webhook of ${region} removed`,
  saveFailed: 'The Discord webhook could not be saved',
  loadFailed: 'The Discord webhooks could not be loaded',
} as const;
