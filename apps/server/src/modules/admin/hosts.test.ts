import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MESSAGES, type Activity, type AuthState, type CommunityHost } from '@scrim-gym/shared';
import { auditLog, communityHosts } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { hostApi, makeHost } from '../../test/hosts.js';
import { expectError } from '../../test/scrim-api.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin({ db: db() });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const api = () => hostApi(ctx.app);

/** Everything a grant or revoke could write. */
async function writes() {
  return {
    hosts: await db().select().from(communityHosts).orderBy(communityHosts.userId, communityHosts.region),
    audit: (await db().select({ n: count() }).from(auditLog))[0]!.n,
  };
}

/** The regions the session of `user` answers (GET /api/auth/session, as the web reads it). */
async function sessionRegions(user: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthState>().user!.hostRegions;
}

const auditOf = (userId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetUserId, userId)).orderBy(auditLog.createdAt, auditLog.id);

describe('who may grant, revoke and list community hosts', () => {
  it('nobody without a session (401), and no player, banned user or host (403): nothing written', async () => {
    const [player, banned, host, target] = await Promise.all([
      createUser({ db: db() }),
      createBannedUser({ db: db() }),
      createUser({ db: db() }),
      createUser({ db: db() }),
    ]);
    await makeHost(ctx.app, admin.token, host.id);
    const before = await writes();
    for (const res of [
      await api().list(),
      await api().grant({ userId: target.id, region: 'NA' }),
      await api().revoke(host.id),
    ]) {
      expectError(res, 401, 'UNAUTHORIZED');
    }
    for (const caller of [player, host]) {
      expectError(await api().list(caller.token), 403, 'FORBIDDEN', MESSAGES.adminOnly);
      expectError(await api().grant({ userId: target.id, region: 'NA' }, caller.token), 403, 'FORBIDDEN');
      expectError(await api().revoke(host.id, caller.token), 403, 'FORBIDDEN');
    }
    // A host cannot grant themselves another region either.
    expectError(await api().grant({ userId: host.id, region: 'EUW' }, host.token), 403, 'FORBIDDEN');
    expectError(await api().grant({ userId: target.id, region: 'NA' }, banned.token), 403, 'BANNED');
    expect(await writes()).toEqual(before);
  });

  it('bad input is a 400 with the field named, nothing written', async () => {
    const target = await createUser({ db: db() });
    const before = await writes();
    const cases = [
      { userId: 'not-a-uuid', region: 'NA' },
      { userId: target.id, region: 'Mars' },
      { userId: target.id },
      { region: 'NA' },
      {},
    ];
    for (const body of cases) expectError(await api().grant(body, admin.token), 400, 'VALIDATION');
    expectError(await api().revoke('not-a-uuid', admin.token), 400, 'VALIDATION');
    expectError(await api().revoke(target.id, admin.token, 'Mars'), 400, 'VALIDATION');
    expect(await writes()).toEqual(before);
  });
});

