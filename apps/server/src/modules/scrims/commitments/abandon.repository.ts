import { sql } from 'drizzle-orm';
import { CURRENT_SCRIM_WINDOW_MS, SCRIM_ABANDON_AFTER_MS, TEAMS, TEAM_SIZE } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { jobs, scrimParticipants, scrims } from '../../../db/schema/index.js';

const FULL = TEAMS.length * TEAM_SIZE;
const abandonAfter = sql`make_interval(secs => ${SCRIM_ABANDON_AFTER_MS / 1000})`;

/**
 * Closes, without telling anyone, the scrims that were already past their 3-hour window when the abandon rule
 * arrived (they were shown among previous scrims anyway): not full, no winner, started over 3 hours ago. They
 * are stamped with the moment they would have closed (start + 30 minutes). Returns how many.
 */
export async function closeOverdueScrims({ db, now }: { db: DbOrTx; now: Date }) {
  const players = sql`(select count(*) from ${scrimParticipants} p where p.scrim_id = ${scrims.id} and p.kind = 'player')`;
  const rows = await db
    .update(scrims)
    .set({ abandonedAt: sql`${scrims.gameStartTime} + ${abandonAfter}` })
    .where(
      sql`${scrims.abandonedAt} is null and ${scrims.teamWon} is null
        and ${scrims.gameStartTime} <= ${new Date(now.getTime() - CURRENT_SCRIM_WINDOW_MS)}
        and ${players} < ${FULL}`,
    )
    .returning({ id: scrims.id });
  return rows.length;
}

/**
 * Gives every scrim that may still need one an abandon check (30 minutes after its start, due at once when that
 * has passed): the scrims created before the rule. One statement; a scrim that has its check (pending or done)
 * keeps it, so running this at every start changes nothing the second time. Returns how many were scheduled.
 */
export async function scheduleMissingAbandonChecks({ db, now, kind }: { db: DbOrTx; now: Date; kind: string }) {
  const result = await db.execute(sql`
    insert into ${jobs} (kind, dedupe_key, payload, run_at)
    select ${kind}, 'scrim-abandon:' || s.id, jsonb_build_object('scrimId', s.id), s.game_start_time + ${abandonAfter}
    from ${scrims} s
    where s.abandoned_at is null and s.team_won is null
      and s.game_start_time > ${new Date(now.getTime() - CURRENT_SCRIM_WINDOW_MS)}
    on conflict (dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
