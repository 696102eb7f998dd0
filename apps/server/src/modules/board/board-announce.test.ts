import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCED_POSTS_PER_WINDOW, BOARD_MESSAGES } from '@scrim-gym/shared';
import { scrimPosts } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, postBody } from '../../test/board-api.js';
import { createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { callApi, expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { teamApi, teamBody } from '../../test/team-api.js';

/**
 * A post announced on the region's Discord channel (`announce` on POST /api/scrim-posts): off unless asked, and a
 * budget so that no captain turns the region's channel into their team's billboard: one announced post open per
 * team, and at most ANNOUNCED_POSTS_PER_WINDOW a day per team and per captain, those taken down included.
 */
let ctx: TestContext;
let api: ReturnType<typeof boardApi>;
let teams: ReturnType<typeof teamApi>;
const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  api = boardApi(callApi(ctx.app));
  teams = teamApi(callApi(ctx.app));
});
afterAll(async () => ctx?.close());

/** A team of a fresh captain (its owner) and a second captain. */
async function newTeam() {
  const [captain, second] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
  const team = await teams.createOk(captain, teamBody());
  await teams.joinOk(team._id, captain, second);
  expectStatus(await teams.setMember(team._id, second.id, captain, { role: 'Mid', isCaptain: true }), 200);
  return { id: team._id, captain, second };
}

const announcedOf = async (teamId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(scrimPosts)
      .where(and(eq(scrimPosts.teamId, teamId), eq(scrimPosts.announce, true)))
  )[0]!.n;
const postsOf = async (teamId: string) =>
  (await db().select({ n: count() }).from(scrimPosts).where(eq(scrimPosts.teamId, teamId)))[0]!.n;

describe('POST /api/scrim-posts {announce}', () => {
  it('is off unless the poster asks; true is stored', async () => {
    const team = await newTeam();
    const quiet = await api.postOk(team.captain, postBody(team.id));
    const loud = await api.postOk(team.captain, postBody(team.id, { announce: true }));
    const rows = await db().select({ id: scrimPosts.id, announce: scrimPosts.announce }).from(scrimPosts);
    expect(rows.find((row) => row.id === quiet._id)?.announce).toBe(false);
    expect(rows.find((row) => row.id === loud._id)?.announce).toBe(true);
  });

  it('refuses no session, a banned user and a value that is not a boolean, writing nothing', async () => {
    const team = await newTeam();
    const banned: TestUser = await createBannedUser({ db: db() });
    expectNoSession(await api.post(undefined, postBody(team.id, { announce: true })));
    expectBanned(await api.post(banned, postBody(team.id, { announce: true })));
    for (const announce of ['yes', 1, null]) {
      const res = await api.post(team.captain, { ...postBody(team.id), announce });
      expectValidation(res);
      expect(res.body).toContain(BOARD_MESSAGES.announceInvalid);
    }
    expect(await postsOf(team.id)).toBe(0);
  });

  it('a member who does not captain the team, and a captain of another team, cannot announce for it', async () => {
    const [team, other] = await Promise.all([newTeam(), newTeam()]);
    const member = await createUser({ db: db() });
    await teams.joinOk(team.id, team.captain, member);
    expectError(await api.post(member, postBody(team.id, { announce: true })), 403);
    expectError(await api.post(other.captain, postBody(team.id, { announce: true })), 403);
    expect(await postsOf(team.id)).toBe(0);
  });

  it('one announced post open per team: a second is refused (409) for every captain, a quiet one is not', async () => {
    const team = await newTeam();
    const first = await api.postOk(team.captain, postBody(team.id, { announce: true }));
    for (const captain of [team.captain, team.second]) {
      expectError(
        await api.post(
          captain,
          postBody(team.id, { announce: true, startsAt: new Date(Date.now() + 48 * HOUR).toISOString() }),
        ),
        409,
        'ANNOUNCED_POST_OPEN',
        BOARD_MESSAGES.announcedPostOpen,
      );
    }
    await api.postOk(team.second, postBody(team.id));
    expect(await announcedOf(team.id)).toBe(1);
    // Once it is taken down, the team may announce another.
    expect((await api.removePost(first._id, team.captain)).statusCode).toBe(204);
    await api.postOk(team.second, postBody(team.id, { announce: true }));
    expect(await announcedOf(team.id)).toBe(2);
  });

  it(`at most ${ANNOUNCED_POSTS_PER_WINDOW} announced posts a day per team and per captain, taken down ones included`, async () => {
    const [team, other] = await Promise.all([newTeam(), newTeam()]);
    for (let i = 0; i < ANNOUNCED_POSTS_PER_WINDOW; i++) {
      const post = await api.postOk(team.captain, postBody(team.id, { announce: true }));
      expect((await api.removePost(post._id, team.captain)).statusCode).toBe(204);
    }
    const refused = (res: Awaited<ReturnType<typeof api.post>>) =>
      expectError(res, 409, 'ANNOUNCE_LIMIT', BOARD_MESSAGES.announceLimit);
    // The team's budget binds its other captain…
    refused(await api.post(team.second, postBody(team.id, { announce: true })));
    // …and the captain's binds them on another team they captain.
    await teams.joinOk(other.id, other.captain, team.captain);
    expectStatus(
      await teams.setMember(other.id, team.captain.id, other.captain, { role: 'Top', isCaptain: true }),
      200,
    );
    refused(await api.post(team.captain, postBody(other.id, { announce: true })));
    expect(await announcedOf(team.id)).toBe(ANNOUNCED_POSTS_PER_WINDOW);
    expect(await announcedOf(other.id)).toBe(0);
    // The other team's own captain still may; and anyone may post without announcing.
    await api.postOk(other.captain, postBody(other.id, { announce: true }));
    await api.postOk(team.captain, postBody(team.id));
    // A day later the budget is back.
    await db()
      .update(scrimPosts)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(scrimPosts.teamId, team.id));
    await api.postOk(team.second, postBody(team.id, { announce: true }));
  });

  it('two captains announcing for one team at once: one post is announced, the other refused', async () => {
    const team = await newTeam();
    const results = await Promise.all(
      [team.captain, team.second].map((captain) => api.post(captain, postBody(team.id, { announce: true }))),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await announcedOf(team.id)).toBe(1);
  });
});