describe('POST /api/admin/hosts', () => {
  it("grants a region: the answer, the audit row, the user's session and the list all show it", async () => {
    const host = await createUser({ db: db() });
    // Cached on this instance before the grant: the grant must make it forget.
    expect(await sessionRegions(host)).toEqual([]);
    const granted = await makeHost(ctx.app, admin.token, host.id, 'EUW');
    expect(granted).toEqual<CommunityHost>({
      user: expect.objectContaining({ _id: host.id, name: host.name, summonerTagline: host.summonerTagline }),
      regions: ['EUW'],
    });
    expect(await sessionRegions(host)).toEqual(['EUW']);
    expect((await makeHost(ctx.app, admin.token, host.id, 'NA')).regions).toEqual(['NA', 'EUW']);
    expect(await sessionRegions(host)).toEqual(['NA', 'EUW']);

    const audit = await auditOf(host.id);
    expect(audit.map((a) => [a.actorId, a.action, a.details])).toEqual([
      [admin.id, 'host.grant', { region: 'EUW' }],
      [admin.id, 'host.grant', { region: 'NA' }],
    ]);
    const list = await api().list(admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json<CommunityHost[]>().find((h) => h.user._id === host.id)?.regions).toEqual(['NA', 'EUW']);

    const activities = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/recent-activities',
      headers: bearer(admin.token),
    });
    expect(activities.json<Activity[]>().map((a) => a.description)).toContain(
      `${admin.name} made ${host.name} a community host of NA`,
    );
  });

  it("a host's sign-in answers the regions they host", async () => {
    const host = await createUser({ db: db() });
    await makeHost(ctx.app, admin.token, host.id, 'OCE');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: host.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AuthState>().user!.hostRegions).toEqual(['OCE']);
  });

  it('refuses a host of that region already (409), an unknown or deleted user (404), a banned user (409)', async () => {
    const [host, banned, leaving] = await Promise.all([
      createUser({ db: db() }),
      createBannedUser({ db: db() }),
      createUser({ db: db() }),
    ]);
    await makeHost(ctx.app, admin.token, host.id);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(leaving.token),
      payload: { confirmation: leaving.name },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const before = await writes();
    expectError(
      await api().grant({ userId: host.id, region: 'NA' }, admin.token),
      409,
      'ALREADY_HOST',
      ADMIN_MESSAGES.alreadyHost('NA'),
    );
    for (const userId of [randomUUID(), leaving.id]) {
      expectError(
        await api().grant({ userId, region: 'NA' }, admin.token),
        404,
        'USER_NOT_FOUND',
        ADMIN_MESSAGES.userNotFound,
      );
    }
    expectError(
      await api().grant({ userId: banned.id, region: 'NA' }, admin.token),
      409,
      'USER_BANNED',
      ADMIN_MESSAGES.bannedCannotHost,
    );
    expect(await writes()).toEqual(before);
  });
});

describe('DELETE /api/admin/hosts/:userId', () => {
  it('revokes one region with ?region=, then every region; the session follows at once', async () => {
    const host = await createUser({ db: db() });
    await makeHost(ctx.app, admin.token, host.id, 'NA');
    await makeHost(ctx.app, admin.token, host.id, 'EUW');
    await makeHost(ctx.app, admin.token, host.id, 'OCE');
    expect(await sessionRegions(host)).toEqual(['NA', 'EUW', 'OCE']);

    const one = await api().revoke(host.id, admin.token, 'EUW');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<CommunityHost>().regions).toEqual(['NA', 'OCE']);
    expect(await sessionRegions(host)).toEqual(['NA', 'OCE']);

    const all = await api().revoke(host.id, admin.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<CommunityHost>().regions).toEqual([]);
    expect(await sessionRegions(host)).toEqual([]);
    expect((await api().list(admin.token)).json<CommunityHost[]>().some((h) => h.user._id === host.id)).toBe(false);

    // One row per region revoked (the last two in one transaction: the same instant).
    const revoked = (await auditOf(host.id)).filter((a) => a.action === 'host.revoke');
    expect(revoked.map((a) => a.actorId)).toEqual([admin.id, admin.id, admin.id]);
    expect(revoked[0]!.details).toEqual({ region: 'EUW' });
    expect(
      revoked
        .slice(1)
        .map((a) => (a.details as { region: string }).region)
        .sort(),
    ).toEqual(['NA', 'OCE']);
  });

  it('a user who hosts none of it is a 404, as is an unknown user: nothing written', async () => {
    const [host, player] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    await makeHost(ctx.app, admin.token, host.id, 'NA');
    const before = await writes();
    expectError(await api().revoke(player.id, admin.token), 404, 'NOT_A_HOST', ADMIN_MESSAGES.notAHost);
    expectError(await api().revoke(host.id, admin.token, 'EUW'), 404, 'NOT_A_HOST', ADMIN_MESSAGES.notAHostOf('EUW'));
    expectError(await api().revoke(randomUUID(), admin.token), 404, 'USER_NOT_FOUND');
    expect(await writes()).toEqual(before);
  });
});
