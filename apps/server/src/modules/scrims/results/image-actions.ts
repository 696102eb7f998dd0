import { SCRIM_MESSAGES } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { processPostGameImage } from './image.js';
import { assertCanRunScrim, assertCaptainOrAdmin, canRunScrim, type Viewer } from '../core/scrims.policy.js';
import { abilityScrimOf, presentScrimFor } from '../core/scrims.presenter.js';
import { findScrimAggregate } from '../core/scrims.repository.js';
import { deleteImage, findImage, upsertImage } from './image.repository.js';
import { ScrimAction, scrimNotFound, changeScrim } from '../core/scrim-change.js';

/** The post-game image: who may upload it, storing it (decoded and re-encoded first), removing and reading it. */

/**
 * Whether `viewer` may upload the scrim's image now (the captain while there is none, an admin always), without
 * a lock: the route asks before the file is even read, so that nobody else costs a read or a decoding. The
 * same checks run again under the lock when the image is stored.
 */
export async function assertMayAddImage({ db, viewer, scrimId }: { db: Database; viewer: Viewer; scrimId: string }) {
  const current = await findScrimAggregate({ db, id: scrimId });
  if (!current) throw scrimNotFound();
  try {
    assertCaptainOrAdmin(viewer, abilityScrimOf(current));
    if (!canRunScrim(viewer, abilityScrimOf(current)) && current.imageAt)
      throw conflict(SCRIM_MESSAGES.imageExists, 'IMAGE_EXISTS');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.statusCode, error.code, error.message, { scrim: presentScrimFor(current, viewer) });
  }
}

export async function addImage({
  deps,
  viewer,
  scrimId,
  image: input,
  fileName,
}: ScrimAction & { image: Buffer; fileName?: string }) {
  await assertMayAddImage({ db: deps.db, viewer, scrimId });
  // Decode and re-encode outside the transaction: it is the slow part and needs no lock.
  const image = await processPostGameImage({ input, fileName });
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim }) => {
      assertCaptainOrAdmin(viewer, scrim);
      if (!canRunScrim(viewer, scrim) && (await findImage({ db: tx, scrimId })))
        throw conflict(SCRIM_MESSAGES.imageExists, 'IMAGE_EXISTS');
      await upsertImage({ db: tx, image: { scrimId, uploadedBy: viewer.id, ...image } });
    },
  });
}

export function removeImage({ deps, viewer, scrimId }: ScrimAction) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim }) => {
      assertCanRunScrim(viewer, scrim);
      if (!(await deleteImage({ db: tx, scrimId }))) throw notFound(SCRIM_MESSAGES.noImage, 'NO_IMAGE');
    },
  });
}

export async function getImage({ db, scrimId }: { db: Database; scrimId: string }) {
  const image = await findImage({ db, scrimId });
  if (!image) throw notFound(SCRIM_MESSAGES.noImage, 'NO_IMAGE');
  return image;
}
