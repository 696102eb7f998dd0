import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { scrimPosts, scrimRequests, series } from '../../db/schema/index.js';
import { boardApi, boardViolations, postBody } from '../../test/board-api.js';
import type { TestUser } from '../../test/factories.js';
import { startTwoInstances, type Instances } from '../../test/instances.js';
import { createUserTuple } from '../../test/scrim-factories.js';
import { callApi } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';

/**
 * Accepting races, one call on each of two instances (on PostgreSQL each has its own pool): two captains accept two
 * requests of one post, a captain accepts while the asking team withdraws, a captain accepts while another takes
 * the post down. Every writer locks the post's row first, so exactly one wins and the tables stay consistent.
 */
let instances: Instances;

beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(async () => instances?.close());

const ROUNDS = 5;
const outcome = (answers: LightMyRequestResponse[]) =>
  answers.map((res) => `${res.statusCode} ${res.body.slice(0, 120)}`).join(' | ');
const codeOf = (res: LightMyRequestResponse) => (res.statusCode >= 400 ? res.json<{ code: string }>().code : null);

/** A post of a team with two captains, and an open request of each of two other teams. */
async function contestedPost() {
  const { first, db } = instances;
  const teams = teamApi(callApi(first.app));
  const board = boardApi(callApi(first.app));
  const [captain, coCaptain, askerA, askerB] = await createUserTuple(db, 4);
  const poster = await teams.createOk(captain);
  await teams.joinOk(poster._id, captain, coCaptain);
  await teams.setMember(poster._id, coCaptain.id, captain, { role: 'Mid', isCaptain: true });
  const post = await board.postOk(captain, postBody(poster._id));
  const requests = [];
  for (const asker of [askerA, askerB] as TestUser[]) {
    const team = await teams.createOk(asker);
    requests.push({ asker, request: await board.askOk(post._id, asker, team._id) });
  }
  return { captain, coCaptain, post, requests };
}

async function stateOf(postId: string) {
  const { db } = instances;
  const [post] = await db.select().from(scrimPosts).where(eq(scrimPosts.id, postId));
  const requests = await db.select().from(scrimRequests).where(eq(scrimRequests.postId, postId));
  const booked = await db.select().from(series).where(eq(series.postId, postId));
  return { status: post!.status, requests: new Map(requests.map((r) => [r.id, r.status])), series: booked.length };
}

it('two captains accepting two requests of one post at once, on two instances, book exactly one series', async () => {
  const one = boardApi(callApi(instances.first.app));
  const two = boardApi(callApi(instances.second.app));
  for (let round = 0; round < ROUNDS; round++) {
    const { captain, coCaptain, post, requests } = await contestedPost();
    const [a, b] = requests.map((r) => r.request._id) as [string, string];
    const answers = await Promise.all([one.accept(a, captain), two.accept(b, coCaptain)]);
    const seen = `round ${round}: ${outcome(answers)}`;
    expect(answers.map((res) => res.statusCode).sort(), seen).toEqual([200, 409]);
    expect(answers.map(codeOf).filter(Boolean), seen).toEqual(['SCRIM_POST_CLOSED']);
    const won = answers[0]!.statusCode === 200 ? a : b;
    const state = await stateOf(post._id);
    expect(state.series, seen).toBe(1);
    expect(state.status, seen).toBe('closed');
    expect(state.requests, seen).toEqual(
      new Map([
        [a, a === won ? 'accepted' : 'declined'],
        [b, b === won ? 'accepted' : 'declined'],
      ]),
    );
  }
  expect(await boardViolations(instances.db)).toEqual([]);
});

it('accepting while the asking team withdraws: one of the two happens, never both', async () => {
  const one = boardApi(callApi(instances.first.app));
  const two = boardApi(callApi(instances.second.app));
  for (let round = 0; round < ROUNDS; round++) {
    const { captain, post, requests } = await contestedPost();
    const { asker, request } = requests[0]!;
    const [accepted, withdrawn] = await Promise.all([
      one.accept(request._id, captain),
      two.withdraw(request._id, asker),
    ]);
    const seen = `round ${round}: ${outcome([accepted, withdrawn])}`;
    const state = await stateOf(post._id);
    if (accepted.statusCode === 200) {
      expect([withdrawn.statusCode, codeOf(withdrawn)], seen).toEqual([409, 'SCRIM_REQUEST_CLOSED']);
      expect([state.status, state.series, state.requests.get(request._id)], seen).toEqual(['closed', 1, 'accepted']);
    } else {
      expect([accepted.statusCode, codeOf(accepted), withdrawn.statusCode], seen).toEqual([
        409,
        'SCRIM_REQUEST_CLOSED',
        204,
      ]);
      expect([state.status, state.series, state.requests.get(request._id)], seen).toEqual(['open', 0, 'withdrawn']);
    }
  }
  expect(await boardViolations(instances.db)).toEqual([]);
});

it('accepting while another captain takes the post down: one of the two happens, never both', async () => {
  const one = boardApi(callApi(instances.first.app));
  const two = boardApi(callApi(instances.second.app));
  for (let round = 0; round < ROUNDS; round++) {
    const { captain, coCaptain, post, requests } = await contestedPost();
    const { request } = requests[0]!;
    const [accepted, removed] = await Promise.all([
      one.accept(request._id, captain),
      two.removePost(post._id, coCaptain),
    ]);
    const seen = `round ${round}: ${outcome([accepted, removed])}`;
    const state = await stateOf(post._id);
    if (accepted.statusCode === 200) {
      expect([removed.statusCode, codeOf(removed)], seen).toEqual([409, 'SCRIM_POST_CLOSED']);
      expect([state.status, state.series], seen).toEqual(['closed', 1]);
    } else {
      expect([accepted.statusCode, codeOf(accepted), removed.statusCode], seen).toEqual([
        409,
        'SCRIM_POST_CLOSED',
        204,
      ]);
      expect([state.status, state.series, [...state.requests.values()]], seen).toEqual([
        'deleted',
        0,
        ['declined', 'declined'],
      ]);
    }
  }
  expect(await boardViolations(instances.db)).toEqual([]);
});

it("accepting while the poster's owner deletes the team: one of the two happens, never a deadlock", async () => {
  const one = boardApi(callApi(instances.first.app));
  const teams = teamApi(callApi(instances.second.app));
  for (let round = 0; round < ROUNDS; round++) {
    const { captain, coCaptain, post, requests } = await contestedPost();
    const { request } = requests[0]!;
    const [accepted, deleted] = await Promise.all([
      one.accept(request._id, coCaptain),
      teams.remove(post.team._id, captain),
    ]);
    const seen = `round ${round}: ${outcome([accepted, deleted])}`;
    const booked = await instances.db.select().from(series).where(eq(series.postId, post._id));
    if (accepted.statusCode === 200) {
      expect([deleted.statusCode, codeOf(deleted), booked.length], seen).toEqual([409, 'SERIES_SCHEDULED', 1]);
    } else {
      expect([accepted.statusCode, codeOf(accepted), deleted.statusCode, booked.length], seen).toEqual([
        404,
        'SCRIM_REQUEST_NOT_FOUND',
        204,
        0,
      ]);
    }
  }
  expect(await boardViolations(instances.db)).toEqual([]);
});
