import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLES,
  type UserChampionStats,
  type UserMatchRow,
  type UserMatchesResponse,
  type UserRoleStats,
} from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { givePuuids, storeFakeMatch, strangers } from '../../../test/match-factories.js';
import { createScrim } from '../../../test/scrim-factories.js';

let ctx: TestContext;
let owner: TestUser;
let teammate: TestUser;
let viewer: TestUser;
let admin: TestUser;
const db = () => ctx.database.db;
const HOUR = 3_600_000;
const GAMES = 23;

/** What the history should hold: the owner's line of each stored game, with the scrim's privacy. */
interface Expected {
  scrimId: string;
  scrimTitle: string;
  isPrivate: boolean;
  playedAt: string;
  matchId: string;
  durationSeconds: number;
  win: boolean;
  side: 'blue' | 'red';
  champion: string;
  role: UserMatchRow['role'];
  kills: number;
  deaths: number;
  assists: number;
  cs: number;
  damage: number;
  vision: number;
}
const expected: Expected[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, teammate, viewer, admin] = await Promise.all([
    createUser({ db: db() }),
    createUser({ db: db() }),
    createUser({ db: db() }),
    createAdmin({ db: db() }),
  ]);
  const [ownerPuuid, teammatePuuid] = await givePuuids({ db: db(), users: [owner, teammate] });
  const players = [
    { userId: owner.id, riotPuuid: ownerPuuid! },
    { userId: teammate.id, riotPuuid: teammatePuuid! },
  ];
  const base = Date.UTC(2025, 5, 1, 20);
  for (let i = 0; i < GAMES; i++) {
    const isPrivate = i % 4 === 0;
    const scrim = await createScrim({ db: db(), isPrivate, gameStartTime: new Date(base - i * HOUR) });
    // Every third game shares its end time with two others: the scrim id orders them.
    const endedAt = base - Math.floor(i / 3) * HOUR;
    const blue = strangers(`b${i}`, 5);
    const red = strangers(`r${i}`, 5);
    const ownSide = i % 2 === 0 ? blue : red;
    ownSide[i % 5] = ownerPuuid!;
    ownSide[(i + 1) % 5] = teammatePuuid!;
    const { match, scrimId } = await storeFakeMatch({
      db: db(),
      scrim,
      blue,
      red,
      blueWins: i % 3 === 0,
      players,
      endedAt,
    });
    const line = match.participants.find((p) => p.userId === owner.id)!;
    expected.push({
      scrimId,
      scrimTitle: scrim.title,
      isPrivate,
      playedAt: match.playedAt.toISOString(),
      matchId: match.matchId,
      durationSeconds: match.durationSeconds,
      win: line.win,
      side: line.side,
      champion: line.champion,
      role: line.role,
      kills: line.kills,
      deaths: line.deaths,
      assists: line.assists,
      cs: line.cs,
      damage: line.damage,
      vision: line.vision,
    });
  }
  // Newest first; equal end times by scrim id.
  expected.sort((a, b) => b.playedAt.localeCompare(a.playedAt) || a.scrimId.localeCompare(b.scrimId));
});
afterAll(() => ctx.close());

const get = <T>(url: string, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) }).then((res) => {
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  });

/** Every page of the owner's history as `user` sees it, following nextCursor. */
async function allPages(user: TestUser, query: Record<string, string> = {}, limit = 5) {
  const pages: UserMatchRow[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor && { cursor }) });
    const page: UserMatchesResponse = await get<UserMatchesResponse>(`/api/users/${owner.id}/matches?${params}`, user);
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    pages.push(page.rows);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

const keyOf = (row: { scrimId: string }) => row.scrimId;

