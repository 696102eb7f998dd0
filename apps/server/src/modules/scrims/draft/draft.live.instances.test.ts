import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type DraftChangePayload } from '@scrim-gym/shared';
import type { TestContext } from '../../../test/app.js';
import { draftApi, draftScrim, startDraft } from '../../../test/draft-api.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../../test/instances.js';
import { callApi } from '../../../test/social.js';
import { connectClient, type TestClient } from '../../../test/socket-client.js';

/**
 * The draft's live state on two instances behind one Redis (the Socket.IO adapter): a lock or a hover made through
 * instance A reaches the scrim's watchers on instance B, each with the copy its side may see. Skipped (loudly)
 * without a Redis.
 */
const redis = await sharedRedis('the draft room on two instances (draft.live.instances.test.ts)', 'draft-live');

let riot: FakeRiot;
let instances: Instances | undefined;
let first: TestContext;
let urlOfSecond: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  if (!redis) return;
  riot = await startFakeRiot();
  instances = await startTwoInstances({ redis, env: { DDRAGON_BASE_URL: riot.url } });
  first = instances.first;
  urlOfSecond = await instances.url(instances.second);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await instances?.close();
  await riot?.close();
});

/** A client of `user` on instance B, watching the scrim's page. */
async function watchOnSecond(user: TestUser, scrimId: string) {
  const client = await connectClient(urlOfSecond, user.token);
  clients.push(client);
  expect((await client.request(SOCKET_EVENTS.joinScrimRoom, scrimId)).ok).toBe(true);
  return client;
}

describe.skipIf(!redis)('draftChange across instances', () => {
  it('a hover on A reaches its side on B only; a lock on A reaches every watcher on B once', async () => {
    const db = instances!.db;
    const api = draftApi(callApi(first.app));
    const { scrim, blue, red } = await draftScrim(db);
    const [blueMate, redDrafter, spectator] = [
      await watchOnSecond(blue[2]!, scrim.id),
      await watchOnSecond(red[0]!, scrim.id),
      await watchOnSecond(await createUser({ db }), scrim.id),
    ];
    await startDraft(api, scrim.id, { blue: blue[0]!, red: red[0]! });

    const hovered = await api.hoverOk(scrim.id, blue[0]!, 'Syndra');
    const live = await blueMate.next<DraftChangePayload>(
      SOCKET_EVENTS.draftChange,
      (e) => e.draft.version === hovered.version,
    );
    expect(live.draft.hovers).toEqual({ [blue[0]!.id]: 'Syndra' });

    const locked = await api.lockOk(scrim.id, blue[0]!, 'Ahri');
    for (const client of [blueMate, redDrafter, spectator]) {
      await client.next<DraftChangePayload>(SOCKET_EVENTS.draftChange, (e) => e.draft.version === locked.version);
      // Events reach a socket in order: anything the hover sent it came before the lock's.
      const ofLock = client
        .all<DraftChangePayload>(SOCKET_EVENTS.draftChange)
        .filter((e) => e.draft.version === locked.version);
      expect(ofLock).toHaveLength(1);
      expect(ofLock[0]!.draft.blue.bans).toEqual(['Ahri']);
    }
    for (const client of [redDrafter, spectator]) {
      expect(JSON.stringify(client.events)).not.toContain('Syndra');
    }
    expect(spectator.all<DraftChangePayload>(SOCKET_EVENTS.draftChange).every((e) => !e.draft.hovers)).toBe(true);
    expect(
      redDrafter.all<DraftChangePayload>(SOCKET_EVENTS.draftChange).every((e) => e.draft.hovers !== undefined),
    ).toBe(true);
  });
});
