import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { createScrim } from '../../../test/scrim-factories.js';

/**
 * An empty day of the hub points at the next days that have scrims: the viewer's local days, from the cached
 * UTC days of the hub's lists, bounded to 14 days ahead.
 */
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let player: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  player = await createUser({ db: ctx.database.db });
});
afterAll(() => ctx.close());

const HOUR = 3600_000;
const after = Date.parse('2034-06-01T00:00:00.000Z');
const at = (hours: number) => new Date(after + hours * HOUR);
const nextDays = (query: string, token?: string) => api.call('GET', `/api/scrims/next-days?${query}`, { token });
const query = (timeZone = 'UTC', region = 'NA') =>
  `region=${region}&after=${new Date(after).toISOString()}&timeZone=${encodeURIComponent(timeZone)}`;

describe('GET /api/scrims/next-days', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    await createScrim({ db, region: 'NA', gameStartTime: at(2) });
    await createScrim({ db, region: 'NA', gameStartTime: at(5) });
    await createScrim({ db, region: 'NA', gameStartTime: at(3 * 24 + 23) });
    await createScrim({ db, region: 'NA', gameStartTime: at(13 * 24 + 20) });
    // Past the 14 days, private, another region, before `after`: not listed.
    await createScrim({ db, region: 'NA', gameStartTime: at(14 * 24 + 1) });
    await createScrim({ db, region: 'NA', gameStartTime: at(30), isPrivate: true });
    await createScrim({ db, region: 'KR', gameStartTime: at(50) });
    await createScrim({ db, region: 'NA', gameStartTime: at(-2) });
  });

  it("lists the viewer's local days with public scrims, in order, bounded to 14 days", async () => {
    const res = await nextDays(query(), player.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ days: ['2034-06-01', '2034-06-04', '2034-06-14'] });
  });

  it("counts days in the viewer's time zone", async () => {
    const res = await nextDays(query('America/New_York'), player.token);
    // 02:00 UTC on June 1st is May 31st in New York (05:00 is 01:00 on June 1st); 23:00 UTC on June 4th is still
    // June 4th there.
    expect(res.json()).toEqual({ days: ['2034-05-31', '2034-06-01', '2034-06-04', '2034-06-14'] });
    const seoul = await nextDays(query('Asia/Seoul'), player.token);
    expect(seoul.json()).toEqual({ days: ['2034-06-01', '2034-06-05', '2034-06-15'] });
  });

  it('answers a region beyond the five (its scrims are in the new regions)', async () => {
    const res = await nextDays(query('UTC', 'KR'), player.token);
    expect(res.json()).toEqual({ days: ['2034-06-03'] });
  });

  it("reads the hub's cached days: a second ask loads nothing", async () => {
    await nextDays(query('Europe/Berlin'), player.token);
    const cache = ctx.app.scrimLists;
    const loads = cache.loads;
    await nextDays(query('Asia/Tokyo'), player.token);
    expect(cache.loads).toBe(loads);
  });

  it('refuses a visitor, a banned user, and bad input; answers an admin', async () => {
    expect((await nextDays(query())).statusCode).toBe(401);
    const banned = await createBannedUser({ db: ctx.database.db });
    expect((await nextDays(query(), banned.token)).statusCode).toBe(403);
    const admin = await createAdmin({ db: ctx.database.db });
    expect((await nextDays(query(), admin.token)).json().days).toHaveLength(3);
    for (const bad of [
      query('Not/AZone'),
      query('UTC', 'XX'),
      'region=NA&after=yesterday&timeZone=UTC',
      `region=NA&after=${new Date(after).toISOString()}`,
    ]) {
      const res = await nextDays(bad, player.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });
});
