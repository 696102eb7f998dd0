import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SCRIM_ABANDON_AFTER_MS, SOCIAL_MESSAGES, areTeamsFull } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { insertNotificationRows } from '../../notifications/index.js';
import { closeOverdueScrims, scheduleMissingAbandonChecks } from './abandon.repository.js';
import { findParticipants, findScrimAggregate, lockScrim, updateScrim } from '../core/scrims.repository.js';
import { CLOCK_SLACK_MS, SCRIM_ABANDON_JOB, scrimIdOf } from '../core/scrims.schedule.js';
import { publishScrimChange, type ScrimDeps, scrimDepsOf } from '../core/scrim-change.js';

/**
 * 'scrim.abandon', 30 minutes after a scrim's start: a scrim still not full closes as abandoned. Under the scrim
 * row's lock (the one every join takes), so a join committed before it counts and a join after it is refused.
 * Its players and casters get a stored notification, written in the same transaction as `abandonedAt`, so a run
 * again after a crash finds the scrim closed and tells nobody twice. Idempotent: a scrim gone, full, with a
 * winner, closed already, or moved to a later start (its check moved too) is left alone. The modules that follow
 * scrims hear of it ('changed'). Returns whether it closed the scrim.
 */
export async function abandonScrimIfNotFull({
  deps,
  scrimId,
  now = Date.now(),
}: {
  deps: Pick<ScrimDeps, 'db' | 'io' | 'notifier' | 'listCache' | 'lifecycle'>;
  scrimId: string;
  now?: number;
}) {
  const stored = await deps.db.transaction(async (tx) => {
    const scrim = await lockScrim({ db: tx, id: scrimId });
    if (!scrim || scrim.abandonedAt || scrim.teamWon) return null;
    if (scrim.gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS > now + CLOCK_SLACK_MS) return null;
    const participants = await findParticipants({ db: tx, scrimId });
    if (areTeamsFull(participants.filter((p) => p.kind === 'player'))) return null;
    await updateScrim({ db: tx, id: scrimId, values: { abandonedAt: new Date(now) } });
    const message = SOCIAL_MESSAGES.scrimAbandonedNotification(scrim.title);
    return insertNotificationRows({
      db: tx,
      values: participants.map((p) => ({
        userId: p.userId,
        kind: 'scrim_alert' as const,
        message,
        relatedScrimId: scrimId,
      })),
    });
  });
  if (!stored) return false;
  deps.notifier.publish(stored);
  const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
  if (aggregate) {
    publishScrimChange(deps, aggregate);
    // A series follows its games: an abandoned game is a team that did not show up.
    await deps.lifecycle.emit('changed', { aggregate });
  }
  return true;
}

/**
 * At start-up, for scrims created before the abandon rule: the long-past ones close silently (they were among
 * previous scrims already); the others get their check, due at once when 30 minutes have passed, which closes
 * and notifies like any other. Idempotent, and safe when several instances start together.
 */
export async function backfillScrimAbandons({ db, now = new Date() }: { db: Database; now?: Date }) {
  const closed = await closeOverdueScrims({ db, now });
  const scheduled = await scheduleMissingAbandonChecks({ db, now, kind: SCRIM_ABANDON_JOB });
  return { closed, scheduled };
}

/** Registers the 'scrim.abandon' job on the app's runner. */
export const scrimAbandonPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = scrimDepsOf(app);
    app.jobs.register(SCRIM_ABANDON_JOB, async (job) => {
      await abandonScrimIfNotFull({ deps, scrimId: scrimIdOf(job) });
    });
  },
  { name: 'scrim-abandon', dependencies: ['jobs'] },
);
