import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeStats,
  type ParticipatedFilter,
  type ParticipatedScrimsResponse,
  type ProfileScrim,
  type ProfileScrimPage,
  type Role,
  type TeamName,
} from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { addCaster, addPlayers, createScrim, type TestScrim } from '../../test/scrim-factories.js';

let ctx: TestContext;
let hero: TestUser;
let other: TestUser;
let admin: TestUser;
const db = () => ctx.database.db;
const DAY = 24 * 60 * 60 * 1000;

type Outcome = 'win' | 'loss' | 'cast' | 'upcoming' | 'unfinished';
interface HistoryEntry {
  outcome: Outcome;
  daysAgo: number;
  captain?: boolean;
  isPrivate?: boolean;
  team?: TeamName;
  role?: Role;
}

/**
 * A long history of 34 scrims over 30 weeks: 16 wins (3 of them private, 4 as captain), 8 losses, 6 casts, one
 * scrim that started but has no winner and one upcoming; two games start at the very same time.
 */
const HISTORY: HistoryEntry[] = [
  ...Array.from({ length: 16 }, (_, i) => ({
    outcome: 'win' as const,
    daysAgo: 3 + i * 13,
    captain: i < 4,
    isPrivate: i >= 13,
    team: (i % 2 ? 'teamTwo' : 'teamOne') as TeamName,
    role: (['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const)[i % 5],
  })),
  ...Array.from({ length: 8 }, (_, i) => ({ outcome: 'loss' as const, daysAgo: 5 + i * 23, captain: i === 0 })),
  ...Array.from({ length: 6 }, (_, i) => ({ outcome: 'cast' as const, daysAgo: 9 + i * 31 })),
  { outcome: 'unfinished', daysAgo: 1 },
  { outcome: 'upcoming', daysAgo: -2 },
  // Same start as the first win: the keyset must still page through both.
  { outcome: 'loss', daysAgo: 3 },
  { outcome: 'cast', daysAgo: 3 },
];

async function seedEntry(entry: HistoryEntry, now: number): Promise<TestScrim> {
  const team = entry.team ?? 'teamOne';
  const winner: TeamName = team === 'teamOne' ? 'teamTwo' : 'teamOne';
  const teamWon =
    entry.outcome === 'win' ? team : entry.outcome === 'loss' ? winner : entry.outcome === 'cast' ? 'teamOne' : null;
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(now - entry.daysAgo * DAY),
    teamWon,
    isPrivate: entry.isPrivate ?? false,
    isWithCasters: entry.outcome === 'cast',
    lobbyHostId: entry.captain ? hero.id : null,
    createdBy: entry.outcome === 'cast' ? hero.id : admin.id,
  });
  if (entry.outcome === 'cast') await addCaster({ db: db(), scrim, user: hero });
  else await addPlayers({ db: db(), scrim, users: [hero], slots: [{ team, role: entry.role ?? 'Mid' }] });
  return scrim;
}

