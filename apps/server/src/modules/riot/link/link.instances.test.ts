import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.js';
import { bearer, createUser, unique } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import type { TestContext } from '../../../test/app.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { nameSkeleton } from '../../../lib/lookalike.js';
import { linkRiotAccount } from './link.service.js';

/**
 * Two server instances on one database claim one name at once: two Riot accounts with the same game name (other
 * taglines) link through Riot Sign On, one on each instance, while an unverified player types the name in
 * Settings. The name indexes decide: exactly one account holds the name afterwards, a verified one; the other
 * link is name_taken; the typed claim is refused or renamed. On PostgreSQL each instance has its own pool.
 */
let riot: FakeRiot;
let instances: Instances;

beforeAll(async () => {
  riot = await startFakeRiot();
  instances = await startTwoInstances({ env: { RIOT_API_KEY: riot.apiKey, RIOT_API_BASE_URL: riot.url } });
});

afterAll(async () => {
  await instances?.close();
  await riot?.close();
});

/** The link's dependencies on one instance: its own pool, session forgetter, notifier and Riot client. */
const linkDeps = ({ app, database }: TestContext) => ({
  db: database.db,
  sessionForgetter: app.sessionForgetter,
  notifier: app.notifier,
  riot: app.riot,
});

it('two links and a typed claim of one name on two instances: exactly one account holds it, a verified one', async () => {
  const { first, second, db } = instances;
  for (let round = 0; round < 8; round++) {
    const gameName = `Race ${unique().slice(0, 8)}`;
    const accounts = ['NA1', 'NA2'].map((tagLine) =>
      riot.addPlayer({ gameName, tagLine, platform: 'na1', entries: [] }),
    );
    const linkers = [await createUser({ db }), await createUser({ db })];
    const claimer = await createUser({ db });
    linkers.forEach((user, i) => riot.grantAccessToken(`race-${user.id}`, accounts[i]!.puuid));
    const [a, b, claim] = await Promise.allSettled([
      linkRiotAccount({
        deps: linkDeps(first),
        user: linkers[0]!,
        accessToken: `race-${linkers[0]!.id}`,
      }),
      linkRiotAccount({
        deps: linkDeps(second),
        user: linkers[1]!,
        accessToken: `race-${linkers[1]!.id}`,
      }),
      second.app.inject({
        method: 'PUT',
        url: '/api/auth/update-user',
        headers: bearer(claimer.token),
        payload: { name: gameName },
      }),
    ]);
    const links = [a!, b!];
    expect(
      links.filter((r) => r.status === 'fulfilled'),
      `round ${round}`,
    ).toHaveLength(1);
    const refused = links.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, code: 'NAME_TAKEN' });
    expect(claim.status).toBe('fulfilled');
    expect([200, 409]).toContain((claim as PromiseFulfilledResult<{ statusCode: number }>).value.statusCode);

    const holders = await db
      .select({ id: users.id, riotLinkedAt: users.riotLinkedAt })
      .from(users)
      .where(and(eq(users.nameSkeleton, nameSkeleton(gameName)), eq(users.region, 'NA')));
    expect(holders).toHaveLength(1);
    const winner = linkers[links.indexOf(links.find((r) => r.status === 'fulfilled')!)]!;
    expect(holders[0]).toMatchObject({ id: winner.id, riotLinkedAt: expect.any(Date) });
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [claimer.id, ...linkers.map((l) => l.id)]));
    expect(rows.filter((row) => row.name === gameName)).toEqual([{ id: winner.id, name: gameName }]);
  }
});
