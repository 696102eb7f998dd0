import { DRAFT_ORDER, ROLES, type DraftSide, type DraftStatus, type Role } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { scrimDraftTurns, scrimDrafts } from '../db/schema/index.js';

export interface DraftSideInput {
  /** The side's five picks in its own order. */
  picks: string[];
  /** The side's five bans in its own order; null: a ban that timed out. */
  bans: (string | null)[];
  /** The role the drafter gave each pick (default Top … Support in pick order; null: none). */
  roles?: (Role | null)[];
}

/**
 * A scrim's draft room written straight to its tables: `status` 'done' with its 20 turns in DRAFT_ORDER, or
 * 'running' twelve turns in (the first ban phase and the first picks), as the draft room would leave them.
 */
export async function storeDraft({
  db,
  scrimId,
  blue,
  red,
  status = 'done',
}: {
  db: Database;
  scrimId: string;
  blue: DraftSideInput;
  red: DraftSideInput;
  status?: Extract<DraftStatus, 'done' | 'running'>;
}) {
  const done = status === 'done';
  await db.insert(scrimDrafts).values({
    scrimId,
    status,
    turnIndex: done ? DRAFT_ORDER.length : 12,
    turnEndsAt: done ? null : new Date(Date.now() + 30_000),
    startedAt: new Date(Date.now() - 10 * 60_000),
    endedAt: done ? new Date() : null,
  });
  const sides: Record<DraftSide, DraftSideInput> = { blue, red };
  const next = { blue: { ban: 0, pick: 0 }, red: { ban: 0, pick: 0 } };
  const turns = DRAFT_ORDER.map((turn, turnIndex) => {
    const n = next[turn.side][turn.action]++;
    const side = sides[turn.side];
    const pick = turn.action === 'pick';
    const champion = pick ? side.picks[n]! : side.bans[n]!;
    const role = pick ? (side.roles ? side.roles[n]! : ROLES[n]!) : null;
    return { scrimId, turnIndex, side: turn.side, action: turn.action, champion, role };
  });
  await db.insert(scrimDraftTurns).values(done ? turns : turns.slice(0, 12));
}
