import { and, eq } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { discordWebhooks } from '../../db/schema/index.js';

export type DiscordWebhookRow = typeof discordWebhooks.$inferSelect;

export function findWebhooks({ db }: { db: DbOrTx }): Promise<DiscordWebhookRow[]> {
  return db.select().from(discordWebhooks);
}

export async function findWebhook({ db, region }: { db: DbOrTx; region: Region }) {
  const [row] = await db.select().from(discordWebhooks).where(eq(discordWebhooks.region, region));
  return row ?? null;
}

/** The region's webhook row, locked until the transaction ends (a set and a removal of one region in turn). */
export async function lockWebhook({ db, region }: { db: DbOrTx; region: Region }) {
  const [row] = await db.select().from(discordWebhooks).where(eq(discordWebhooks.region, region)).for('update');
  return row ?? null;
}

export async function upsertWebhook({
  db,
  region,
  url,
  updatedBy,
}: {
  db: DbOrTx;
  region: Region;
  url: string;
  updatedBy: string;
}) {
  const values = { region, url, updatedBy, updatedAt: new Date() };
  const [row] = await db
    .insert(discordWebhooks)
    .values(values)
    .onConflictDoUpdate({ target: discordWebhooks.region, set: { url, updatedBy, updatedAt: values.updatedAt } })
    .returning();
  return row!;
}

export async function deleteWebhook({ db, region }: { db: DbOrTx; region: Region }) {
  const rows = await db.delete(discordWebhooks).where(eq(discordWebhooks.region, region)).returning();
  return rows[0] ?? null;
}

/** Deletes the region's webhook only while it is still `url` (an admin may have set a new one meanwhile). */
export async function deleteWebhookIfUrl({ db, region, url }: { db: DbOrTx; region: Region; url: string }) {
  const rows = await db
    .delete(discordWebhooks)
    .where(and(eq(discordWebhooks.region, region), eq(discordWebhooks.url, url)))
    .returning();
  return rows[0] ?? null;
}

/** What the last post or test message to the region's webhook came to; kept only while the webhook is still `url`. */
export async function recordDelivery({
  db,
  region,
  url,
  ok,
  status,
}: {
  db: DbOrTx;
  region: Region;
  url: string;
  ok: boolean;
  status: string;
}) {
  const [row] = await db
    .update(discordWebhooks)
    .set({ lastDeliveryAt: new Date(), lastDeliveryOk: ok, lastDeliveryStatus: status })
    .where(and(eq(discordWebhooks.region, region), eq(discordWebhooks.url, url)))
    .returning();
  return row ?? null;
}