describe('GET /api/users/:id/matches', () => {
  it("pages through the owner's whole history newest first, without duplicates or gaps", async () => {
    const pages = await allPages(owner, {}, 5);
    expect(pages.length).toBe(Math.ceil(GAMES / 5));
    const rows = pages.flat();
    expect(rows.map(keyOf)).toEqual(expected.map(keyOf));
    expect(new Set(rows.map(keyOf)).size).toBe(GAMES);
    // The owner's own line, and the game around it.
    for (const [i, row] of rows.entries()) {
      const want = expected[i]!;
      expect(row).toMatchObject({
        scrimTitle: want.scrimTitle,
        matchId: want.matchId,
        playedAt: want.playedAt,
        durationSeconds: want.durationSeconds,
        win: want.win,
        side: want.side,
        champion: want.champion,
        role: want.role,
        kills: want.kills,
        deaths: want.deaths,
        assists: want.assists,
        cs: want.cs,
      });
      expect(row.items).toHaveLength(7);
      expect(row.spells).toHaveLength(2);
    }
  });

  it('answers the first page with the default limit of 20 and a cursor to the rest', async () => {
    const page = await get<UserMatchesResponse>(`/api/users/${owner.id}/matches`, owner);
    expect(page.rows.map(keyOf)).toEqual(expected.slice(0, 20).map(keyOf));
    expect(page.nextCursor).toEqual(expect.any(String));
    const rest = await get<UserMatchesResponse>(`/api/users/${owner.id}/matches?cursor=${page.nextCursor}`, owner);
    expect(rest.rows.map(keyOf)).toEqual(expected.slice(20).map(keyOf));
    expect(rest.nextCursor).toBeNull();
  });

  it("hides private scrims' games from another player, shows them to the owner and admins", async () => {
    const publicOnly = expected.filter((row) => !row.isPrivate);
    expect(publicOnly.length).toBeLessThan(GAMES);
    const seen = (await allPages(viewer, {}, 4)).flat();
    expect(seen.map(keyOf)).toEqual(publicOnly.map(keyOf));
    // The teammate played every one of these games and still sees only the public ones on the owner's profile.
    expect((await allPages(teammate, {}, 50)).flat().map(keyOf)).toEqual(publicOnly.map(keyOf));
    expect((await allPages(admin, {}, 7)).flat().map(keyOf)).toEqual(expected.map(keyOf));
  });

  it('filters by role, across pages', async () => {
    for (const role of ROLES) {
      const want = expected.filter((row) => row.role === role);
      expect(want.length).toBeGreaterThan(0);
      const rows = (await allPages(owner, { role }, 2)).flat();
      expect(rows.map(keyOf), role).toEqual(want.map(keyOf));
      expect(rows.every((row) => row.role === role)).toBe(true);
      const publicRows = (await allPages(viewer, { role }, 2)).flat();
      expect(publicRows.map(keyOf)).toEqual(want.filter((row) => !row.isPrivate).map(keyOf));
    }
  });

  it('filters by champion (and by both), across pages; an unplayed champion is an empty page', async () => {
    const champions = [...new Set(expected.map((row) => row.champion))];
    expect(champions.length).toBeGreaterThan(3);
    for (const champion of champions) {
      const rows = (await allPages(owner, { champion }, 2)).flat();
      expect(rows.map(keyOf), champion).toEqual(expected.filter((row) => row.champion === champion).map(keyOf));
    }
    const { champion, role } = expected[0]!;
    const both = (await allPages(owner, { champion, role: role! }, 1)).flat();
    expect(both.map(keyOf)).toEqual(
      expected.filter((row) => row.champion === champion && row.role === role).map(keyOf),
    );
    expect(await get(`/api/users/${owner.id}/matches?champion=Teemo`, owner)).toEqual({ rows: [], nextCursor: null });
  });

  it("lists only the user's own line of each game (the teammate's history is theirs)", async () => {
    // The teammate's own profile: every game (private ones included), each with their own champion.
    const own = await get<UserMatchesResponse>(`/api/users/${teammate.id}/matches?limit=50`, teammate);
    expect(own.rows.map(keyOf)).toEqual(expected.map(keyOf));
    expect(own.rows.some((row, i) => row.champion !== expected[i]!.champion)).toBe(true);
  });
});

/** The totals the API should give, computed from what was stored. */
function totalsBy<K extends 'champion' | 'role'>(key: K) {
  const groups = new Map<string, Expected[]>();
  for (const row of expected) {
    const value = row[key];
    if (value === null) continue;
    groups.set(value, [...(groups.get(value) ?? []), row]);
  }
  const sum = (rows: Expected[], pick: (row: Expected) => number) => rows.reduce((n, row) => n + pick(row), 0);
  return new Map(
    [...groups].map(([value, rows]) => [
      value,
      {
        games: rows.length,
        wins: rows.filter((row) => row.win).length,
        kills: sum(rows, (r) => r.kills),
        deaths: sum(rows, (r) => r.deaths),
        assists: sum(rows, (r) => r.assists),
        cs: sum(rows, (r) => r.cs),
        damage: sum(rows, (r) => r.damage),
        vision: sum(rows, (r) => r.vision),
        seconds: sum(rows, (r) => r.durationSeconds),
      },
    ]),
  );
}

describe('GET /api/users/:id/champions and /match-roles', () => {
  it('totals every game per champion, private ones included, most played first then by name', async () => {
    const want = totalsBy('champion');
    for (const user of [owner, viewer]) {
      const stats = await get<UserChampionStats>(`/api/users/${owner.id}/champions`, user);
      expect(stats).toHaveLength(want.size);
      for (const row of stats) expect(row).toEqual({ champion: row.champion, ...want.get(row.champion) });
      const order = [...stats].sort((a, b) => b.games - a.games || a.champion.localeCompare(b.champion));
      expect(stats.map((row) => row.champion)).toEqual(order.map((row) => row.champion));
      expect(stats.reduce((n, row) => n + row.games, 0)).toBe(GAMES);
    }
  });

  it('totals every game per role, in the order Top, Jungle, Mid, ADC, Support', async () => {
    const want = totalsBy('role');
    const stats = await get<UserRoleStats>(`/api/users/${owner.id}/match-roles`, viewer);
    expect(stats.map((row) => row.role)).toEqual(ROLES.filter((role) => want.has(role)));
    for (const row of stats) expect(row).toEqual({ role: row.role, ...want.get(row.role) });
  });

  it('leaves out roles without games', async () => {
    const solo = await createUser({ db: db() });
    const [puuid] = await givePuuids({ db: db(), users: [solo] });
    // Jungle (position 1) of blue, twice.
    for (let i = 0; i < 2; i++) {
      const blue = strangers(`solo-b${i}`, 5);
      blue[1] = puuid!;
      await storeFakeMatch({
        db: db(),
        blue,
        red: strangers(`solo-r${i}`, 5),
        players: [{ userId: solo.id, riotPuuid: puuid! }],
      });
    }
    const roles = await get<UserRoleStats>(`/api/users/${solo.id}/match-roles`, owner);
    expect(roles.map((row) => [row.role, row.games])).toEqual([['Jungle', 2]]);
    const champions = await get<UserChampionStats>(`/api/users/${solo.id}/champions`, owner);
    expect(champions.reduce((n, row) => n + row.games, 0)).toBe(2);
  });
});
