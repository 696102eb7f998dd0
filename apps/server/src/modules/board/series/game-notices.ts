import { BOARD_MESSAGES } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { notifyScrimAlertOnce } from '../../notifications/index.js';
import type { ScrimAggregate } from '../../scrims/index.js';
import { noticeRecipients, type BoardDeps } from '../board.context.js';
import * as repo from './series.repository.js';

/*
 * What a series' players hear of each game, as 'scrim_alert's about the game's scrim (a click opens its page; pushed
 * like every scrim alert): its tournament code exists, and its confirmed result. The code itself is not in the text:
 * the scrim and series pages show it to the lineups' players and the captains only.
 */

/** Who hears of a series' games: the players of both lineups (subs included) and both teams' captains. */
export async function gameAudience({ db, seriesId }: { db: DbOrTx; seriesId: string }) {
  const [teamIds, userIds] = await Promise.all([
    repo.findSeriesTeamIds({ db, seriesId }),
    repo.findLineupUserIds({ db, seriesId }),
  ]);
  return noticeRecipients({ db, teamIds, userIds });
}

/** A series game's tournament code was stored: its audience is told once (a remade code is not told again). */
export async function tellGameCode({
  deps,
  seriesId,
  aggregate,
}: {
  deps: BoardDeps;
  seriesId: string;
  aggregate: ScrimAggregate;
}) {
  await notifyScrimAlertOnce({
    deps,
    scrimId: aggregate.scrim.id,
    userIds: await gameAudience({ db: deps.db, seriesId }),
    message: BOARD_MESSAGES.gameCodeReady(aggregate.scrim.title),
  });
}
