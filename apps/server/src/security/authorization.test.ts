import { afterAll, describe, expect, it } from 'vitest';
import { SCRIM_ABILITIES, type ScrimAbilities, type ScrimAbility } from '@scrim-gym/shared';
import { createTestApp } from '../test/app.js';
import {
  AUTHORIZATION_CASES,
  AUTHORIZATION_TABLE,
  type Outcome,
  type RouteCase,
  type RouteRule,
} from '../test/authorization-table.js';
import { bearer } from '../test/factories.js';
import { startFakeRiot } from '../test/fake-riot.js';
import { createRoleWorld, ROLES, type RoleName, type RoleWorld } from '../test/roles.js';
import { listApiRoutes, routeUrl, type ApiRoute } from '../test/openapi-routes.js';
import { installWriteJournal } from '../test/write-journal.js';

/**
 * The authorization matrix: every route of the OpenAPI document, called by every role with one valid request,
 * answers what `test/authorization-table.ts` declares; a refused call writes nothing. A new route fails here
 * until someone declares who may call it. The table's cases (a second request of a route) are walked the same way.
 */
const riot = await startFakeRiot();
const ctx = await createTestApp({
  RIOT_API_KEY: riot.apiKey,
  RIOT_API_BASE_URL: riot.url,
  DDRAGON_BASE_URL: riot.url,
  // Riot takes callback URLs on port 443 only.
  PUBLIC_URL: 'https://scrim-gym.test',
  // An undone logout or ban brings rows back behind the session cache's back: every request reads them afresh.
  SESSION_CACHE_TTL_MS: '0',
});
const db = ctx.database.db;
const journal = await installWriteJournal(db);
const routes = listApiRoutes(ctx.app);
const world = await createRoleWorld({ app: ctx.app, db });

afterAll(async () => {
  await ctx.close();
  await riot.close();
});

const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300 ? '2xx' : status >= 300 && status < 400 ? '3xx' : (status as Outcome);

/** Refused roles first: they write nothing; the calls of the roles that may are each undone before the next. */
const order: RoleName[] = [...ROLES].sort(
  (a, b) => Number(a !== 'visitor' && a !== 'banned') - Number(b !== 'visitor' && b !== 'banned'),
);

async function callAs(route: ApiRoute, rule: RouteRule, world: RoleWorld, role: RoleName) {
  const self = role === 'visitor' ? world.users.player : world.users[role];
  const { params = {}, query = {}, body, contentType } = rule.request?.({ world, self }) ?? {};
  const token = world.tokenOf(role);
  return ctx.app.inject({
    method: route.method,
    url: routeUrl(route, params, query),
    headers: { ...(token && bearer(token)), ...(contentType && { 'content-type': contentType }) },
    ...(body !== undefined && { payload: body as object }),
  });
}

/**
 * Every role calls `route` with `rule`'s request, each on a world that no earlier call changed: what a call wrote
 * is undone from the write journal (building the world anew after each write cost most of this file's time).
 */
async function walk(route: ApiRoute, rule: RouteRule & Pick<RouteCase, 'codes'>) {
  const expected = rule.expect;
  const actual: Partial<Record<RoleName, Outcome>> = {};
  const problems: string[] = [];
  for (const role of order) {
    const mark = await journal.mark();
    const res = await callAs(route, rule, world, role);
    const writes = await journal.since(mark);
    actual[role] = outcomeOf(res.statusCode);
    if (actual[role] !== expected[role])
      problems.push(`${role}: expected ${expected[role]}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
    const code = rule.codes?.[role];
    if (code && res.statusCode >= 400 && res.json<{ code: string }>().code !== code)
      problems.push(`${role}: expected the code ${code}, got ${res.body.slice(0, 200)}`);
    if (res.statusCode >= 400 && writes.length > 0) {
      problems.push(
        `${role}: refused with ${res.statusCode} but wrote ${writes.map((w) => `${w.op} ${w.table}`).join(', ')}`,
      );
    }
    if (writes.length > 0) await journal.undo(mark);
  }
  expect(problems, `${route.key}\n${problems.join('\n')}`).toEqual([]);
}

describe('authorization matrix', () => {
  it('declares every route of the OpenAPI document, and only those', () => {
    const documented = new Set(routes.map((r) => r.key));
    const missing = [...documented].filter((key) => !(key in AUTHORIZATION_TABLE));
    const stale = Object.keys(AUTHORIZATION_TABLE).filter((key) => !documented.has(key));
    expect(
      missing,
      `Declare who may call these routes in apps/server/src/test/authorization-table.ts (and the module's policy)`,
    ).toEqual([]);
    expect(stale, 'These routes are no longer in the OpenAPI document: remove them from the table').toEqual([]);
  });

  it.each(routes.filter((r) => r.key in AUTHORIZATION_TABLE).map((r) => [r.key, r] as const))(
    '%s',
    async (_key, route) => {
      await walk(route, AUTHORIZATION_TABLE[route.key]!);
    },
    60_000,
  );

  it('names only routes of the OpenAPI document in its cases', () => {
    const documented = new Set(routes.map((r) => r.key));
    expect(AUTHORIZATION_CASES.map((c) => c.route).filter((key) => !documented.has(key))).toEqual([]);
  });

  it.each(AUTHORIZATION_CASES.map((c) => [`${c.route}: ${c.name}`, c] as const))(
    '%s',
    async (_name, rule) => {
      const route = routes.find((r) => r.key === rule.route);
      if (route) await walk(route, rule);
    },
    60_000,
  );
});

