import { z } from 'zod';
import { REGIONS } from '../constants.js';
import { DISCORD_MESSAGES } from '../texts/en/discord.js';

/** Longest webhook URL accepted (Discord's are about 120 characters). */
export const DISCORD_WEBHOOK_URL_MAX = 512;

/**
 * A Discord webhook execute URL, and nothing else: https, discord.com or discordapp.com (or their ptb./canary.
 * subdomains), an optional API version, a numeric snowflake id and a token of Discord's URL-safe characters. The
 * whole string must match, so a port, credentials, a query, a fragment or an encoded character is refused.
 */
const DISCORD_WEBHOOK_URL =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{20,100}$/;

/** A local test endpoint (development and tests only; the server refuses it in production): loopback, a port, a plain path. */
const LOCAL_WEBHOOK_URL = /^http:\/\/(?:127\.0\.0\.1|localhost):([1-9]\d{0,4})(?:\/[A-Za-z0-9._~/-]*)?$/;

export const isDiscordWebhookUrl = (url: string) => DISCORD_WEBHOOK_URL.test(url);

export function isLocalWebhookUrl(url: string) {
  const port = LOCAL_WEBHOOK_URL.exec(url)?.[1];
  return port !== undefined && Number(port) <= 65_535;
}

/**
 * A webhook URL as the admin pages and the audit log show it: the token (the last path segment) hidden but its
 * last four characters, which tell two webhooks apart. The stored URL itself never leaves the server.
 */
export function maskWebhookUrl(url: string) {
  const cut = url.lastIndexOf('/') + 1;
  const secret = url.slice(cut);
  return `${url.slice(0, cut)}••••${secret.length >= 16 ? secret.slice(-4) : ''}`;
}

/** A webhook URL an admin may save: a Discord one, or (the server checks it is not production) a local test one. */
export const discordWebhookUrlSchema = z
  .string({ error: DISCORD_MESSAGES.badUrl })
  .trim()
  .max(DISCORD_WEBHOOK_URL_MAX, { error: DISCORD_MESSAGES.tooLong(DISCORD_WEBHOOK_URL_MAX), abort: true })
  .refine((url) => isDiscordWebhookUrl(url) || isLocalWebhookUrl(url), { error: DISCORD_MESSAGES.badUrl });

/** PUT /api/admin/regions/:region/discord-webhook: a new URL, or null to remove the region's webhook. */
export const discordWebhookBodySchema = z.object({ url: discordWebhookUrlSchema.nullable() });
export type DiscordWebhookBody = z.input<typeof discordWebhookBodySchema>;

export const regionParamsSchema = z.object({ region: z.enum(REGIONS) });

/** A region's webhook as the admins see it: masked, or null when the region has none. */
export const discordWebhookSchema = z.object({
  region: z.enum(REGIONS),
  maskedUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The last post or test message to this webhook: when, whether Discord took it, and what happened in words. */
  lastDelivery: z.object({ at: z.string(), ok: z.boolean(), status: z.string() }).nullable(),
});
export type DiscordWebhook = z.infer<typeof discordWebhookSchema>;

/** GET /api/admin/regions/discord-webhooks: every region, in REGIONS order. */
export const discordWebhooksResponseSchema = z.array(discordWebhookSchema);
