import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthState, Scrim } from '@scrim-gym/shared';
import { SESSIONS_FORGET_EVENT } from '../auth/session-cache.js';
import type { TestContext } from '../../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { hostApi, makeHost } from '../../test/hosts.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../test/instances.js';
import { editBody, scrimApi } from '../../test/scrim-api.js';
import { createScrim } from '../../test/scrim-factories.js';
import { connectClient } from '../../test/socket-client.js';

/**
 * A grant or revoke on one instance holds on the other at its very next request, though that one had the host's
 * session in its cache (the default 5 s): every instance forgets the user's sessions before the answer. The
 * host's sockets on the other instance join or leave their host rooms through the adapter.
 */
const redis = await sharedRedis('the community host tests across instances (hosts.instances.test.ts)', 'hosts-test');
const withRedis = redis !== null;

let instances: Instances;
let first: TestContext;
let second: TestContext;
let admin: TestUser;

beforeAll(async () => {
  if (!redis) return;
  instances = await startTwoInstances({ redis });
  ({ first, second } = instances);
  admin = await createAdmin({ db: instances.db });
  // Until the instances hear each other (their adapters' subscriptions are in place).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answers = await first.app.io.serverSideEmitWithAck(SESSIONS_FORGET_EVENT, { userIds: [] }).catch(() => []);
    if (answers.length === 1) break;
    if (Date.now() > deadline) throw new Error('the two instances do not hear each other through Redis');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  if (!withRedis) return;
  await instances.close();
});

const editOn = (ctx: TestContext, user: TestUser, scrim: Awaited<ReturnType<typeof createScrim>>) =>
  scrimApi(ctx.app).call('PUT', `/api/scrims/${scrim.id}`, { token: user.token, payload: editBody(scrim) });

async function regionsOn(ctx: TestContext, user: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(user.token) });
  return res.json<AuthState>().user!.hostRegions;
}

describe.skipIf(!withRedis)('community hosts across instances', () => {
  it('a revoke on one instance: the host is refused on the other at once', async () => {
    const host = await createUser({ db: instances.db });
    await makeHost(first.app, admin.token, host.id);
    const scrim = await createScrim({ db: instances.db, createdBy: host.id, hostedBy: host.id });
    // The second instance runs (and caches) the host's session.
    expect((await editOn(second, host, scrim)).statusCode).toBe(200);
    expect(await regionsOn(second, host)).toEqual(['NA']);

    expect((await hostApi(first.app).revoke(host.id, admin.token)).statusCode).toBe(200);
    const refused = await editOn(second, host, scrim);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await regionsOn(second, host)).toEqual([]);
  });

  it("a grant on one instance: the other lets the new host create at once, and their socket there gets their scrims' lobby", async () => {
    const host = await createUser({ db: instances.db });
    expect(await regionsOn(second, host)).toEqual([]);
    const client = await connectClient(await instances.url(second), host.token);
    try {
      await makeHost(first.app, admin.token, host.id, 'EUW');
      const created = await scrimApi(second.app).call('POST', '/api/scrims', {
        token: host.token,
        payload: {
          title: 'Fresh host',
          region: 'EUW',
          gameStartTime: new Date(Date.now() + 86_400_000).toISOString(),
          isPrivate: false,
          isWithCasters: false,
          maxCastersAllowedCount: 0,
          lobbyPassword: 'secret12',
          teamWon: null,
          useTournamentCode: false,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const scrim = created.json<Scrim>();
      expect(scrim.hostedBy?._id).toBe(host.id);

      // An admin's change on the first instance reaches the host's socket on the second, with the lobby.
      const from = client.events.length;
      const edited = await scrimApi(first.app).call('PUT', `/api/scrims/${scrim._id}`, {
        token: admin.token,
        payload: {
          title: 'Changed by an admin',
          region: 'EUW',
          gameStartTime: scrim.gameStartTime,
          isPrivate: false,
          isWithCasters: false,
          maxCastersAllowedCount: 0,
          lobbyName: scrim.lobbyName,
          lobbyPassword: 'secret12',
          lobbyHost: 'keep',
          teamWon: null,
          useTournamentCode: false,
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const update = await client.next<Scrim>(
        'getScrimTransaction',
        (s) => s._id === scrim._id && s.title === 'Changed by an admin',
        from,
      );
      expect(update.lobbyPassword).toBe('secret12');
    } finally {
      client.close();
    }
  });
});