/** The route whose answer each of a scrim's abilities (`Scrim.can`) stands for. */
const ABILITY_ROUTES: Record<ScrimAbility, string> = {
  edit: 'PUT /api/scrims/{id}',
  delete: 'DELETE /api/scrims/{id}',
  assignPlayers: 'PATCH /api/scrims/{id}/admin-assign-player',
  fillRandom: 'PATCH /api/scrims/{id}/admin-fill-random',
  swapPlayers: 'PATCH /api/scrims/{id}/swap-players',
  kick: 'PATCH /api/scrims/{id}/remove-player/{userId}',
  substitute: 'POST /api/scrims/{id}/substitute',
  cancel: 'POST /api/scrims/{id}/cancel',
  balance: 'POST /api/scrims/{id}/balance',
  setWinner: 'PATCH /api/scrims/{id}/set-winner',
  addImage: 'PATCH /api/scrims/{id}/add-image',
  removeImage: 'PATCH /api/scrims/{id}/remove-image',
  regenerateTournamentCode: 'POST /api/scrims/{id}/regenerate-tournament-code',
  resolveDispute: 'POST /api/admin/scrims/{id}/resolve-dispute',
  takeSlot: 'PATCH /api/scrims/{id}/insert-player/{userId}',
  joinCast: 'PATCH /api/scrims/{id}/insert-caster/{userId}',
};
/** Refusals that name who is asking; others (HOST_LIMIT, START_TOO_SOON…) depend on the request's target. */
const ROLE_REFUSALS = new Set(['NOT_HOST', 'NOT_CAPTAIN', 'ON_SERIES_TEAM']);
/** Refusals for the kind of scrim, whatever its state, which `can` says too: a series game's slots are its lineups'. */
const KIND_REFUSALS = new Set(['SERIES_GAME']);

describe('what a scrim says its viewer may do (Scrim.can)', () => {
  const rows = SCRIM_ABILITIES.flatMap((ability) =>
    [
      { ...AUTHORIZATION_TABLE[ABILITY_ROUTES[ability]]!, name: 'the table' },
      ...AUTHORIZATION_CASES.filter((c) => c.route === ABILITY_ROUTES[ability]),
    ].map((rule) => ({ ability, rule })),
  );

  it('names a route of the matrix for every ability', () => {
    expect(SCRIM_ABILITIES.filter((ability) => !(ABILITY_ROUTES[ability] in AUTHORIZATION_TABLE))).toEqual([]);
  });

  // The matrix above proves each row's answers are the server's real ones; here each flag must agree with them.
  it.each(ROLES.filter((role) => role !== 'visitor' && role !== 'banned'))(
    'agrees with the answers of every route for %s',
    async (role) => {
      const self = world.users[role];
      const problems: string[] = [];
      for (const { ability, rule } of rows) {
        const { params = {} } = rule.request?.({ world, self }) ?? {};
        // Removing oneself is leaving, not a kick.
        if (ability === 'kick' && params.userId === self.id) continue;
        const expected = rule.expect[role];
        const code = 'codes' in rule ? (rule as RouteCase).codes?.[role] : undefined;
        if ((expected === 403 || expected === 401) && code && !ROLE_REFUSALS.has(code)) continue;
        const may = expected !== 403 && expected !== 401 && !(code && KIND_REFUSALS.has(code));
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/scrims/${params.id}`,
          headers: bearer(world.tokenOf(role)!),
        });
        expect(res.statusCode, res.body).toBe(200);
        const can = res.json<{ can?: ScrimAbilities }>().can;
        if (can?.[ability] !== may) {
          problems.push(
            `${ability} (${ABILITY_ROUTES[ability]}, ${rule.name}): can says ${can?.[ability]}, the route ${expected}`,
          );
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
