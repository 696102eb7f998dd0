/**
 * Results people trust. A rating moves only on a result the other side could dispute: a report, by the lobby
 * captain or by the scrim's community host, is pending; a player of the other team (the team the reporter is
 * not on; either team when the reporter is not a player) confirms or disputes it within
 * RESULT_CONFIRM_WINDOW_MINUTES, and a report nobody disputed confirms itself when the window ends (the
 * 'scrim.result-confirm' job). An admin's result is confirmed at once and settles an open dispute; Riot's
 * (the result reconciler: reconcile.ts) is confirmed at once and overrides a report or an admin's made before
 * Riot's game was seen. Each report, confirmation and admin's winner is stored as the reconciler's evidence. Ratings move only
 * for confirmed results that the ratings rules rate (never a private scrim's): after every change of a result
 * commits, the ratings module reconciles the scrim (syncScrimRatings, idempotent).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RESULT_MESSAGES, SCRIM_MESSAGES, areTeamsFull, type ResultDispute, type TeamName } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { AppError, conflict, forbidden } from '../../../lib/errors.js';
import { insertNotificationRows, type StoredNotification } from '../../notifications/index.js';
import { syncScrimRatings } from '../../ratings/index.js';
import { recordPlayed } from '../commitments/commitments.js';
import { assertImpartial } from './dispute.js';
import { freezePrediction } from '../signups/prediction.js';
import { assertCaptainOrAdmin, type Viewer } from '../core/scrims.policy.js';
import type { ParticipantRow, ScrimRow } from '../core/scrim-aggregate.repository.js';
import { updateScrim } from '../core/scrims.repository.js';
import {
  confirmedResult,
  RESULT_CONFIRM_JOB,
  RESULT_CONFIRM_WINDOW_MS,
  reportedResult,
  scheduleResultConfirm,
  settleDispute,
} from './result-fields.js';
import { findAdminIds, findOpenDisputes, insertDispute } from './result.repository.js';
import { noteEvidence, SYSTEM_VIEWER } from './reconcile.js';
import { CLOCK_SLACK_MS, scrimIdOf } from '../core/scrims.schedule.js';
import {
  assertNotAbandoned,
  changeScrim,
  type ScrimAction,
  type ScrimDeps,
  scrimDepsOf,
} from '../core/scrim-change.js';

const syncRatings = (deps: Pick<ScrimDeps, 'db' | 'ratingRules'>, scrimId: string) =>
  syncScrimRatings({ db: deps.db, scrimId, rules: deps.ratingRules });

/**
 * PATCH /api/scrims/:id/set-winner. The lobby captain or the scrim's community host reports: pending, confirmed
 * by the other team or by time (its job is scheduled in the same transaction). An admin's winner is confirmed at
 * once; an admin may also set it over a pending or disputed report (resolving the dispute), not over a confirmed
 * result (the edit form changes that).
 */
export function setWinner({ deps, viewer, scrimId, team }: ScrimAction & { team: TeamName }) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCaptainOrAdmin(viewer, scrim);
      // Cancelled or abandoned first: such a scrim takes no result, started or not.
      assertNotAbandoned(scrim);
      // An admin decides the result; a captain or the community host reports it (the other team answers).
      const decides = viewer.isAdmin;
      // Deciding over a dispute is judging it: not by an admin who played in the scrim.
      if (decides && scrim.resultStatus === 'disputed') assertImpartial(viewer, participants);
      if (scrim.gameStartTime.getTime() > Date.now()) throw conflict(SCRIM_MESSAGES.notStarted, 'NOT_STARTED');
      if (scrim.teamWon && !(decides && scrim.resultStatus !== 'confirmed'))
        throw conflict(SCRIM_MESSAGES.winnerSet, 'WINNER_SET');
      // No winner for a game that could not be played: both teams must be full.
      if (!areTeamsFull(participants)) throw conflict(SCRIM_MESSAGES.teamsNotFull, 'TEAMS_NOT_FULL');
      const now = new Date();
      await freezePrediction({ db: tx, scrimId });
      await noteEvidence({
        db: tx,
        scrimId,
        items: [
          { kind: decides ? 'admin' : 'report', verdict: 'winner', team, gameId: null, userId: viewer.id, at: now },
        ],
      });
      if (decides) {
        await updateScrim({ db: tx, id: scrimId, values: confirmedResult(team, 'admin', viewer.id, now) });
        await settleDispute({ db: tx, scrimId, by: viewer.id });
        await recordPlayed({ db: tx, scrimId, participants });
        return true;
      }
      await updateScrim({ db: tx, id: scrimId, values: reportedResult(team, viewer.id, now) });
      await scheduleResultConfirm({ db: tx, scrimId, reportedAt: now });
      return false;
    },
    afterCommit: async (confirmed) => {
      if (confirmed) await syncRatings(deps, scrimId);
    },
  });
}

/**
 * Who may confirm or dispute a report, and when: a pending report (not confirmed: 409; disputed already: 409),
 * by a player of the other team than the reporting captain's (403; a captain who is not a player leaves both
 * teams to answer), within the window (409 after it).
 */
