import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SCRIM_MESSAGES, type Activity, type Scrim, type ScrimSecrets } from '@scrim-gym/shared';
import { auditLog, users } from '../../../db/schema/index.js';
import { addToWaitlist } from '../../../test/check-in-factories.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { hostApi, makeHost } from '../../../test/hosts.js';
import { editBody, expectError, scrimApi } from '../../../test/scrim-api.js';
import { addCaster, addPlayers, createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';
import { connectClient, listenLocally } from '../../../test/socket-client.js';
import { installWriteJournal, type WriteJournal } from '../../../test/write-journal.js';

/*
 * Community hosts run their own scrims: they create scrims in the regions they host, and edit, fill,
 * assign, swap, kick, balance, report the result of and manage the image of the scrims they host, and nothing else;
 * a revoked host loses all of it at once. Their actions are audited like an admin's.
 */

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let journal: WriteJournal;
let admin: TestUser;
/** A community host of NA. */
let host: TestUser;
/** Another community host of NA. */
let otherHost: TestUser;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  [admin, host, otherHost] = await Promise.all([
    createAdmin({ db: db() }),
    createUser({ db: db() }),
    createUser({ db: db() }),
  ]);
  await makeHost(ctx.app, admin.token, host.id, 'NA');
  await makeHost(ctx.app, admin.token, otherHost.id, 'NA');
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  journal = await installWriteJournal(db());
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

const newScrimBody = (changes: object = {}) => ({
  title: 'Host night',
  region: 'NA',
  gameStartTime: inHours(24).toISOString(),
  isPrivate: false,
  isWithCasters: true,
  maxCastersAllowedCount: 2,
  lobbyPassword: 'secret12',
  teamWon: null,
  useTournamentCode: false,
  ...changes,
});
const createVia = (token: string, changes: object = {}) =>
  api.call('POST', '/api/scrims', { token, payload: newScrimBody(changes) });

/** A scrim hosted by `by` (inserted directly), in NA unless told. */
const hostedScrim = (by: TestUser, values: Partial<Omit<Parameters<typeof createScrim>[0], 'db'>> = {}) =>
  createScrim({ db: db(), createdBy: by.id, hostedBy: by.id, ...values });

/** Runs `act` and expects a refusal with this status and code, and not a row written. */
async function expectRefused(act: () => Promise<Parameters<typeof expectError>[0]>, status: number, code: string) {
  const mark = await journal.mark();
  const body = expectError(await act(), status, code);
  expect(await journal.since(mark)).toEqual([]);
  return body;
}

const auditRows = (scrimId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetScrimId, scrimId)).orderBy(auditLog.createdAt, auditLog.id);
/** The audit rows of a scrim: written before the answer, so there as soon as it arrives. */
async function auditOf(scrimId: string, atLeast: number) {
  const rows = await auditRows(scrimId);
  expect(rows.length).toBeGreaterThanOrEqual(atLeast);
  return rows;
}

describe('creating scrims', () => {
  it("a host creates in a region they host: the scrim is hosted by them, its lobby theirs to see, audited as a host's", async () => {
    const res = await createVia(host.token);
    expect(res.statusCode, res.body).toBe(201);
    const scrim = res.json<Scrim>();
    expect(scrim.hostedBy).toMatchObject({ _id: host.id, name: host.name, summonerTagline: host.summonerTagline });
    expect(scrim.createdBy?._id).toBe(host.id);
    expect(scrim.lobbyPassword).toBe('secret12');
    const [row] = await auditOf(scrim._id, 1);
    expect(row).toMatchObject({ actorId: host.id, action: 'scrim.create', details: { asHost: true } });
  });

  it("an admin's scrim is hosted by nobody (run by the admins)", async () => {
    const res = await createVia(admin.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Scrim>().hostedBy).toBeNull();
  });

  it('a host cannot create in a region they do not host; a player gets the admin-only 403 as before', async () => {
    const player = await createUser({ db: db() });
    const body = await expectRefused(() => createVia(host.token, { region: 'EUW' }), 403, 'NOT_HOST');
    expect(body.error).toBe(SCRIM_MESSAGES.hostRegionOnly('NA'));
    const refused = await expectRefused(() => createVia(player.token), 403, 'FORBIDDEN');
    expect(refused.error).toBe(MESSAGES.adminOnly);
    // Before its body is read: a player's invalid body is still a 403, not a 400.
    await expectRefused(() => api.call('POST', '/api/scrims', { token: player.token, payload: {} }), 403, 'FORBIDDEN');
  });
});

