import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCRIM_ABANDON_AFTER_MS, getScrimTiming } from '@scrim-gym/shared';
import { findJobs } from '../jobs/index.js';
import { ratingRulesFor, syncScrimRatings } from '../modules/ratings/index.js';
import { storeDemoMatch } from '../modules/riot/index.js';
import {
  SCRIM_ABANDON_JOB,
  SCRIM_START_JOB,
  scheduleScrimAbandon,
  scheduleScrimStart,
  scrimAbandonKey,
  scrimStartKey,
} from '../modules/scrims/index.js';
import { createTestDatabase } from '../test/database.js';
import {
  matchParticipants,
  playerRatings,
  ratedResults,
  ratingHistory,
  scrimMatches,
  scrimParticipants,
  scrims,
  users,
} from './schema/index.js';
import { seedDemoCommunity, type SeedResults } from './seed.js';

const schedule = { scheduleScrimStart, scheduleScrimAbandon };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let results: SeedResults;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const rules = ratingRulesFor({ oidcProviders: [] });
  results = {
    rate: (scrimId) => syncScrimRatings({ db, scrimId, rules }),
    storeMatch: (game) => storeDemoMatch({ db, ...game }),
  };
});
afterAll(() => database.close());

it('seeds a demo community once, with start jobs for the upcoming scrims', async () => {
  const now = Date.now();
  const demo = await seedDemoCommunity({ db: database.db, schedule, now });
  expect(demo).not.toBeNull();
  expect(await seedDemoCommunity({ db: database.db, schedule, now })).toBeNull();
  await demo!.rateResults(results);

  expect((await database.db.select().from(users)).length).toBeGreaterThan(30);
  const upcoming = await database.db
    .select()
    .from(scrims)
    .where(gt(scrims.gameStartTime, new Date(now)));
  expect(upcoming.length).toBeGreaterThan(0);
  const startJobs = await findJobs({ db: database.db, kind: SCRIM_START_JOB });
  expect(startJobs.map((job) => job.dedupeKey).sort()).toEqual(upcoming.map((s) => scrimStartKey(s.id)).sort());
  for (const job of startJobs) {
    const scrim = upcoming.find((s) => scrimStartKey(s.id) === job.dedupeKey)!;
    expect(job.runAt.getTime()).toBe(scrim.gameStartTime.getTime());
  }
});

it('seeds scrims that obey the rules: a winner only with 10 players, a current scrim being played, abandoned when not full 30 minutes after the start', async () => {
  const now = Date.now();
  const rows = await database.db.select().from(scrims);
  const players = await database.db.select().from(scrimParticipants).where(eq(scrimParticipants.kind, 'player'));
  const count = (id: string) => players.filter((p) => p.scrimId === id).length;
  const abandonJobs = await findJobs({ db: database.db, kind: SCRIM_ABANDON_JOB });

  for (const scrim of rows) {
    const full = count(scrim.id) === 10;
    if (scrim.teamWon) expect(full, `${scrim.title} has a winner with ${count(scrim.id)}/10`).toBe(true);
    const overdue = scrim.gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS <= now;
    if (!full && overdue) expect(scrim.abandonedAt, `${scrim.title} is not full and overdue`).not.toBeNull();
    if (full) expect(scrim.abandonedAt, scrim.title).toBeNull();
    // Every scrim that may still be abandoned has its check, 30 minutes after its start.
    if (!full && !overdue) {
      const job = abandonJobs.find((j) => j.dedupeKey === scrimAbandonKey(scrim.id));
      expect(job?.runAt.getTime(), scrim.title).toBe(scrim.gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS);
    }
  }
  const timingOf = (scrim: (typeof rows)[number]) => getScrimTiming({ ...scrim, now });
  const beingPlayed = rows.filter((s) => timingOf(s) === 'current' && count(s.id) === 10 && !s.teamWon);
  expect(beingPlayed.map((s) => s.title)).toContain('Diamond Practice');
  const abandoned = rows.filter((s) => s.abandonedAt).map((s) => s.title);
  expect(abandoned.sort()).toEqual(['EUW Late Night', 'Lunch Break Scrim']);
  for (const scrim of rows.filter((s) => s.abandonedAt)) expect(timingOf(scrim)).toBe('previous');
});

it('rates every seeded result, oldest first, and gives the latest game Riot figures: the leaderboard and histories are not empty', async () => {
  const db = database.db;
  const confirmed = (await db.select().from(scrims)).filter((s) => s.resultStatus === 'confirmed' && s.teamWon);
  const rated = await db.select().from(ratedResults);
  expect(rated.length).toBe(confirmed.length);
  expect(confirmed.length).toBeGreaterThan(20);
  // Rated in the order they were played.
  const startOf = new Map(confirmed.map((s) => [s.id, s.gameStartTime.getTime()]));
  const starts = [...rated].sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => startOf.get(r.scrimId)!);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  expect((await db.select().from(playerRatings)).length).toBeGreaterThanOrEqual(10);
  expect((await db.select().from(ratingHistory)).length).toBe(rated.length * 10);

  const latest = [...confirmed].sort((a, b) => b.gameStartTime.getTime() - a.gameStartTime.getTime())[0]!;
  const [match] = await db.select().from(scrimMatches).where(eq(scrimMatches.scrimId, latest.id));
  expect(match?.status).toBe('ready');
  const lines = await db.select().from(matchParticipants).where(eq(matchParticipants.scrimId, latest.id));
  const seated = await db.select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, latest.id));
  expect(lines).toHaveLength(10);
  // Every line is a seated player, on the side and in the role of their slot, and the winners won.
  for (const line of lines) {
    const seat = seated.find((p) => p.userId === line.userId)!;
    expect(seat, line.champion).toBeDefined();
    expect(line.side).toBe(seat.team === 'teamOne' ? 'blue' : 'red');
    expect(line.role).toBe(seat.role);
    expect(line.win).toBe(seat.team === latest.teamWon);
  }
});
