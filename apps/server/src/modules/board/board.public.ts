import type { ScrimPost, Series } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Viewer } from '../auth/index.js';
import { getTeamCards } from '../teams/index.js';
import { toScrimPost } from './board.presenter.js';
import * as repo from './board.repository.js';
import { readSeries } from './series/series-view.js';
import { findSeries } from './series/series.repository.js';

/*
 * The board as the world outside the app reads it (the discord module's announcements of a region's posts and
 * series): what any signed-in stranger would see, never what only the two teams see (a game's tournament code).
 */

/** Nobody: no account has the nil id, so the series' policy gives it no team's view and no code. */
const STRANGER: Viewer = { id: '00000000-0000-0000-0000-000000000000', isAdmin: false };

/** A post as the board shows it, and whether its poster asked for it to be announced; null once it is gone. */
export async function readPublicPost({
  db,
  postId,
}: {
  db: DbOrTx;
  postId: string;
}): Promise<(ScrimPost & { announce: boolean }) | null> {
  const post = await repo.findPost({ db, id: postId });
  if (!post) return null;
  const [cards, counts] = await Promise.all([
    getTeamCards({ db, teamIds: [post.teamId] }),
    repo.countOpenRequests({ db, postIds: [post.id] }),
  ]);
  const team = cards.get(post.teamId);
  if (!team) return null;
  return { ...toScrimPost({ post, team, requestCount: counts.get(post.id) ?? 0 }), announce: post.announce };
}

/** A series as a stranger reads it (no tournament code), or null when there is none. */
export async function readPublicSeries({ db, seriesId }: { db: DbOrTx; seriesId: string }): Promise<Series | null> {
  const row = await findSeries({ db, id: seriesId });
  return row ? readSeries({ db, row, viewer: STRANGER }) : null;
}
