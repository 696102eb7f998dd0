/**
 * The result reconciler: every piece of evidence of a scrim's result (Riot's callback, games/by-code and
 * match-v5; a captain's report, the other team's confirmation, an admin's entry) is stored as it arrives, and
 * the result is re-decided from all of it (decideResult) under the scrim's lock, then applied through the scrim's
 * change (published live; the ratings follow the result after the commit, idempotently: rated once, re-rated
 * when Riot's result replaces another, reversed when a game turns out remade).
 */
import type { TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { syncScrimRatings } from '../../ratings/index.js';
import { recordPlayed } from '../commitments/commitments.js';
import { changeScrim, type ScrimDeps } from '../core/scrim-change.js';
import type { Viewer } from '../core/scrims.policy.js';
import { updateScrim } from '../core/scrims.repository.js';
import { freezePrediction } from '../signups/prediction.js';
import { clearedResult, confirmedResult, settleDispute } from './result-fields.js';
import { findEvidence, insertEvidence, type NewEvidence } from './reconcile.repository.js';
import { decideResult, type Decision } from './reconcile.rules.js';

/** Who acts for the server's own automation (Riot's results, the auto-confirmation): it reads as an admin would. */
export const SYSTEM_VIEWER: Viewer = { id: 'system', isAdmin: true };

/**
 * Stores evidence in the caller's transaction (under the scrim's lock) and rewrites the scrim's summary of it
 * (evidence_seen, what the page lists). Returns every piece of evidence of the scrim, oldest first.
 */
export async function noteEvidence({ db, scrimId, items }: { db: DbOrTx; scrimId: string; items: NewEvidence[] }) {
  await insertEvidence({ db, scrimId, items });
  const all = await findEvidence({ db, scrimId });
  const evidenceSeen = all.map(({ kind, at, byTeam }) => ({
    kind,
    at: at.toISOString(),
    ...(kind === 'confirmation' && { team: byTeam }),
  }));
  await updateScrim({ db, id: scrimId, values: { evidenceSeen } });
  return all;
}

/** An admin's winner (or no result) as evidence. */
export const adminEvidence = (team: TeamName | null, userId: string): NewEvidence => ({
  kind: 'admin',
  verdict: team ? 'winner' : 'no-result',
  team,
  gameId: null,
  userId,
});

/** What a re-decision did: the decision, and whether the scrim's result changed. */
export interface Reconciled {
  decision: Decision;
  changed: boolean;
}

/**
 * Stores Riot's evidence of the scrim's game and re-decides the result under the scrim's lock. A cancelled or
 * abandoned scrim keeps the evidence and takes no result. Riot's result is confirmed at once and settles an open
 * dispute; a withdrawn one (its game shown remade) leaves no result, and the scrim stays live for the replay.
 */
export async function reconcileResult({
  deps,
  scrimId,
  items,
}: {
  deps: ScrimDeps;
  scrimId: string;
  items: NewEvidence[];
}): Promise<Reconciled> {
  const { value } = await changeScrim({
    deps,
    scrimId,
    viewer: SYSTEM_VIEWER,
    apply: async ({ tx, scrim, participants }) => {
      const evidence = await noteEvidence({ db: tx, scrimId, items });
      const decision = decideResult(evidence, scrim);
      if (decision.remakes !== scrim.remakes)
        await updateScrim({ db: tx, id: scrimId, values: { remakes: decision.remakes } });
      if (scrim.abandonedAt || scrim.cancelledAt) return { decision, changed: false };
      if (decision.action === 'riot') {
        if (scrim.resultSource === 'riot' && scrim.teamWon === decision.team) return { decision, changed: false };
        const now = new Date();
        await freezePrediction({ db: tx, scrimId });
        await updateScrim({ db: tx, id: scrimId, values: confirmedResult(decision.team, 'riot', null, now) });
        await settleDispute({ db: tx, scrimId, by: null });
        await recordPlayed({ db: tx, scrimId, participants });
        return { decision, changed: true };
      }
      if (decision.action === 'withdraw') {
        await updateScrim({ db: tx, id: scrimId, values: clearedResult });
        return { decision, changed: true };
      }
      return { decision, changed: false };
    },
    afterCommit: async ({ changed }) => {
      if (changed) await syncScrimRatings({ db: deps.db, scrimId, rules: deps.ratingRules });
    },
  });
  return value;
}
