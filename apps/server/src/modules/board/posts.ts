import {
  BOARD_MESSAGES,
  RANK_LADDER,
  SCRIM_BOARD_PAGE_SIZE,
  type CreateScrimPostBody,
  type ScrimBoardQuery,
  type ScrimPost,
} from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { conflict, forbidden } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';
import { getTeamCards, teamIdsOf } from '../teams/index.js';
import { commitAndNotify, notifyTeams, type BoardDeps } from './board.context.js';
import { decodeBoardCursor, encodeBoardCursor, type BoardQueryKey } from './board.cursor.js';
import { cardOf, postNotFound } from './board.lookups.js';
import { assertCaptainOf, assertMayAnnounce, assertPostRegion, assertStartWindow } from './board.policy.js';
import { toScrimPost } from './board.presenter.js';
import * as repo from './board.repository.js';

/** A team's posts on the board: posting, the board's pages, taking a post down. */

const rankStepOf = (rank: string | undefined) => (rank === undefined ? null : RANK_LADDER.indexOf(rank));

/**
 * POST /api/scrim-posts: a captain posts for the team, in its region, 30 minutes to 30 days ahead; announced on the
 * region's Discord channel when asked (within the announced posts' budget) by the board's followers.
 */
export async function createPost({
  deps,
  viewer,
  body,
  now = Date.now(),
}: {
  deps: BoardDeps;
  viewer: Viewer;
  body: CreateScrimPostBody;
  now?: number;
}): Promise<ScrimPost> {
  return commitAndNotify(deps, async (tx) => {
    const team = await cardOf({ db: tx, teamId: body.teamId });
    await assertCaptainOf({ db: tx, teamId: team._id, viewer });
    assertPostRegion(team.region, body.region);
    const startsAt = new Date(body.startsAt);
    assertStartWindow(startsAt, now);
    const announce = body.announce ?? false;
    if (announce) await assertMayAnnounce({ tx, teamId: team._id, viewer, now });
    const post = await repo.insertPost({
      db: tx,
      post: {
        teamId: team._id,
        region: body.region,
        startsAt,
        format: body.format,
        fearless: body.fearless,
        draft: body.draft ?? 'none',
        rankMin: rankStepOf(body.rankMin),
        rankMax: rankStepOf(body.rankMax),
        note: body.note || null,
        announce,
        createdBy: viewer.id,
      },
    });
    return {
      result: toScrimPost({ post, team, requestCount: 0 }),
      stored: [],
      region: post.region,
      event: { name: 'postCreated', payload: { postId: post.id, region: post.region, announce } },
    };
  });
}

/**
 * "Fits my team": the rating band of one of the viewer's teams (the rank its card shows on the board), so any
 * member finds the posts that want a team like theirs, whether or not the team has a post of its own.
 */
async function rankOfOwnTeam({ db, teamIds, teamId }: { db: DbOrTx; teamIds: string[]; teamId: string }) {
  const card = await cardOf({ db, teamId });
  if (!teamIds.includes(teamId)) throw forbidden(BOARD_MESSAGES.fitsNotMember, 'NOT_TEAM_MEMBER');
  return card.rank;
}

/**
 * GET /api/scrim-posts: a page of open posts that have not started, in start order; the posts of the viewer's
 * own teams come first (a phase of their own in the cursor), then every other team's.
 */
export async function listBoard({
  db,
  viewer,
  query,
  now = Date.now(),
}: {
  db: DbOrTx;
  viewer: Viewer;
  query: ScrimBoardQuery;
  now?: number;
}): Promise<{ rows: ScrimPost[]; nextCursor: string | null }> {
  const key: BoardQueryKey = {
    region: query.region ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    format: query.format ?? null,
    rankMin: query.rankMin ?? null,
    rankMax: query.rankMax ?? null,
    fitsTeamId: query.fitsTeamId ?? null,
  };
  const after = query.cursor ? decodeBoardCursor(query.cursor, key) : null;
  const teamIds = await teamIdsOf({ db, userId: viewer.id });
  const fitsRank = key.fitsTeamId ? await rankOfOwnTeam({ db, teamIds, teamId: key.fitsTeamId }) : undefined;
  const filters: repo.BoardFilters = {
    region: key.region,
    from: new Date(Math.max(now, key.from ? Date.parse(key.from) : now)),
    to: key.to ? new Date(key.to) : null,
    format: key.format,
    rankMin: rankStepOf(fitsRank ?? query.rankMin),
    rankMax: rankStepOf(fitsRank ?? query.rankMax),
  };
  const limit = SCRIM_BOARD_PAGE_SIZE + 1;
  const page = (mine: boolean, from: repo.BoardPosition | null, n: number) =>
    repo.findBoardPage({ db, filters, teamIds, mine, after: from, limit: n });
  let rows: repo.ScrimPostRow[] = [];
  const inMinePhase = teamIds.length > 0 && (after?.mine ?? true);
  if (inMinePhase) rows = await page(true, after, limit);
  if (rows.length < limit) rows = [...rows, ...(await page(false, inMinePhase ? null : after, limit - rows.length))];

  const shown = rows.slice(0, SCRIM_BOARD_PAGE_SIZE);
  const [cards, counts] = await Promise.all([
    getTeamCards({ db, teamIds: shown.map((post) => post.teamId) }),
    repo.countOpenRequests({ db, postIds: shown.map((post) => post.id) }),
  ]);
  const last = shown.at(-1);
  return {
    rows: shown.flatMap((post) => {
      const team = cards.get(post.teamId);
      return team ? [toScrimPost({ post, team, requestCount: counts.get(post.id) ?? 0 })] : [];
    }),
    nextCursor:
      rows.length > SCRIM_BOARD_PAGE_SIZE && last
        ? encodeBoardCursor(key, { mine: teamIds.includes(last.teamId), startsAt: last.startsAt, id: last.id })
        : null,
  };
}

/**
 * DELETE /api/scrim-posts/:id: a captain of the poster takes an open post down; its open requests are declined
 * and their captains told. A post that booked a series stays (the series is cancelled instead).
 */
export async function deletePost({ deps, viewer, postId }: { deps: BoardDeps; viewer: Viewer; postId: string }) {
  await commitAndNotify(deps, async (tx) => {
    const post = await repo.lockPost({ tx, id: postId });
    if (!post || post.status === 'deleted') throw postNotFound();
    await assertCaptainOf({ db: tx, teamId: post.teamId, viewer });
    if (post.status !== 'open') throw conflict(BOARD_MESSAGES.postClosed, 'SCRIM_POST_CLOSED');
    await repo.setPostStatus({ db: tx, id: post.id, status: 'deleted' });
    const declined = await repo.declineOpenRequests({ db: tx, postId: post.id });
    const poster = await cardOf({ db: tx, teamId: post.teamId });
    const notices = [{ teamIds: declined, message: BOARD_MESSAGES.postWithdrawn(poster.name) }];
    return {
      result: undefined,
      stored: await notifyTeams({ tx, actorId: viewer.id, notices }),
      region: post.region,
    };
  });
}
