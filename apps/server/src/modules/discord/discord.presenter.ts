import { REGIONS, maskWebhookUrl, type DiscordWebhook, type Region } from '@scrim-gym/shared';
import type { DiscordWebhookRow } from './discord.repository.js';

/** A region's webhook as the admins see it: the URL masked (its token hidden), or null when none is set. */
export function presentWebhook(region: Region, row: DiscordWebhookRow | null): DiscordWebhook {
  return {
    region,
    maskedUrl: row ? maskWebhookUrl(row.url) : null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    lastDelivery:
      row?.lastDeliveryAt && row.lastDeliveryStatus !== null
        ? { at: row.lastDeliveryAt.toISOString(), ok: row.lastDeliveryOk === true, status: row.lastDeliveryStatus }
        : null,
  };
}

/** Every region, in REGIONS order, with or without a webhook. */
export function presentWebhooks(rows: DiscordWebhookRow[]): DiscordWebhook[] {
  return REGIONS.map((region) => presentWebhook(region, rows.find((row) => row.region === region) ?? null));
}
