import { randomInt } from 'node:crypto';
import { BOARD_MESSAGES, SERIES_SIDES, type CreateScrimRequestBody } from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { conflict, uniqueViolation } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';
import { createSeriesGameScrim } from '../scrims/index.js';
import { getTeamCards, teamIdsOf } from '../teams/index.js';
import { commitAndNotify, notifyTeams, type BoardDeps } from './board.context.js';
import { cardOf, postNotFound, requestNotFound } from './board.lookups.js';
import { assertCaptainOf, assertMayAsk, assertPostOpen, assertRequestOpen } from './board.policy.js';
import { toScrimRequest } from './board.presenter.js';
import * as repo from './board.repository.js';
import { scheduleLineupJobs } from './series/lineup-jobs.js';
import { readSeries } from './series/series-view.js';
import * as seriesRepo from './series/series.repository.js';

/** Requests between teams: asking for a post, withdrawing, declining, and accepting into a series. */

/**
 * POST /api/scrim-posts/:id/requests: a captain of another team of the post's region asks for an open post that has
 * not started. One open request per team and post: the partial unique index decides two at once.
 */
export async function createRequest({
  deps,
  viewer,
  postId,
  body,
  now = Date.now(),
}: {
  deps: BoardDeps;
  viewer: Viewer;
  postId: string;
  body: CreateScrimRequestBody;
  now?: number;
}) {
  try {
    return await commitAndNotify(deps, async (tx) => {
      const post = await repo.lockPost({ tx, id: postId });
      if (!post || post.status === 'deleted') throw postNotFound();
      const team = await cardOf({ db: tx, teamId: body.teamId });
      await assertCaptainOf({ db: tx, teamId: team._id, viewer });
      assertMayAsk({ post, teamId: team._id, teamRegion: team.region });
      assertPostOpen(post, now);
      const request = await repo.insertRequest({
        db: tx,
        request: { postId: post.id, teamId: team._id, note: body.note || null, createdBy: viewer.id },
      });
      const notices = [{ teamIds: [post.teamId], message: BOARD_MESSAGES.requestReceived(team.name) }];
      return {
        result: toScrimRequest({ request, team }),
        stored: await notifyTeams({ tx, actorId: viewer.id, notices }),
        region: post.region,
      };
    });
  } catch (error) {
    if (uniqueViolation(error) === repo.ONE_OPEN_REQUEST_CONSTRAINT)
      throw conflict(BOARD_MESSAGES.requestExists, 'SCRIM_REQUEST_EXISTS');
    throw error;
  }
}

/**
 * Locks a request's post, then the request (the order every writer takes), and reads both afresh: what withdraw,
 * accept and decline start from.
 */
async function lockRequestAndPost({ tx, requestId }: { tx: Transaction; requestId: string }) {
  const found = await repo.findRequest({ db: tx, id: requestId });
  if (!found) throw requestNotFound();
  // A request's and a post's teams never change: read unlocked, they are held before the post (repo.holdTeams).
  const unlocked = await repo.findPost({ db: tx, id: found.postId });
  if (!unlocked) throw requestNotFound();
  await repo.holdTeams({ tx, ids: [unlocked.teamId, found.teamId] });
  const post = await repo.lockPost({ tx, id: found.postId });
  const request = await repo.lockRequest({ tx, id: requestId });
  if (!post || !request) throw requestNotFound();
  return { post, request };
}

/** DELETE /api/scrim-requests/:id: a captain of the asking team withdraws its open request. */
export async function withdrawRequest({
  deps,
  viewer,
  requestId,
}: {
  deps: BoardDeps;
  viewer: Viewer;
  requestId: string;
}) {
  await commitAndNotify(deps, async (tx) => {
    const { post, request } = await lockRequestAndPost({ tx, requestId });
    await assertCaptainOf({ db: tx, teamId: request.teamId, viewer });
    assertRequestOpen(request);
    await repo.setRequestStatus({ db: tx, id: request.id, status: 'withdrawn' });
    const team = await cardOf({ db: tx, teamId: request.teamId });
    const notices = [{ teamIds: [post.teamId], message: BOARD_MESSAGES.requestWithdrawn(team.name) }];
    return {
      result: undefined,
      stored: await notifyTeams({ tx, actorId: viewer.id, notices }),
      region: post.region,
    };
  });
}

/** POST /api/scrim-requests/:id/decline: a captain of the poster declines an open request. */
export async function declineRequest({
  deps,
  viewer,
  requestId,
}: {
  deps: BoardDeps;
  viewer: Viewer;
  requestId: string;
}) {
  return commitAndNotify(deps, async (tx) => {
    const { post, request } = await lockRequestAndPost({ tx, requestId });
    await assertCaptainOf({ db: tx, teamId: post.teamId, viewer });
    assertRequestOpen(request);
    const declined = await repo.setRequestStatus({ db: tx, id: request.id, status: 'declined' });
    const [poster, team] = await Promise.all([
      cardOf({ db: tx, teamId: post.teamId }),
      cardOf({ db: tx, teamId: request.teamId }),
    ]);
    const notices = [{ teamIds: [request.teamId], message: BOARD_MESSAGES.requestDeclined(poster.name) }];
    return {
      result: toScrimRequest({ request: declined, team }),
      stored: await notifyTeams({ tx, actorId: viewer.id, notices }),
      region: post.region,
    };
  });
}

