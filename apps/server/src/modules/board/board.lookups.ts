import { BOARD_MESSAGES, TEAM_MESSAGES, type TeamCard } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { getTeamCards } from '../teams/index.js';

/** What the board's actions look up and refuse alike: a post, a request, a team that is not there. */

export const postNotFound = () => notFound(BOARD_MESSAGES.postNotFound, 'SCRIM_POST_NOT_FOUND');
export const requestNotFound = () => notFound(BOARD_MESSAGES.requestNotFound, 'SCRIM_REQUEST_NOT_FOUND');
export const teamNotFound = () => notFound(TEAM_MESSAGES.notFound, 'TEAM_NOT_FOUND');

/** The team's card, or 404 when there is no such team. */
export async function cardOf({ db, teamId }: { db: DbOrTx; teamId: string }): Promise<TeamCard> {
  const card = (await getTeamCards({ db, teamIds: [teamId] })).get(teamId);
  if (!card) throw teamNotFound();
  return card;
}
