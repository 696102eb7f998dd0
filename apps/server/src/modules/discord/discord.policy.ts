import { DISCORD_MESSAGES, isDiscordWebhookUrl, isLocalWebhookUrl } from '@scrim-gym/shared';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../lib/errors.js';

/**
 * Where announcements may go: a Discord webhook always; a local test endpoint (127.0.0.1, localhost) outside
 * production only. Checked when an admin saves a URL and again before each post, so a local URL stored by a
 * development database never receives anything in production.
 */
export function isAllowedWebhookUrl(url: string, config: Pick<AppConfig, 'isProduction'>) {
  return isDiscordWebhookUrl(url) || (!config.isProduction && isLocalWebhookUrl(url));
}

/** The body's schema accepted the URL's shape; production refuses the local ones (400, nothing written). */
export function assertAllowedWebhookUrl(url: string, config: Pick<AppConfig, 'isProduction'>) {
  if (isAllowedWebhookUrl(url, config)) return;
  throw badRequest(
    isLocalWebhookUrl(url) ? DISCORD_MESSAGES.localUrlInProduction : DISCORD_MESSAGES.badUrl,
    'VALIDATION',
  );
}