/**
 * POST /api/scrim-requests/:id/accept: a captain of the poster accepts an open request of an open post that has
 * not started. In one transaction under the post's lock: the series is booked (game 1's sides by a coin flip from
 * the system's cryptographic source), the post closes, the request is accepted and the post's other open requests
 * are declined; every captain involved is told after the commit. Two accepts at once, on any instances, queue on
 * the post's lock: the second finds the post closed (and `series_post_uq` would refuse a second series anyway).
 */
export async function acceptRequest({
  deps,
  viewer,
  requestId,
  now = Date.now(),
}: {
  deps: BoardDeps;
  viewer: Viewer;
  requestId: string;
  now?: number;
}) {
  try {
    return await commitAndNotify(deps, async (tx) => {
      const { post, request } = await lockRequestAndPost({ tx, requestId });
      await assertCaptainOf({ db: tx, teamId: post.teamId, viewer });
      assertPostOpen(post, now);
      assertRequestOpen(request);
      const posterSide = SERIES_SIDES[randomInt(2)]!;
      const row = await seriesRepo.insertSeries({
        db: tx,
        values: {
          postId: post.id,
          requestId: request.id,
          region: post.region,
          format: post.format,
          fearless: post.fearless,
          draft: post.draft,
          startsAt: post.startsAt,
        },
        teams: [
          { teamId: post.teamId, side: posterSide, isPoster: true },
          { teamId: request.teamId, side: posterSide === 'blue' ? 'red' : 'blue', isPoster: false },
        ],
      });
      await repo.setPostStatus({ db: tx, id: post.id, status: 'closed' });
      await repo.setRequestStatus({ db: tx, id: request.id, status: 'accepted' });
      const declined = await repo.declineOpenRequests({ db: tx, postId: post.id, exceptId: request.id });
      const cards = await getTeamCards({ db: tx, teamIds: [post.teamId, request.teamId] });
      const name = (teamId: string) => cards.get(teamId)?.name ?? '';
      const [blueTeamId, redTeamId] =
        posterSide === 'blue' ? [post.teamId, request.teamId] : [request.teamId, post.teamId];
      const tag = (teamId: string) => cards.get(teamId)?.tag ?? '';
      const scrim = await createSeriesGameScrim({
        tx,
        title: BOARD_MESSAGES.seriesGameTitle(tag(blueTeamId), tag(redTeamId), 1),
        region: post.region,
        startsAt: post.startsAt,
        createdBy: viewer.id,
        draft: post.draft,
      });
      await seriesRepo.insertSeriesGame({
        db: tx,
        values: { seriesId: row.id, number: 1, scrimId: scrim.id, blueTeamId, redTeamId },
      });
      await scheduleLineupJobs({ db: tx, seriesId: row.id, startsAt: post.startsAt, now });
      const stored = await notifyTeams({
        tx,
        actorId: viewer.id,
        notices: [
          { teamIds: [post.teamId], message: BOARD_MESSAGES.seriesBooked(name(request.teamId)), seriesId: row.id },
          { teamIds: [request.teamId], message: BOARD_MESSAGES.requestAccepted(name(post.teamId)), seriesId: row.id },
          { teamIds: declined, message: BOARD_MESSAGES.postTaken(name(post.teamId)) },
        ],
      });
      return {
        result: await readSeries({ db: tx, row, viewer }),
        stored,
        region: post.region,
        event: { name: 'seriesBooked', payload: { seriesId: row.id, region: post.region } },
      };
    });
  } catch (error) {
    if (uniqueViolation(error) === repo.ONE_SERIES_PER_POST_CONSTRAINT)
      throw conflict(BOARD_MESSAGES.postClosed, 'SCRIM_POST_CLOSED');
    throw error;
  }
}

/**
 * GET /api/scrim-posts/:id/requests: the post's team sees every request of its post; any other viewer only those of
 * the teams they are on.
 */
export async function listRequests({ db, viewer, postId }: { db: DbOrTx; viewer: Viewer; postId: string }) {
  const post = await repo.findPost({ db, id: postId });
  if (!post || post.status === 'deleted') throw postNotFound();
  const teamIds = await teamIdsOf({ db, userId: viewer.id });
  const rows = (await repo.findRequestsOfPost({ db, postId })).filter(
    (request) => teamIds.includes(post.teamId) || teamIds.includes(request.teamId),
  );
  const cards = await getTeamCards({ db, teamIds: rows.map((request) => request.teamId) });
  return rows.flatMap((request) => {
    const team = cards.get(request.teamId);
    return team ? [toScrimRequest({ request, team })] : [];
  });
}