beforeAll(async () => {
  ctx = await createTestApp();
  hero = await createUser({ db: db() });
  other = await createUser({ db: db() });
  admin = await createAdmin({ db: db() });
  const now = Date.now();
  // Sequential on purpose: the factories' join times must not collide.
  for (const entry of HISTORY) await seedEntry(entry, now);
  // A scrim the hero created without taking part in it, private.
  await createScrim({ db: db(), createdBy: hero.id, isPrivate: true, gameStartTime: new Date(now + 3 * DAY) });
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const scrimsOf = (query = '', token = other.token, userId = hero.id) =>
  get(`/api/users/${userId}/scrims${query ? `?${query}` : ''}`, token);
const createdOf = (query = '', token = hero.token, userId = hero.id) =>
  get(`/api/users/${userId}/created-scrims${query ? `?${query}` : ''}`, token);

const count = (predicate: (e: HistoryEntry) => boolean) => HISTORY.filter(predicate).length;
const wins = count((e) => e.outcome === 'win');
const losses = count((e) => e.outcome === 'loss');
const casts = count((e) => e.outcome === 'cast');

/** Every page of a list, following nextCursor. */
async function walk(fetchPage: (cursor?: string) => Promise<ProfileScrimPage>) {
  const all: ProfileScrim[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await fetchPage(cursor);
    all.push(...page.scrims);
    cursor = page.nextCursor ?? undefined;
    pages++;
  } while (cursor && pages < 50);
  return all;
}

describe('GET /api/users/:id/scrims: stats', () => {
  it('match the reference formula over a long history (winners only, private ones included)', async () => {
    const res = await scrimsOf();
    expect(res.statusCode).toBe(200);
    const { stats }: ParticipatedScrimsResponse = res.json();
    expect({ wins, losses, casts }).toEqual({ wins: 16, losses: 9, casts: 7 });
    // 16 × 3 + 9 × 0.5 + 7 × 1 = 59.5 EXP → level 1 + floor((60 − 1) / 10) = 6, 9.5 EXP into it (95 %);
    // win rate floor(16 / 25 × 100) = 64.
    expect(stats).toEqual({
      userExp: 59.5,
      userLevel: 6,
      userWinrate: 64,
      userGamesPlayedCount: 25,
      userGamesCastedCount: 7,
      userWins: 16,
      userLosses: 9,
      expProgress: 9.5,
      expNeeded: 10,
      expProgressPercent: 95,
    });
    expect(stats).toEqual(computeStats({ wins, losses, casts }));
  });

  it('are the defaults for a user without history', async () => {
    const { stats, scrims, total, nextCursor } = (await scrimsOf('', other.token, other.id)).json();
    expect({ scrims, total, nextCursor }).toEqual({ scrims: [], total: 0, nextCursor: null });
    expect(stats).toMatchObject({ userExp: 0, userLevel: 1, userWinrate: 0, expNeeded: 10, expProgressPercent: 0 });
  });
});

describe('GET /api/users/:id/scrims: results not confirmed yet', () => {
  it('count as neither win nor loss (no EXP, no win rate, no activity) and the rows say pending or disputed', async () => {
    const player = await createUser({ db: db() });
    const start = new Date('2026-01-05T15:00:00Z');
    const game = async (fields: Partial<TestScrim>) => {
      const scrim = await createScrim({ db: db(), gameStartTime: start, ...fields });
      await addPlayers({ db: db(), scrim, users: [player], slots: [{ team: 'teamOne', role: 'Mid' }] });
      return scrim;
    };
    await game({ teamWon: 'teamOne' });
    const pending = await game({ teamWon: 'teamOne', resultStatus: 'pending', resultSource: 'captain' });
    const disputed = await game({ teamWon: 'teamTwo', resultStatus: 'disputed', resultSource: 'captain' });

    const page: ParticipatedScrimsResponse = (await scrimsOf('limit=50', player.token, player.id)).json();
    expect(page.stats).toEqual(computeStats({ wins: 1, losses: 0, casts: 0 }));
    const resultOf = (id: string) => page.scrims.find((s) => s._id === id)!.result;
    expect([resultOf(pending.id), resultOf(disputed.id)]).toEqual(['pending', 'disputed']);
    expect(page.scrims.filter((s) => s.result === 'won')).toHaveLength(1);
    const totalOf = async (filter: ParticipatedFilter) =>
      (await scrimsOf(`filter=${filter}&limit=50`, player.token, player.id)).json().total;
    expect([await totalOf('won'), await totalOf('lost'), await totalOf('played')]).toEqual([1, 0, 3]);
    const activity = await get(
      `/api/users/${player.id}/activity?range=custom&from=2026-01-05&to=2026-01-05`,
      player.token,
    );
    expect(activity.json().points).toEqual([{ start: '2026-01-05', played: 1, casted: 0 }]);
  });
});

describe('GET /api/users/:id/scrims: the participated list', () => {
  it('pages through every public scrim, newest first by default, without duplicates', async () => {
    const expected = count((e) => !e.isPrivate);
    const all = await walk(async (cursor) => (await scrimsOf(`limit=7${cursor ? `&cursor=${cursor}` : ''}`)).json());
    expect(all).toHaveLength(expected);
    expect(new Set(all.map((s) => s._id)).size).toBe(expected);
    const times = all.map((s) => Date.parse(s.gameStartTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.every((s) => !s.isPrivate)).toBe(true);
    const first = (await scrimsOf('limit=7')).json();
    expect(first.total).toBe(expected);
    expect(first.scrims).toHaveLength(7);
  });

  it('sorts oldest first on request', async () => {
    const desc = await walk(async (cursor) => (await scrimsOf(`limit=5${cursor ? `&cursor=${cursor}` : ''}`)).json());
    const asc = await walk(async (cursor) =>
      (await scrimsOf(`sort=asc&limit=5${cursor ? `&cursor=${cursor}` : ''}`)).json(),
    );
    expect(asc.map((s) => s._id)).toEqual(desc.map((s) => s._id).reverse());
  });

  it.each<[ParticipatedFilter, (e: HistoryEntry) => boolean]>([
    ['none', () => true],
    ['played', (e) => e.outcome === 'win' || e.outcome === 'loss'],
    ['casted', (e) => e.outcome === 'cast'],
    ['captain', (e) => Boolean(e.captain)],
    ['won', (e) => e.outcome === 'win'],
    ['lost', (e) => e.outcome === 'loss'],
  ])('filters %s (the owner sees private scrims too)', async (filter, predicate) => {
    const page = (await scrimsOf(`filter=${filter}&limit=50`, hero.token)).json();
    expect(page.total).toBe(count(predicate));
    expect(page.scrims).toHaveLength(count(predicate));
    const othersView = (await scrimsOf(`filter=${filter}&limit=50`, other.token)).json();
    expect(othersView.total).toBe(count((e) => predicate(e) && !e.isPrivate));
  });

  it('describes the user in each row', async () => {
    const { scrims }: ProfileScrimPage = (await scrimsOf('limit=50', admin.token)).json();
    expect(scrims).toHaveLength(HISTORY.length);
    const results = scrims.map((s) => s.result);
    expect(results.filter((r) => r === 'won')).toHaveLength(wins);
    expect(results.filter((r) => r === 'lost')).toHaveLength(losses);
    expect(results.filter((r) => r === 'casted')).toHaveLength(casts);
    expect(results.filter((r) => r === null)).toHaveLength(2);
    const cast = scrims.find((s) => s.participation === 'caster')!;
    expect(cast).toMatchObject({ team: null, role: null, result: 'casted', playersCount: 0 });
    const win = scrims.find((s) => s.result === 'won' && s.isLobbyHost)!;
    expect(win).toMatchObject({ participation: 'player', playersCount: 1, isPrivate: false });
    expect(win.team).toBe(win.teamWon);
  });

  it('refuses no session (401), banned users (403), bad input (400) and unknown users (404)', async () => {
    expect((await get(`/api/users/${hero.id}/scrims`)).statusCode).toBe(401);
    const banned = await createBannedUser({ db: db() });
    const refused = await scrimsOf('', banned.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BANNED');
    for (const query of ['filter=all', 'sort=up', 'limit=0', 'limit=51', 'cursor=nonsense', 'cursor=W10']) {
      const res = await scrimsOf(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBeTruthy();
    }
    expect((await get('/api/users/not-a-uuid/scrims', other.token)).statusCode).toBe(400);
    expect((await scrimsOf('', other.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /api/users/:id/created-scrims', () => {
  const created = count((e) => e.outcome === 'cast') + 1;

  it('is the owner’s and the admins’ only', async () => {
    expect((await get(`/api/users/${hero.id}/created-scrims`)).statusCode).toBe(401);
    const refused = await createdOf('', other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_OWNER');
    const banned = await createBannedUser({ db: db() });
    expect((await createdOf('', banned.token)).statusCode).toBe(403);
    expect((await createdOf('', hero.token)).json().total).toBe(created);
    expect((await createdOf('', admin.token)).json().total).toBe(created);
  });

  it('filters public and private, sorts and pages', async () => {
    expect((await createdOf('filter=private')).json().total).toBe(1);
    expect((await createdOf('filter=public')).json().total).toBe(created - 1);
    const asc = await walk(async (cursor) =>
      (await createdOf(`sort=asc&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json(),
    );
    expect(asc).toHaveLength(created);
    const times = asc.map((s) => Date.parse(s.gameStartTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The scrim created without taking part in it: no part for the user.
    expect(asc.at(-1)).toMatchObject({ participation: null, result: null, isPrivate: true });
  });

  it('refuses bad input (400) and unknown users (404)', async () => {
    expect((await createdOf('filter=played')).statusCode).toBe(400);
    expect((await createdOf('', admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
