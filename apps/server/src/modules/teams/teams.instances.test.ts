import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEAM_LIMIT_PER_USER } from '@scrim-gym/shared';
import { teamMembers } from '../../db/schema/index.js';
import { startTwoInstances, type Instances } from '../../test/instances.js';
import { callApi } from '../../test/social.js';
import { createUserTuple } from '../../test/scrim-factories.js';
import { teamApi, teamBody } from '../../test/team-api.js';

/**
 * A user on two teams joins a third and a fourth at the same moment, one join on each instance (and, another
 * round, creates a team on one while joining on the other): the user's team lock counts for both, so exactly
 * one succeeds and the other is TEAM_LIMIT, never a fourth team. On PostgreSQL each instance has its own pool.
 */
let instances: Instances;

beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(async () => instances?.close());

const ROUNDS = 6;

it('two joins (or a join and a creation) at once on two instances never put a user on a fourth team', async () => {
  const { first, second, db } = instances;
  const one = teamApi(callApi(first.app));
  const two = teamApi(callApi(second.app));
  for (let round = 0; round < ROUNDS; round++) {
    const [player, ownerA, ownerB] = await createUserTuple(db, 3);
    for (let i = 0; i < TEAM_LIMIT_PER_USER - 1; i++) await one.createOk(player);
    const [teamA, teamB] = [await one.createOk(ownerA), await one.createOk(ownerB)];
    const [inviteA, inviteB] = [await one.inviteOk(teamA._id, ownerA), await one.inviteOk(teamB._id, ownerB)];
    const other = round % 2 === 0 ? two.join(inviteB.token, player) : two.create(player, teamBody());
    const answers = await Promise.all([one.join(inviteA.token, player), other]);
    const outcome = `round ${round}: ${answers.map((res) => `${res.statusCode} ${res.body.slice(0, 120)}`).join(' | ')}`;
    expect(
      answers.filter((res) => res.statusCode < 300),
      outcome,
    ).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode >= 300);
    expect(
      refused.map((res) => [res.statusCode, res.json<{ code: string }>().code]),
      outcome,
    ).toEqual([[409, 'TEAM_LIMIT']]);
    const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.userId, player.id));
    expect(row!.n, `round ${round}`).toBe(TEAM_LIMIT_PER_USER);
  }
});

it('two look-alike tags created at once on two instances: the unique index keeps one, the other is told why', async () => {
  const { first, second } = instances;
  const one = teamApi(callApi(first.app));
  const two = teamApi(callApi(second.app));
  for (let round = 0; round < ROUNDS; round++) {
    const [a, b] = await createUserTuple(instances.db, 2);
    // 'T1' and 'TL' fold to one tag; each round in another region so the rounds do not meet.
    const region = (['NA', 'EUW', 'EUNE', 'LAN', 'OCE', 'KR'] as const)[round]!;
    const answers = await Promise.all([
      one.create(a, teamBody({ tag: 'T1', region })),
      two.create(b, teamBody({ tag: 'TL', region })),
    ]);
    const outcome = `round ${round}: ${answers.map((res) => `${res.statusCode} ${res.body.slice(0, 120)}`).join(' | ')}`;
    expect(answers.map((res) => res.statusCode).sort(), outcome).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json(), outcome).toMatchObject({ code: 'TEAM_TAG_TAKEN' });
  }
});
