import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bans, users } from '../db/schema/index.js';
import { createSession } from './factories.js';
import { startFakeRiot } from './fake-riot.js';
import { startRoleWorld } from './roles.js';
import { fuzzRoute, fuzzSeed, type FuzzActor } from './http-fuzz.js';
import { listApiRoutes } from './openapi-routes.js';

/**
 * Every route of the OpenAPI document, sent `numRuns` hostile requests as a signed-in `actor` (a player or an
 * admin), on the app wired to the local fake Riot. Zero 5xx, every error in the `{error, code}` shape, and
 * nothing written by a rejected request. Top-level setup, so each route is its own test.
 */
export async function describeHttpFuzz({ actor: role, numRuns }: { actor: 'player' | 'admin'; numRuns: number }) {
  const seed = fuzzSeed();
  const riot = await startFakeRiot();
  const { ctx, world, journal } = await startRoleWorld({
    RIOT_API_KEY: riot.apiKey,
    RIOT_API_BASE_URL: riot.url,
    DDRAGON_BASE_URL: riot.url,
    // Riot takes callback URLs on port 443 only.
    PUBLIC_URL: 'https://scrim-gym.test',
  });
  const { app, database } = ctx;
  const db = database.db;
  const routes = listApiRoutes(app);
  const user = world.users[role];
  let token = user.token;
  const actor: FuzzActor = {
    token: () => token,
    async restore() {
      // A fuzzed request may have signed the actor out, banned them or changed their admin flag (admin on self).
      await db.delete(bans).where(and(eq(bans.userId, user.id)));
      await db
        .update(users)
        .set({ isAdmin: role === 'admin' })
        .where(eq(users.id, user.id));
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) token = await createSession({ db, userId: user.id, email: user.email ?? '' });
    },
  };
  let sent = 0;
  const statuses = new Map<number, number>();
  const started = Date.now();
  console.log(`HTTP fuzz as ${role}: ${routes.length} routes, ${numRuns} requests each, FUZZ_SEED=${seed}`);

  afterAll(async () => {
    const tally = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`HTTP fuzz as ${role}: ${sent} requests in ${seconds} s (FUZZ_SEED=${seed}): ${tally}`);
    await ctx.close();
    await riot.close();
  });

  describe(`hostile HTTP requests as ${role} (FUZZ_SEED=${seed})`, () => {
    it('finds the routes in the OpenAPI document', () => {
      expect(routes.length).toBeGreaterThan(50);
    });

    it.each(routes.map((route) => [route.key, route] as const))(
      '%s',
      async (_key, route) => {
        sent += await fuzzRoute({ app, route, pool: { ids: world.ids }, actor, journal, numRuns, seed, statuses });
      },
      60_000,
    );

    it('still answers afterwards', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/scrims/' + world.fullScrim.id,
        headers: { authorization: `Bearer ${world.users.admin.token}` },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect((await app.inject({ method: 'GET', url: '/api/server-status' })).statusCode).toBe(200);
    });
  });
}
