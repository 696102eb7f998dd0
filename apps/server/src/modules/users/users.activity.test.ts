import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetRange, todayIn, type ActivityResponse } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { addCaster, addPlayers, createScrim } from '../../test/scrim-factories.js';

let ctx: TestContext;
let player: TestUser;
let viewer: TestUser;
let regular: TestUser;
const db = () => ctx.database.db;
const DAY = 24 * 60 * 60 * 1000;

/** Fixed instants, so day, week and month edges (and time zones) are checked exactly. */
const GAMES: Array<{ at: string; kind: 'player' | 'caster'; finished?: boolean; isPrivate?: boolean }> = [
  { at: '2026-01-05T12:00:00Z', kind: 'player' },
  { at: '2026-01-05T20:00:00Z', kind: 'caster' },
  // 20:00 on 6 January in New York.
  { at: '2026-01-07T01:00:00Z', kind: 'player', isPrivate: true },
  // 22:00 on 28 February in New York.
  { at: '2026-03-01T03:00:00Z', kind: 'player' },
  // Not finished: never counted.
  { at: '2026-01-05T15:00:00Z', kind: 'player', finished: false },
];

async function addGame(
  user: TestUser,
  game: { at: Date | string; kind: 'player' | 'caster'; finished?: boolean; isPrivate?: boolean },
) {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(game.at),
    teamWon: game.finished === false ? null : 'teamTwo',
    isPrivate: game.isPrivate ?? false,
  });
  if (game.kind === 'caster') await addCaster({ db: db(), scrim, user });
  else await addPlayers({ db: db(), scrim, users: [user] });
}

beforeAll(async () => {
  ctx = await createTestApp();
  player = await createUser({ db: db() });
  viewer = await createUser({ db: db() });
  regular = await createUser({ db: db() });
  for (const game of GAMES) await addGame(player, game);
  // A weekly regular over the last 30 weeks: a game every 7 days, a cast every 4th week.
  const now = Date.now();
  for (let week = 0; week < 30; week++) {
    await addGame(regular, { at: new Date(now - (week * 7 + 1) * DAY), kind: week % 4 === 3 ? 'caster' : 'player' });
  }
});
afterAll(() => ctx.close());

const activity = (userId: string, query: string, token = viewer.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/users/${userId}/activity?${query}`, headers: bearer(token) });
const ok = async (userId: string, query: string): Promise<ActivityResponse> => {
  const res = await activity(userId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sum = (a: ActivityResponse, key: 'played' | 'casted') => a.points.reduce((n, p) => n + p[key], 0);

describe('GET /api/users/:id/activity', () => {
  it('counts finished games per day of a custom range, every day present', async () => {
    const utc = await ok(player.id, 'range=custom&from=2026-01-01&to=2026-01-10');
    expect(utc).toMatchObject({ from: '2026-01-01', to: '2026-01-10', timeZone: 'UTC', bucket: 'day' });
    expect(utc.points).toHaveLength(10);
    expect(utc.points.filter((p) => p.played || p.casted)).toEqual([
      { start: '2026-01-05', played: 1, casted: 1 },
      { start: '2026-01-07', played: 1, casted: 0 },
    ]);
  });

  it("uses the viewer's time zone for the days", async () => {
    const ny = await ok(player.id, 'range=custom&from=2026-01-01&to=2026-01-10&tz=America/New_York');
    expect(ny.points.filter((p) => p.played || p.casted)).toEqual([
      { start: '2026-01-05', played: 1, casted: 1 },
      { start: '2026-01-06', played: 1, casted: 0 },
    ]);
    const february = await ok(player.id, 'range=custom&from=2026-02-01&to=2026-02-28&tz=America/New_York');
    expect(february.points.at(-1)).toEqual({ start: '2026-02-28', played: 1, casted: 0 });
    const februaryUtc = await ok(player.id, 'range=custom&from=2026-02-01&to=2026-02-28');
    expect(sum(februaryUtc, 'played')).toBe(0);
  });

  it('groups by Monday weeks and by months on longer ranges', async () => {
    const weeks = await ok(player.id, 'range=custom&from=2026-01-01&to=2026-04-30');
    expect(weeks.bucket).toBe('week');
    expect(weeks.points[0]!.start).toBe('2025-12-29');
    expect(weeks.points.find((p) => p.start === '2026-01-05')).toEqual({ start: '2026-01-05', played: 2, casted: 1 });
    expect(weeks.points.find((p) => p.start === '2026-02-23')).toEqual({ start: '2026-02-23', played: 1, casted: 0 });
    const months = await ok(player.id, 'range=custom&from=2025-06-01&to=2026-05-31');
    expect(months.bucket).toBe('month');
    expect(months.points.map((p) => p.start)).toHaveLength(12);
    expect(months.points.find((p) => p.start === '2026-01-01')).toEqual({ start: '2026-01-01', played: 2, casted: 1 });
    expect(months.points.find((p) => p.start === '2026-03-01')).toEqual({ start: '2026-03-01', played: 1, casted: 0 });
  });

  it('covers the last 3, 6 (default) or 12 months up to today', async () => {
    const today = todayIn('UTC');
    const standard = await ok(regular.id, '');
    expect(standard).toMatchObject({ ...presetRange('6M', today), bucket: 'week' });
    const inRange = (weeksBack: number, from: string) =>
      new Date(Date.now() - (weeksBack * 7 + 1) * DAY).toISOString().slice(0, 10) >= from;
    const expected = (range: '3M' | '6M' | '1Y') => {
      const { from } = presetRange(range, today);
      const weeks = Array.from({ length: 30 }, (_, w) => w).filter((w) => inRange(w, from));
      return {
        played: weeks.filter((w) => w % 4 !== 3).length,
        casted: weeks.filter((w) => w % 4 === 3).length,
      };
    };
    for (const range of ['3M', '6M', '1Y'] as const) {
      const series = await ok(regular.id, `range=${range}`);
      expect({ played: sum(series, 'played'), casted: sum(series, 'casted') }, range).toEqual(expected(range));
    }
    expect((await ok(regular.id, 'range=1Y')).bucket).toBe('month');
  });

  it('refuses no session (401), banned users (403), bad input (400) and unknown users (404)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${player.id}/activity` })).statusCode).toBe(401);
    const banned = await createBannedUser({ db: db() });
    expect((await activity(player.id, '', banned.token)).statusCode).toBe(403);
    for (const query of [
      'range=2Y',
      'range=custom',
      'range=custom&from=2026-01-01',
      'range=custom&from=2026-02-01&to=2026-01-01',
      'range=custom&from=2019-01-01&to=2026-01-01',
      'range=custom&from=2026-13-01&to=2026-12-01',
      'tz=Mars/Olympus',
      "tz=UTC';drop table users;--",
    ]) {
      const res = await activity(player.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBeTruthy();
    }
    expect((await activity('00000000-0000-4000-8000-000000000000', '')).statusCode).toBe(404);
  });
});