function assertMayAnswer(viewer: Viewer, scrim: ScrimRow, participants: ParticipantRow[], now: number) {
  if (!scrim.teamWon || !scrim.resultStatus) throw conflict(RESULT_MESSAGES.noResult, 'NO_RESULT');
  if (scrim.resultStatus === 'confirmed') throw conflict(RESULT_MESSAGES.alreadyConfirmed, 'RESULT_CONFIRMED');
  if (scrim.resultStatus === 'disputed') throw conflict(RESULT_MESSAGES.alreadyDisputed, 'RESULT_DISPUTED');
  const players = participants.filter((p) => p.kind === 'player');
  const reporterTeam = players.find((p) => p.userId === scrim.resultReportedBy)?.team ?? null;
  const me = players.find((p) => p.userId === viewer.id);
  if (!me || me.team === reporterTeam) throw forbidden(RESULT_MESSAGES.notOtherTeam, 'NOT_OTHER_TEAM');
  if (!scrim.resultReportedAt || now >= scrim.resultReportedAt.getTime() + RESULT_CONFIRM_WINDOW_MS)
    throw conflict(RESULT_MESSAGES.windowOver, 'RESULT_WINDOW_OVER');
}

/** POST /api/scrims/:id/confirm-result: the other team agrees; the result is confirmed and rated. */
export function confirmResult({ deps, viewer, scrimId }: ScrimAction) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      const now = Date.now();
      assertMayAnswer(viewer, scrim, participants, now);
      const byTeam = participants.find((p) => p.kind === 'player' && p.userId === viewer.id)?.team ?? null;
      await noteEvidence({
        db: tx,
        scrimId,
        items: [
          { kind: 'confirmation', verdict: 'winner', team: scrim.teamWon, gameId: null, userId: viewer.id, byTeam },
        ],
      });
      await updateScrim({
        db: tx,
        id: scrimId,
        values: { resultStatus: 'confirmed', resultConfirmedAt: new Date(now) },
      });
      await recordPlayed({ db: tx, scrimId, participants });
    },
    afterCommit: () => syncRatings(deps, scrimId),
  });
}

/**
 * POST /api/scrims/:id/dispute-result {reason}: the other team disagrees. The result is disputed (not rated)
 * until an admin decides; the dispute row is the scrim's one open dispute (a unique index). The scrim's players
 * and every admin are notified.
 */
export async function disputeResult({ deps, viewer, scrimId, reason }: ScrimAction & { reason: string }) {
  let stored: StoredNotification[] = [];
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertMayAnswer(viewer, scrim, participants, Date.now());
      await updateScrim({ db: tx, id: scrimId, values: { resultStatus: 'disputed' } });
      await insertDispute({ db: tx, scrimId, userId: viewer.id, reason });
      const players = participants.filter((p) => p.kind === 'player').map((p) => p.userId);
      const told = new Set([...players, ...(await findAdminIds({ db: tx }))]);
      told.delete(viewer.id);
      const message = RESULT_MESSAGES.disputedNotification(scrim.title, reason);
      stored = await insertNotificationRows({
        db: tx,
        values: [...told].map((userId) => ({ userId, kind: 'scrim_alert' as const, message, relatedScrimId: scrimId })),
      });
    },
    afterCommit: async () => {
      deps.notifier.publish(stored);
    },
  });
  return result;
}

/**
 * 'scrim.result-confirm', when a report's window ends: a report still pending (nobody confirmed or disputed it,
 * no admin or Riot replaced it) is confirmed. Idempotent: under the scrim's lock; anything else is left alone.
 * The ratings are reconciled every time (also after a crash between the commit and the rating).
 */
export async function confirmIfUndisputed({
  deps,
  scrimId,
  now = Date.now(),
}: {
  deps: ScrimDeps;
  scrimId: string;
  now?: number;
}) {
  try {
    const { value } = await changeScrim({
      deps,
      scrimId,
      viewer: SYSTEM_VIEWER,
      apply: async ({ tx, scrim, participants }) => {
        if (scrim.resultStatus !== 'pending' || !scrim.resultReportedAt) return false;
        if (scrim.resultReportedAt.getTime() + RESULT_CONFIRM_WINDOW_MS > now + CLOCK_SLACK_MS) return false;
        await updateScrim({
          db: tx,
          id: scrimId,
          values: { resultStatus: 'confirmed', resultConfirmedAt: new Date(now) },
        });
        await recordPlayed({ db: tx, scrimId, participants });
        return true;
      },
      afterCommit: () => syncRatings(deps, scrimId),
    });
    return value;
  } catch (error) {
    if (error instanceof AppError && error.code === 'SCRIM_NOT_FOUND') return false;
    throw error;
  }
}

/** GET /api/admin/disputes: the open disputes, oldest first, for the admins' queue. */
export async function listOpenDisputes({ db }: { db: Database }): Promise<ResultDispute[]> {
  const rows = await findOpenDisputes({ db });
  return rows.map((row) => ({
    id: row.id,
    scrimId: row.scrimId,
    scrimTitle: row.scrimTitle,
    teamWon: row.teamWon,
    reporter: row.reporterId ? { id: row.reporterId, name: row.reporterName! } : null,
    disputer: row.disputerId ? { id: row.disputerId, name: row.disputerName! } : null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Registers the 'scrim.result-confirm' job on the app's runner. */
export const scrimResultPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = scrimDepsOf(app);
    app.jobs.register(RESULT_CONFIRM_JOB, async (job) => {
      await confirmIfUndisputed({ deps, scrimId: scrimIdOf(job) });
    });
  },
  { name: 'scrim-result', dependencies: ['jobs'] },
);
