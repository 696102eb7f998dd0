import { ADMIN_MESSAGES, TEAM_MESSAGES, type DraftStats } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import {
  findTeamDraftTotals,
  findUserDraftTotals,
  teamExists,
  userExists,
  type DraftStatsRow,
} from './draft-stats.repository.js';

/*
 * Draft stats of a player or a team over their drafted games. Every signed-in viewer gets the same answer: the
 * figures reveal no scrim (private scrims count, as in the profile's other totals), and series are public.
 */

/** The totals' rows as the answer: the two sides, and the champions most picked first. */
export function presentDraftStats(rows: DraftStatsRow[]): DraftStats {
  const side = (name: 'blue' | 'red') => {
    const row = rows.find((r) => r.side === name);
    return { games: row?.games ?? 0, wins: row?.wins ?? 0 };
  };
  const firstPick = side('blue');
  const secondPick = side('red');
  const champions = rows
    .flatMap(({ champion, games, wins }) => (champion === null ? [] : [{ champion, games, wins }]))
    .sort((a, b) => b.games - a.games || (a.champion < b.champion ? -1 : 1));
  return { games: firstPick.games + secondPick.games, firstPick, secondPick, champions };
}

/** GET /api/users/:id/draft-stats. */
export async function getUserDraftStats({ db, userId }: { db: DbOrTx; userId: string }): Promise<DraftStats> {
  if (!(await userExists({ db, userId }))) throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  return presentDraftStats(await findUserDraftTotals({ db, userId }));
}

/** GET /api/teams/:id/draft-stats. */
export async function getTeamDraftStats({ db, teamId }: { db: DbOrTx; teamId: string }): Promise<DraftStats> {
  if (!(await teamExists({ db, teamId }))) throw notFound(TEAM_MESSAGES.notFound, 'TEAM_NOT_FOUND');
  return presentDraftStats(await findTeamDraftTotals({ db, teamId }));
}
