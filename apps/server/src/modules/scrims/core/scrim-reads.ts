import type { Database } from '../../../db/client.js';
import { scrimNotFound } from './scrim-change.js';
import type { Viewer } from './scrims.policy.js';
import { presentScrimFor } from './scrims.presenter.js';
import { findScrimAggregate, findScrimTitle } from './scrims.repository.js';

/** A scrim as its page, the other modules and the audit log read it. */

/** The scrim as the other modules read it (participants, tournament row), or null when it is gone. */
export function getScrimAggregate({ db, id }: { db: Database; id: string }) {
  return findScrimAggregate({ db, id });
}

/** A scrim's title, or null when it is gone (the audit log names a deleted scrim by it). */
export function getScrimTitle({ db, id }: { db: Database; id: string }) {
  return findScrimTitle({ db, id });
}

/** The scrim as `viewer` sees it, with what they may do. */
export async function getScrim({ db, viewer, scrimId }: { db: Database; viewer: Viewer; scrimId: string }) {
  const aggregate = await findScrimAggregate({ db, id: scrimId });
  if (!aggregate) throw scrimNotFound();
  return presentScrimFor(aggregate, viewer);
}