describe('a host runs their own scrim', () => {
  it('edit, fill, assign, swap, kick a player and a caster', async () => {
    const scrim = await hostedScrim(host, { isWithCasters: true, maxCastersAllowedCount: 2 });
    const edited = await api.call('PUT', `/api/scrims/${scrim.id}`, {
      token: host.token,
      payload: editBody(scrim, { title: 'Renamed by host' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Scrim>().title).toBe('Renamed by host');

    const [a, b] = await createUsers({ db: db(), count: 2 });
    // A host places only players who wait for (or are in) their scrim: core/scrims.host-limits.test.ts.
    await addToWaitlist({ db: db(), scrim, entries: [{ user: a!, role: 'any' }] });
    const assigned = await api.assign(scrim.id, { userId: a!.id, teamName: 'teamOne', role: 'Top' }, host.token);
    expect(assigned.statusCode, assigned.body).toBe(200);
    await addPlayers({ db: db(), scrim, users: [b!], slots: [{ team: 'teamTwo', role: 'Top' }] });
    const swapped = await api.swap(scrim.id, { userId: a!.id, team: 'teamTwo', role: 'Top' }, host.token);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json<Scrim>().teamTwo.find((p) => p.role === 'Top')?._user._id).toBe(a!.id);

    const filled = await api.fillRandom(scrim.id, host.token, {});
    expect(filled.statusCode, filled.body).toBe(200);

    const kicked = await api.leave(scrim.id, a!.id, host.token);
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect(kicked.json<Scrim>().teamTwo.some((p) => p._user._id === a!.id)).toBe(false);
    const caster = await addCaster({ db: db(), scrim });
    const uncast = await api.leaveCast(scrim.id, caster.id, host.token);
    expect(uncast.statusCode, uncast.body).toBe(200);

    const actions = (await auditOf(scrim.id, 6)).map((r) => [r.actorId, r.action, r.details]);
    expect(actions).toEqual([
      [host.id, 'scrim.update', { asHost: true }],
      [host.id, 'scrim.assign-player', { asHost: true }],
      [host.id, 'scrim.swap-players', { asHost: true }],
      [host.id, 'scrim.fill-random', { asHost: true }],
      [host.id, 'scrim.kick-player', { asHost: true }],
      [host.id, 'scrim.remove-caster', { asHost: true }],
    ]);
    const activities = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/recent-activities',
      headers: bearer(admin.token),
    });
    expect(activities.json<Activity[]>().map((x) => x.description)).toContain(
      `${host.name} (host) kicked a player from scrim "Renamed by host"`,
    );
  });

  it('reports the winner (pending, as a captain would: the other team confirms it), replaces and deletes the image', async () => {
    const scrim = await hostedScrim(host, { gameStartTime: inHours(-1) });
    await fillScrim({ db: db(), scrim });
    const won = await api.setWinner(scrim.id, 'teamTwo', host.token);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json<Scrim>()).toMatchObject({ teamWon: 'teamTwo', result: { status: 'pending', reportedBy: host.id } });
    const first = await api.addImage(scrim.id, png, host.token, { fileName: 'one.png' });
    expect(first.statusCode, first.body).toBe(200);
    const replaced = await api.addImage(scrim.id, png, host.token, { fileName: 'two.png' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const removed = await api.removeImage(scrim.id, host.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Scrim>().postGameImage).toBeNull();
  });

  it('balances the teams of their full scrim before its start', async () => {
    const scrim = await hostedScrim(host);
    await fillScrim({ db: db(), scrim });
    const res = await api.call('POST', `/api/scrims/${scrim.id}/balance`, { token: host.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Scrim>().balance).not.toBeNull();
  });

  it('sees the lobby secrets of their scrims (the scrim, the day list, live updates) and of no other', async () => {
    const own = await hostedScrim(host);
    const others = await createScrim({ db: db(), createdBy: admin.id });
    expect((await api.read(own.id, host.token)).lobbyPassword).toBe(own.lobbyPassword);
    expect((await api.read(others.id, host.token)).lobbyPassword).toBeUndefined();
    const day = new URLSearchParams({
      region: 'NA',
      startDate: inHours(-1).toISOString(),
      endDate: inHours(2).toISOString(),
    });
    const secrets = await api.call('GET', `/api/scrims/mine-secrets?${day}`, { token: host.token });
    expect(secrets.statusCode, secrets.body).toBe(200);
    const ids = secrets.json<ScrimSecrets[]>().map((s) => s._id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(others.id);

    // Live: the host's socket (their host room) gets their scrim with its lobby.
    const client = await connectClient(await listenLocally(ctx.app), host.token);
    try {
      const from = client.events.length;
      const changed = await api.call('PUT', `/api/scrims/${own.id}`, {
        token: admin.token,
        payload: editBody(own, { title: 'Live for the host' }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const update = await client.next<Scrim>(
        'getScrimTransaction',
        (s) => s._id === own.id && s.title === 'Live for the host',
        from,
      );
      expect(update.lobbyPassword).toBe(own.lobbyPassword);
    } finally {
      client.close();
    }
    // The server writes the host's last-seen time when their last socket goes: that write belongs to this test,
    // not to the refusals the next one counts.
    await expect.poll(() => lastSeenOf(host), { timeout: 5_000 }).not.toBeNull();
  });
});

const lastSeenOf = async (user: TestUser) =>
  (await db().select({ at: users.lastSeenAt }).from(users).where(eq(users.id, user.id)))[0]?.at ?? null;

describe('a host runs nothing else', () => {
  it("cannot run an admin's scrim or another host's: every tool is a 403, nothing written", async () => {
    for (const scrim of [
      await createScrim({ db: db(), createdBy: admin.id, gameStartTime: inHours(-1) }),
      await hostedScrim(otherHost, { gameStartTime: inHours(-1) }),
    ]) {
      const { players } = await fillScrim({ db: db(), scrim });
      const [outsider] = await createUsers({ db: db(), count: 1 });
      const refusals = [
        () => api.call('PUT', `/api/scrims/${scrim.id}`, { token: host.token, payload: editBody(scrim) }),
        () => api.assign(scrim.id, { userId: outsider!.id, teamName: 'teamOne', role: 'Top' }, host.token),
        () => api.fillRandom(scrim.id, host.token, {}),
        () => api.swap(scrim.id, { userId: players[0]!.id, team: 'teamTwo', role: 'Top' }, host.token),
        () => api.call('POST', `/api/scrims/${scrim.id}/balance`, { token: host.token }),
        () => api.removeImage(scrim.id, host.token),
      ];
      for (const act of refusals) await expectRefused(act, 403, 'NOT_HOST');
      await expectRefused(() => api.leave(scrim.id, players[1]!.id, host.token), 403, 'NOT_YOURSELF');
      await expectRefused(() => api.setWinner(scrim.id, 'teamOne', host.token), 403, 'NOT_CAPTAIN');
      await expectRefused(() => api.addImage(scrim.id, png, host.token, { fileName: 'x.png' }), 403, 'NOT_CAPTAIN');
    }
  });

  it('cannot delete even their own scrim, nor move it to a region they do not host', async () => {
    const scrim = await hostedScrim(host);
    await expectRefused(() => api.call('DELETE', `/api/scrims/${scrim.id}`, { token: host.token }), 403, 'FORBIDDEN');
    const body = await expectRefused(
      () =>
        api.call('PUT', `/api/scrims/${scrim.id}`, { token: host.token, payload: editBody(scrim, { region: 'EUW' }) }),
      403,
      'NOT_HOST',
    );
    expect(body.error).toBe(SCRIM_MESSAGES.hostRegionOnly('NA'));
  });

  it('a player still gets the admin-only 403 on every tool, before the body is read', async () => {
    const player = await createUser({ db: db() });
    const scrim = await hostedScrim(host);
    for (const act of [
      () => api.call('PUT', `/api/scrims/${scrim.id}`, { token: player.token, payload: {} }),
      () => api.assign(scrim.id, {}, player.token),
      () => api.fillRandom(scrim.id, player.token, {}),
      () => api.swap(scrim.id, {}, player.token),
      () => api.call('POST', `/api/scrims/${scrim.id}/balance`, { token: player.token }),
      () => api.removeImage(scrim.id, player.token),
    ]) {
      const body = await expectRefused(act, 403, 'FORBIDDEN');
      expect(body.error).toBe(MESSAGES.adminOnly);
    }
  });
});

describe('a revoked host', () => {
  it('loses their scrims at once (the hosted-by stays), and creating in the region', async () => {
    const revokedHost = await createUser({ db: db() });
    await makeHost(ctx.app, admin.token, revokedHost.id, 'NA');
    await makeHost(ctx.app, admin.token, revokedHost.id, 'EUW');
    const scrim = await hostedScrim(revokedHost);
    // Their session is cached by now.
    expect((await api.read(scrim.id, revokedHost.token)).lobbyPassword).toBe(scrim.lobbyPassword);
    const ok = await api.call('PUT', `/api/scrims/${scrim.id}`, { token: revokedHost.token, payload: editBody(scrim) });
    expect(ok.statusCode, ok.body).toBe(200);

    const revoked = await hostApi(ctx.app).revoke(revokedHost.id, admin.token, 'NA');
    expect(revoked.statusCode, revoked.body).toBe(200);
    await expectRefused(
      () => api.call('PUT', `/api/scrims/${scrim.id}`, { token: revokedHost.token, payload: editBody(scrim) }),
      403,
      'NOT_HOST',
    );
    await expectRefused(() => createVia(revokedHost.token), 403, 'NOT_HOST');
    const seen = await api.read(scrim.id, revokedHost.token);
    expect(seen.lobbyPassword).toBeUndefined();
    expect(seen.hostedBy?._id).toBe(revokedHost.id);

    await hostApi(ctx.app).revoke(revokedHost.id, admin.token);
    // No region left: the admin-only gate again.
    await expectRefused(() => api.fillRandom(scrim.id, revokedHost.token, {}), 403, 'FORBIDDEN');
  });
});
