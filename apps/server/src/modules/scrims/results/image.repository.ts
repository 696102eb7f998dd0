import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { postGameImages } from '../../../db/schema/index.js';

/** A scrim's post-game screenshot: one row per scrim, replaced by a new upload. */

export async function findImage({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [image] = await db.select().from(postGameImages).where(eq(postGameImages.scrimId, scrimId)).limit(1);
  return image ?? null;
}

export async function upsertImage({ db, image }: { db: DbOrTx; image: typeof postGameImages.$inferInsert }) {
  await db
    .insert(postGameImages)
    .values(image)
    .onConflictDoUpdate({ target: postGameImages.scrimId, set: { ...image, createdAt: new Date() } });
}

export async function deleteImage({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const deleted = await db
    .delete(postGameImages)
    .where(eq(postGameImages.scrimId, scrimId))
    .returning({ id: postGameImages.scrimId });
  return deleted.length > 0;
}
