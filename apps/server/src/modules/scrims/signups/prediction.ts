import type { DbOrTx } from '../../../db/client.js';
import { currentBlueWinProbability } from '../core/scrims.presenter.js';
import { findScrimAggregate } from '../core/scrims.repository.js';
import { storePrediction } from './signups.repository.js';

/**
 * Stores Blue's predicted chance once, as it stands when the game begins: at the start (both teams full), else
 * with the first result written (teams filled after the start). Later changes of ratings, players or balance
 * never rewrite it, so what a scrim shows afterwards is what it was given.
 */
export async function freezePrediction({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const aggregate = await findScrimAggregate({ db, id: scrimId });
  if (!aggregate || aggregate.scrim.predictedBlueWinProbability !== null) return;
  const blueWinProbability = currentBlueWinProbability(aggregate);
  if (blueWinProbability !== null) await storePrediction({ db, scrimId, blueWinProbability });
}
