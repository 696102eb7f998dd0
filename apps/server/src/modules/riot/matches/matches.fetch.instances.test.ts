import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { matchParticipants, riotTournaments, scrimMatches } from '../../../db/schema/index.js';
import { findJobs, jobStatus } from '../../../jobs/index.js';
import { startFakeRiot, type FakeRiot, riotEnvFor, knownToRiot } from '../../../test/fake-riot.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { scheduleScrimStart } from '../../scrims/index.js';
import { matchFetchKey } from './matches.schedule.js';

/**
 * Two server instances on one database, both running their job runner, and Riot's game-end callback delivered
 * to each of them (twice): one fetch job, run once, one match GET at Riot, one set of rows. On PostgreSQL each
 * instance has its own connection pool, as two processes would; on PGlite they share the handle.
 */
let fake: FakeRiot;
let instances: Instances;

beforeAll(async () => {
  fake = await startFakeRiot();
  instances = await startTwoInstances({
    env: riotEnvFor(fake),
  });
});

afterAll(async () => {
  await instances.close();
  await fake.close();
});

it('a duplicate callback on two instances: the match is fetched and stored exactly once', async () => {
  const { first, second, db } = instances;
  const scrim = await createScrim({ db, gameStartTime: new Date(Date.now() - 60_000) });
  const { players } = await fillScrim({ db, scrim });
  const puuids = knownToRiot(fake, players);
  await scheduleScrimStart({ db, scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
  await first.app.jobs.runOnce();
  const code = (await db.select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrim.id)))[0]!
    .tournamentCode!;
  expect(code).toBeTruthy();
  const side = (team: string) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team);

  const { payload, callbackUrl } = await fake.finishGame({
    code,
    winningTeam: side('teamTwo'),
    losingTeam: side('teamOne'),
    deliver: false,
  });
  const path = new URL(callbackUrl).pathname;
  fake.reset();
  first.app.jobs.start();
  second.app.jobs.start();
  // Riot retries a callback it thinks was lost: the same game reaches both instances, at once and again.
  const deliver = (ctx: typeof first) => ctx.app.inject({ method: 'POST', url: path, payload });
  const answers = await Promise.all([deliver(first), deliver(second), deliver(second), deliver(first)]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

  const matchStatus = async () =>
    (await db.select().from(scrimMatches).where(eq(scrimMatches.scrimId, scrim.id)))[0]?.status ?? null;
  await expect.poll(matchStatus, { timeout: 20_000 }).toBe('ready');
  // A late duplicate, after the fetch: nothing re-armed.
  expect((await deliver(second)).statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);

  const fetchJobs = await findJobs({ db, dedupeKey: matchFetchKey(scrim.id) });
  expect(fetchJobs).toHaveLength(1);
  expect(jobStatus(fetchJobs[0]!)).toBe('done');
  expect(fetchJobs[0]!.attempts).toBe(1);
  // Never re-armed nor moved (a re-arm resets attempts, so this is the proof): still due at the row's fetchSince.
  const [row] = await db.select().from(scrimMatches).where(eq(scrimMatches.scrimId, scrim.id));
  expect(fetchJobs[0]!.runAt.getTime()).toBe(row!.fetchSince.getTime());
  const matchGets = fake
    .apiRequests()
    .filter((r) => r.method === 'GET' && r.path.endsWith(`/by-tournament-code/${code}`));
  expect(matchGets).toHaveLength(1);
  const rows = await db.select().from(matchParticipants).where(eq(matchParticipants.scrimId, scrim.id));
  expect(rows).toHaveLength(10);
  const userOfPuuid = new Map(puuids.map((puuid, i) => [puuid, players[i]!.id]));
  for (const row of rows) expect(row.userId).toBe(userOfPuuid.get(row.puuid));
});
