import { asc, eq } from 'drizzle-orm';
import type { TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { resultEvidence } from '../../../db/schema/index.js';
import type { Evidence } from './reconcile.rules.js';

/** A piece of evidence as it arrives: a person's carries who gave it (and a confirmation the confirming team). */
export type NewEvidence = Omit<Evidence, 'at'> & { at?: Date; userId?: string | null; byTeam?: TeamName | null };

/**
 * Stores evidence as it arrives. Riot's evidence of a game already stored under the same kind adds nothing (the
 * unique index: a duplicate callback, the poll after the callback).
 */
export async function insertEvidence({ db, scrimId, items }: { db: DbOrTx; scrimId: string; items: NewEvidence[] }) {
  if (items.length === 0) return;
  await db
    .insert(resultEvidence)
    .values(items.map((item) => ({ ...item, scrimId, at: item.at ?? new Date() })))
    .onConflictDoNothing();
}

/** Every piece of evidence of the scrim, oldest first. */
export function findEvidence({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({
      kind: resultEvidence.kind,
      at: resultEvidence.at,
      verdict: resultEvidence.verdict,
      team: resultEvidence.team,
      gameId: resultEvidence.gameId,
      byTeam: resultEvidence.byTeam,
    })
    .from(resultEvidence)
    .where(eq(resultEvidence.scrimId, scrimId))
    .orderBy(asc(resultEvidence.at), asc(resultEvidence.id));
}

/** The match-v5 verdicts already read per game id (a game judged once is not fetched again). */
export async function findMatchVerdicts({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const rows = await findEvidence({ db, scrimId });
  return new Map(
    rows.filter((row) => row.kind === 'match-v5' && row.gameId !== null).map((r) => [r.gameId!, r.verdict]),
  );
}
