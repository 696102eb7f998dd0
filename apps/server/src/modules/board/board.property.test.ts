import { count, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scrimRequests, series } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardViolations, postBody } from '../../test/board-api.js';
import { createUserTuple } from '../../test/scrim-factories.js';
import { callApi } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';
import type { Viewer } from '../auth/index.js';
import * as posts from './posts.js';
import * as requests from './requests.js';

/**
 * Random sequences of board actions (post, ask, withdraw, accept, decline, take down), each by a random team's
 * captain, so that many are refused: whatever the order, a post has at most one accepted request, a closed post
 * has exactly one series, and no request stays open on a post that is not open (boardViolations). A refusal is
 * always a 4xx AppError, never another failure. The services are called directly: the routes' budgets would
 * otherwise refuse most posts of a long sequence.
 */
let ctx: TestContext;
let captains: Viewer[];
let teamIds: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  const teams = teamApi(callApi(ctx.app));
  const users = await createUserTuple(ctx.database.db, 3);
  teamIds = [];
  for (const user of users) teamIds.push((await teams.createOk(user))._id);
  captains = users.map((user) => ({ id: user.id, isAdmin: false }));
});
afterAll(async () => ctx?.close());

/**
 * One step: its kind, a random captain `by`, the post or request it names (an index into those made so far), and
 * whether the right captain acts (`proper`: the poster's for accept, decline and take-down, the asker's for
 * withdraw, another team's for ask) or `by`, often the wrong one.
 */
interface Action {
  kind: 'post' | 'ask' | 'remove' | 'withdraw' | 'accept' | 'decline';
  by: number;
  target: number;
  proper: boolean;
}

const action: fc.Arbitrary<Action> = fc.record({
  kind: fc.constantFrom('post', 'post', 'ask', 'ask', 'ask', 'remove', 'withdraw', 'accept', 'accept', 'decline'),
  by: fc.nat({ max: 2 }),
  target: fc.nat({ max: 20 }),
  proper: fc.boolean(),
});

/** What the sequence made: posts and requests with their teams (indexes into `teamIds`). */
interface Made {
  posts: { id: string; team: number }[];
  requests: { id: string; team: number; postTeam: number }[];
}

/** Runs one action; its refusal (a 4xx AppError) is an answer like any other, every other failure is a defect. */
async function run(step: Action, made: Made) {
  const deps = { db: ctx.database.db, notifier: ctx.app.notifier, io: ctx.app.io, lifecycle: ctx.app.boardLifecycle };
  const nth = <T>(rows: T[]) => rows[step.target % Math.max(1, rows.length)];
  const as = (team: number) => captains[team]!;
  try {
    if (step.kind === 'post') {
      const post = await posts.createPost({ deps, viewer: as(step.by), body: postBody(teamIds[step.by]!) });
      made.posts.push({ id: post._id, team: step.by });
      return;
    }
    if (step.kind === 'ask' || step.kind === 'remove') {
      const post = nth(made.posts);
      if (!post) return;
      if (step.kind === 'remove') {
        await posts.deletePost({ deps, viewer: as(step.proper ? post.team : step.by), postId: post.id });
        return;
      }
      const team = step.proper && step.by === post.team ? (step.by + 1) % 3 : step.by;
      const body = { teamId: teamIds[team]! };
      const request = await requests.createRequest({ deps, viewer: as(team), postId: post.id, body });
      made.requests.push({ id: request._id, team, postTeam: post.team });
      return;
    }
    const request = nth(made.requests);
    if (!request) return;
    const actor = step.proper ? (step.kind === 'withdraw' ? request.team : request.postTeam) : step.by;
    const act = {
      withdraw: requests.withdrawRequest,
      accept: requests.acceptRequest,
      decline: requests.declineRequest,
    };
    await act[step.kind]({ deps, viewer: as(actor), requestId: request.id });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode < 400 || error.statusCode >= 500) throw error;
  }
}

it('keeps the board consistent over any sequence of actions', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 40 }), async (actions) => {
      const made: Made = { posts: [], requests: [] };
      for (const step of actions) await run(step, made);
      expect(await boardViolations(ctx.database.db)).toEqual([]);
    }),
    { numRuns: 40 },
  );
  // The sequences reached every outcome, not only refusals.
  const [booked] = await ctx.database.db.select({ n: count() }).from(series);
  const [answered] = await ctx.database.db
    .select({ n: count() })
    .from(scrimRequests)
    .where(inArray(scrimRequests.status, ['declined', 'withdrawn']));
  expect([booked!.n > 0, answered!.n > 0]).toEqual([true, true]);
});
