import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_RIOT_PLAYERS, createVirtualClock, startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { createRiotClient } from './client.js';
import { RiotError } from './errors.js';

/** The Riot client's calls for a linked account: accounts/me with an RSO token, by PUUID, and fresh reads. */

let fake: FakeRiot;
const [tester, , euwPlayer] = FAKE_RIOT_PLAYERS;

beforeAll(async () => {
  fake = await startFakeRiot();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const clientOnFake = (apiKey: string | undefined = fake.apiKey) => {
  const clock = createVirtualClock();
  return createRiotClient({ apiKey, baseUrl: fake.url, sleep: clock.sleep, now: clock.now });
};

describe('account-v1 accounts/me (Riot Sign On)', () => {
  it('sends the access token as Bearer, never the API key, on the account cluster of the region', async () => {
    fake.grantAccessToken('rso-token-1', euwPlayer!.puuid);
    const account = await clientOnFake().getAccountByAccessToken({ accessToken: 'rso-token-1', region: 'EUW' });
    expect(account).toEqual({ puuid: euwPlayer!.puuid, gameName: 'Rift Walker', tagLine: 'EUW' });
    const [request] = fake.apiRequests();
    expect(request).toMatchObject({ path: '/riot/account/v1/accounts/me', routing: 'europe', status: 200 });
    expect(request!.headers.authorization).toBe('Bearer rso-token-1');
    expect(request!.headers['x-riot-token']).toBeUndefined();
  });

  it('works without an API key (the token is the credential), and is never cached', async () => {
    fake.grantAccessToken('rso-token-2', tester!.puuid);
    const client = clientOnFake(undefined);
    await client.getAccountByAccessToken({ accessToken: 'rso-token-2' });
    await client.getAccountByAccessToken({ accessToken: 'rso-token-2' });
    expect(fake.apiRequests()).toHaveLength(2);
  });

  it('an unknown token is Riot 401: kind unauthorized', async () => {
    const error = await clientOnFake()
      .getAccountByAccessToken({ accessToken: 'nobody' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RiotError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
  });
});

describe('reads of a linked account', () => {
  it('account-v1 by PUUID gives the current Riot ID', async () => {
    const account = await clientOnFake().getAccountByPuuid({ puuid: tester!.puuid, region: 'NA' });
    expect(account).toEqual({ puuid: tester!.puuid, gameName: 'Scrim Tester', tagLine: 'NA1' });
    expect(fake.apiRequests()[0]).toMatchObject({ routing: 'americas' });
  });

  it('fresh reads skip the cache and refill it; cached reads do not ask again', async () => {
    const player = fake.addPlayer({ gameName: 'Fresh Read', tagLine: 'NA1', entries: [] });
    const client = clientOnFake();
    expect(await client.getLeagueEntries({ puuid: player.puuid, region: 'NA' })).toEqual([]);
    player.entries = [{ queueType: 'RANKED_SOLO_5x5', tier: 'GOLD', rank: 'I', leaguePoints: 1, wins: 1, losses: 1 }];
    expect(await client.getLeagueEntries({ puuid: player.puuid, region: 'NA' })).toEqual([]);
    const fresh = await client.getLeagueEntries({ puuid: player.puuid, region: 'NA', fresh: true });
    expect(fresh).toMatchObject([{ tier: 'GOLD', rank: 'I' }]);
    // The fresh answer is what the cache holds now.
    expect(await client.getLeagueEntries({ puuid: player.puuid, region: 'NA' })).toMatchObject([{ tier: 'GOLD' }]);
    expect(fake.apiRequests()).toHaveLength(2);
  });
});
