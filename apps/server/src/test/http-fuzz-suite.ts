import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans, scrimParticipants, scrims, users } from '../db/schema/index.js';
import { bearer, createSession } from './factories.js';
import { startFakeRiot } from './fake-riot.js';
import { startRoleWorld, type RoleWorld } from './roles.js';
import { fuzzRoute, fuzzSeed, type FuzzActor } from './http-fuzz.js';
import { listApiRoutes, type ApiRoute } from './openapi-routes.js';
import type { TestContext } from './app.js';

/** One pass of the suite: hostile requests as `role`, `numRuns` per route, to the routes `routes` keeps. */
export interface FuzzPass {
  role: 'player' | 'admin' | 'host';
  numRuns: number;
  routes?: (route: ApiRoute) => boolean;
}

/**
 * The routes where a community host's powers differ from a player's: what writes to scrims and the admin tools.
 * The host pass sends them its requests with ids of its own scrim (hostedScrim) and of another region's
 * (foreignScrim) from the pool.
 */
export const hostPowers = (route: ApiRoute) => route.method !== 'GET' && /^\/api\/(scrims|admin)\//.test(route.path);

/**
 * Every route of the OpenAPI document (or those a pass keeps), sent `numRuns` hostile requests per pass as a
 * signed-in player, admin or community host of NA, on the app wired to the local fake Riot. Zero 5xx, every
 * error in the `{error, code}` shape, nothing written by a rejected request; and whatever the host is answered,
 * another region's scrim (foreignScrim) keeps its settings, its result and its player. Top-level setup, so each
 * route is its own test.
 */
export async function describeHttpFuzz({ passes }: { passes: FuzzPass[] }) {
  const seed = fuzzSeed();
  const riot = await startFakeRiot();
  const { ctx, world, journal } = await startRoleWorld({
    RIOT_API_KEY: riot.apiKey,
    RIOT_API_BASE_URL: riot.url,
    DDRAGON_BASE_URL: riot.url,
    // Riot takes callback URLs on port 443 only.
    PUBLIC_URL: 'https://scrim-gym.test',
  });
  const { app } = ctx;
  const routes = listApiRoutes(app);
  let sent = 0;
  const statuses = new Map<number, number>();
  const started = Date.now();
  const roles = passes.map((p) => p.role).join(' and ');
  console.log(`HTTP fuzz as ${roles}: ${routes.length} routes, FUZZ_SEED=${seed}`);

  afterAll(async () => {
    const tally = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`HTTP fuzz as ${roles}: ${sent} requests in ${seconds} s (FUZZ_SEED=${seed}): ${tally}`);
    await ctx.close();
    await riot.close();
  });

  it('finds the routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  // The host's few requests name the scrims it acts on (its own, another region's) and their players.
  const hostPool = [
    world.hostedScrim.id,
    world.foreignScrim.id,
    world.foreignPlayerId,
    world.users.otherPlayer.id,
    world.users.host.id,
  ];
  for (const pass of passes) {
    const actor = fuzzActor(ctx, world, pass.role);
    const kept = routes.filter(pass.routes ?? (() => true));
    describe(`hostile HTTP requests as ${pass.role} (FUZZ_SEED=${seed})`, () => {
      // An earlier pass (an admin's) may have signed the actor out or revoked the host's region.
      beforeAll(() => actor.restore());

      it.each(kept.map((route) => [route.key, route] as const))(
        '%s',
        async (_key, route) => {
          const watch = pass.role === 'host' ? await foreignScrimOf(ctx, world) : null;
          const guarded: FuzzActor = watch
            ? {
                ...actor,
                async invariant() {
                  const now = await foreignScrimOf(ctx, world);
                  return JSON.stringify(now) === JSON.stringify(watch)
                    ? null
                    : `changed another region's scrim: ${JSON.stringify(watch)} → ${JSON.stringify(now)}`;
                },
              }
            : actor;
          const numRuns = pass.numRuns;
          sent += await fuzzRoute({
            app,
            route,
            pool: { ids: pass.role === 'host' ? hostPool : world.ids },
            actor: guarded,
            journal,
            numRuns,
            seed,
            statuses,
          });
        },
        60_000,
      );
    });
  }

  it('still answers afterwards', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/scrims/' + world.fullScrim.id,
      headers: { authorization: `Bearer ${world.users.admin.token}` },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect((await app.inject({ method: 'GET', url: '/api/server-status' })).statusCode).toBe(200);
  });
}

/** The actor of a pass: its session, and how it is made whole again after a request that changed it. */
function fuzzActor(
  ctx: TestContext,
  world: RoleWorld,
  role: FuzzPass['role'],
): FuzzActor & { restore(): Promise<void> } {
  const { app } = ctx;
  const db = ctx.database.db;
  const user = world.users[role];
  let token = user.token;
  return {
    token: () => token,
    async restore() {
      // A fuzzed request may have signed the actor out, banned them or changed their admin flag (admin on self).
      await db.delete(bans).where(and(eq(bans.userId, user.id)));
      await db
        .update(users)
        .set({ isAdmin: role === 'admin' })
        .where(eq(users.id, user.id));
      const res = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
      if (res.statusCode !== 200) token = await createSession({ db, userId: user.id, email: user.email ?? '' });
      if (role === 'host') {
        // Granted through the API, so every cached session of the host learns the region again.
        const admin = await createSession({ db, userId: world.users.admin.id, email: world.users.admin.email ?? '' });
        await db.update(users).set({ isAdmin: true }).where(eq(users.id, world.users.admin.id));
        await app.inject({
          method: 'POST',
          url: '/api/admin/hosts',
          headers: bearer(admin),
          payload: { userId: user.id, region: 'NA' },
        });
      }
    },
  };
}

/** What a host of NA must never change in another region's scrim: its settings, its result, its player's place. */
async function foreignScrimOf(ctx: TestContext, world: RoleWorld) {
  const db = ctx.database.db;
  const [scrim] = await db
    .select({
      title: scrims.title,
      region: scrims.region,
      gameStartTime: scrims.gameStartTime,
      isPrivate: scrims.isPrivate,
      lobbyPassword: scrims.lobbyPassword,
      teamWon: scrims.teamWon,
      resultStatus: scrims.resultStatus,
      cancelledAt: scrims.cancelledAt,
      hostedBy: scrims.hostedBy,
    })
    .from(scrims)
    .where(eq(scrims.id, world.foreignScrim.id));
  const place = await db
    .select({ kind: scrimParticipants.kind, team: scrimParticipants.team, role: scrimParticipants.role })
    .from(scrimParticipants)
    .where(
      and(eq(scrimParticipants.scrimId, world.foreignScrim.id), eq(scrimParticipants.userId, world.foreignPlayerId)),
    );
  return { scrim: scrim ?? null, place };
}
