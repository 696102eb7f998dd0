import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_MIN_LEAD_MINUTES, SCRIM_MESSAGES, WAITLIST_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { scrimParticipants, users } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { addToWaitlist } from '../../../test/check-in-factories.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { makeHost } from '../../../test/hosts.js';
import { editBody, expectError, scrimApi, slotsOf } from '../../../test/scrim-api.js';
import { createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';
import { installWriteJournal, type WriteJournal } from '../../../test/write-journal.js';

/*
 * A community host's powers reach only players who chose their scrim, players of the regions they host, and
 * scrims still ahead; a no-show's cooldown keeps a player out of the cast as out of the teams. Admins keep the
 * spec's rules. The attack these stop: a host places a stranger of any region into a scrim that already started,
 * then substitutes them, and the stranger gets a no-show without ever joining anything.
 */

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let journal: WriteJournal;
let admin: TestUser;
/** A community host of NA and EUW. */
let host: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  [admin, host] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
  await makeHost(ctx.app, admin.token, host.id, 'NA');
  await makeHost(ctx.app, admin.token, host.id, 'EUW');
  journal = await installWriteJournal(db());
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const MINUTE = 60 * 1000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** A scrim hosted by the host (inserted directly), NA, starting in an hour unless told. */
const hostedScrim = (values: Partial<Omit<Parameters<typeof createScrim>[0], 'db'>> = {}) =>
  createScrim({ db: db(), createdBy: host.id, hostedBy: host.id, ...values });

/** Runs `act` and expects a refusal with this status and code, and not a row written. */
async function expectRefused(act: () => Promise<Parameters<typeof expectError>[0]>, status: number, code: string) {
  const mark = await journal.mark();
  const body = expectError(await act(), status, code);
  expect(await journal.since(mark)).toEqual([]);
  return body;
}

const expectOk = async (act: Promise<Parameters<typeof expectError>[0]>, status = 200) => {
  const res = await act;
  expect(res.statusCode, res.body).toBe(status);
  return res.json<Scrim>();
};

const newScrimBody = (changes: object = {}) => ({
  title: 'Host limits',
  region: 'NA',
  gameStartTime: inMinutes(60).toISOString(),
  isPrivate: false,
  isWithCasters: false,
  maxCastersAllowedCount: 0,
  lobbyPassword: 'secret12',
  teamWon: null,
  useTournamentCode: false,
  ...changes,
});
const createAs = (token: string, changes: object = {}) =>
  api.call('POST', '/api/scrims', { token, payload: newScrimBody(changes) });

describe('a host places only players who chose their scrim', () => {
  it('assigning a stranger is a 403 HOST_LIMIT (nothing written), even into a scrim that started; an admin may', async () => {
    const scrim = await hostedScrim({ gameStartTime: inMinutes(-1) });
    const [stranger] = await createUsers({ db: db(), count: 1, region: 'EUW' });
    const body = await expectRefused(
      () => api.assign(scrim.id, { userId: stranger!.id, teamName: 'teamOne', role: 'Top' }, host.token),
      403,
      'HOST_LIMIT',
    );
    expect(body.error).toBe(SCRIM_MESSAGES.hostLimitPlayer);
    expect(body.scrim?._id).toBe(scrim.id);

    const byAdmin = await expectOk(
      api.assign(scrim.id, { userId: stranger!.id, teamName: 'teamOne', role: 'Top' }, admin.token),
    );
    expect(slotsOf(byAdmin)['teamOne:Top']).toBe(stranger!.id);
  });

  it('assigns a waiting player (who leaves the waitlist) and moves a player of the scrim', async () => {
    const scrim = await hostedScrim();
    const [waiting, seated] = await createUsers({ db: db(), count: 2 });
    await addToWaitlist({ db: db(), scrim, entries: [{ user: waiting!, role: 'any' }] });
    const assigned = await expectOk(
      api.assign(scrim.id, { userId: waiting!.id, teamName: 'teamTwo', role: 'Mid' }, host.token),
    );
    expect(slotsOf(assigned)['teamTwo:Mid']).toBe(waiting!.id);
    expect(assigned.waitlist).toEqual([]);

    await expectOk(api.assign(scrim.id, { userId: seated!.id, teamName: 'teamOne', role: 'Top' }, admin.token));
    const moved = await expectOk(
      api.assign(scrim.id, { userId: seated!.id, teamName: 'teamOne', role: 'Jungle' }, host.token),
    );
    expect(slotsOf(moved)['teamOne:Jungle']).toBe(seated!.id);
  });

  it('a substitute who is not waiting is a 403 HOST_LIMIT: the absentee keeps their slot and gets no no-show', async () => {
    const scrim = await hostedScrim({ gameStartTime: inMinutes(-5) });
    const { players } = await fillScrim({ db: db(), scrim });
    const [stranger] = await createUsers({ db: db(), count: 1 });
    const absentee = players[3]!;
    await expectRefused(
      () =>
        api.call('POST', `/api/scrims/${scrim.id}/substitute`, {
          token: host.token,
          payload: { outUserId: absentee.id, inUserId: stranger!.id },
        }),
      403,
      'HOST_LIMIT',
    );
    const [row] = await db().select().from(users).where(eq(users.id, absentee.id));
    expect(row).toMatchObject({ noShowStrikes: 0, cooldownUntil: null });
    const seated = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    expect(seated.map((p) => p.userId)).toContain(absentee.id);
  });

  it("names only themselves a new scrim's lobby captain (a stranger: 403); an admin names anyone", async () => {
    const [stranger] = await createUsers({ db: db(), count: 1 });
    await expectRefused(() => createAs(host.token, { lobbyHost: stranger!.id }), 403, 'HOST_LIMIT');
    const own = await expectOk(createAs(host.token, { lobbyHost: host.id }), 201);
    expect(own.lobbyHost?._id).toBe(host.id);
    const byAdmin = await expectOk(createAs(admin.token, { lobbyHost: stranger!.id }), 201);
    expect(byAdmin.lobbyHost?._id).toBe(stranger!.id);
  });
});

describe('a host fills at random only from the regions they host', () => {
  it('another region is a 403 HOST_LIMIT (nothing written); their own regions fill; an admin fills from any', async () => {
    await createUsers({ db: db(), count: 2, region: 'OCE' });
    await createUsers({ db: db(), count: 2, region: 'EUW' });
    const scrim = await hostedScrim();
    const body = await expectRefused(() => api.fillRandom(scrim.id, host.token, { region: 'OCE' }), 403, 'HOST_LIMIT');
    expect(body.error).toBe(SCRIM_MESSAGES.hostLimitRegion('NA, EUW'));

    const fromEuw = await api.fillRandom(scrim.id, host.token, { region: 'EUW' });
    expect(fromEuw.statusCode, fromEuw.body).toBe(200);
    expect(fromEuw.json<{ filledPositions: number }>().filledPositions).toBeGreaterThan(0);

    const other = await hostedScrim();
    const own = await api.fillRandom(other.id, host.token, {});
    expect(own.statusCode, own.body).toBe(200);
    const byAdmin = await api.fillRandom(other.id, admin.token, { region: 'OCE' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe(`a host schedules only ${HOST_MIN_LEAD_MINUTES} minutes ahead or more`, () => {
  it('creating 5 minutes ahead is a 400 START_TOO_SOON (nothing written); 20 minutes ahead is created', async () => {
    const body = await expectRefused(
      () => createAs(host.token, { gameStartTime: inMinutes(5).toISOString() }),
      400,
      'START_TOO_SOON',
    );
    expect(body.error).toBe(SCRIM_MESSAGES.startTooSoon(HOST_MIN_LEAD_MINUTES));
    await expectRefused(
      () => createAs(host.token, { gameStartTime: inMinutes(-60).toISOString() }),
      400,
      'START_TOO_SOON',
    );
    await expectOk(createAs(host.token, { gameStartTime: inMinutes(20).toISOString() }), 201);
  });

  it('moving the start to 5 minutes ahead is a 400; other changes of a scrim starting soon are saved', async () => {
    const scrim = await hostedScrim({ gameStartTime: inMinutes(60) });
    await expectRefused(
      () =>
        api.call('PUT', `/api/scrims/${scrim.id}`, {
          token: host.token,
          payload: editBody(scrim, { gameStartTime: inMinutes(5).toISOString() }),
        }),
      400,
      'START_TOO_SOON',
    );
    const moved = await expectOk(
      api.call('PUT', `/api/scrims/${scrim.id}`, {
        token: host.token,
        payload: editBody(scrim, { gameStartTime: inMinutes(30).toISOString() }),
      }),
    );
    expect(new Date(moved.gameStartTime).getTime()).toBeGreaterThan(Date.now() + 20 * MINUTE);

    const soon = await hostedScrim({ gameStartTime: inMinutes(5) });
    const renamed = await expectOk(
      api.call('PUT', `/api/scrims/${soon.id}`, { token: host.token, payload: editBody(soon, { title: 'Renamed' }) }),
    );
    expect(renamed.title).toBe('Renamed');
  });

  it("an admin keeps the spec's rules: creates and moves a start to any time", async () => {
    const created = await expectOk(createAs(admin.token, { gameStartTime: inMinutes(5).toISOString() }), 201);
    const scrim = await hostedScrim();
    const moved = await expectOk(
      api.call('PUT', `/api/scrims/${scrim.id}`, {
        token: admin.token,
        payload: editBody(scrim, { gameStartTime: inMinutes(-10).toISOString() }),
      }),
    );
    expect(new Date(created.gameStartTime).getTime()).toBeLessThan(Date.now() + 6 * MINUTE);
    expect(new Date(moved.gameStartTime).getTime()).toBeLessThan(Date.now());
  });
});

describe('a no-show cooldown', () => {
  it('refuses a caster seat as it refuses a slot: 403 COOLDOWN, no lobby secrets, nothing written', async () => {
    const until = inMinutes(24 * 60);
    const benched = await createUser({ db: db(), cooldownUntil: until });
    const scrim = await createScrim({ db: db(), createdBy: admin.id, isWithCasters: true, maxCastersAllowedCount: 2 });
    await fillScrim({ db: db(), scrim });
    const body = await expectRefused(() => api.joinCast(scrim.id, benched.id, benched.token), 403, 'COOLDOWN');
    expect(body.error).toBe(WAITLIST_MESSAGES.cooldown(until.toISOString()));
    expect(body.scrim?.lobbyPassword).toBeUndefined();
    expect(body.scrim?.casters).toEqual([]);
    // The same refusal as a join of a team.
    const other = await createScrim({ db: db(), createdBy: admin.id });
    await expectRefused(
      () => api.join(other.id, benched.id, { team: 'teamOne', role: 'Top' }, benched.token),
      403,
      'COOLDOWN',
    );

    const free = await createUser({ db: db() });
    const cast = await expectOk(api.joinCast(scrim.id, free.id, free.token));
    expect(cast.casters.map((c) => c._id)).toEqual([free.id]);
    expect(cast.lobbyPassword).toBe(scrim.lobbyPassword);
  });

  it('a missing scrim is still a 404 first', async () => {
    const benched = await createUser({ db: db(), cooldownUntil: inMinutes(60) });
    await expectRefused(
      () => api.joinCast('00000000-0000-4000-8000-000000000000', benched.id, benched.token),
      404,
      'SCRIM_NOT_FOUND',
    );
  });
});
