import { eq, sql } from 'drizzle-orm';
import { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SCRIM_MESSAGES, type Scrim } from '@scrim-gym/shared';
import type { DatabaseHandle } from '../../../db/client.js';
import { postGameImages, riotTournaments, scrimParticipants, scrimSignups, scrims } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { createAdmin, createUser } from '../../../test/factories.js';
import { playerIds, scrimApi, slotsOf } from '../../../test/scrim-api.js';
import {
  ALL_SLOTS,
  addCaster,
  addPlayers,
  createScrim,
  createUsers,
  fillScrim,
} from '../../../test/scrim-factories.js';
import { countStatements } from '../../../test/statements.js';
import { Notifier } from '../../notifications/index.js';
import { findScrimAggregate } from '../core/scrims.repository.js';
import * as actions from './slot-actions.js';
import { seatPlayers } from './tool-change.js';
import { getScrim } from '../core/scrim-reads.js';
import { ScrimLifecycle } from '../core/scrims.lifecycle.js';
import { ScrimListCache } from '../listing/list-cache.js';
import { type ScrimDeps } from '../core/scrim-change.js';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * A slot change is one statement (scrim_slot_change): the service is called on a database of its own, with no
 * app around it (no job runner, no session lookups), and every statement its driver sends is counted.
 */
describe(`one round trip per slot change (${engine})`, () => {
  let database: DatabaseHandle;
  let io: Server;
  let deps: ScrimDeps;
  let counter: ReturnType<typeof countStatements> | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
    io = new Server();
    deps = {
      db: database.db,
      io,
      notifier: new Notifier(io),
      listCache: new ScrimListCache(),
      lifecycle: new ScrimLifecycle(),
      ratingRules: { verifiedOnly: false },
    };
  });
  afterEach(() => counter?.stop());
  // The Socket.IO server has no HTTP server and no client: nothing to close but the database.
  afterAll(() => database.close());
  const db = () => database.db;

  /** Runs `action` and returns what it resolved or threw, with the statements it sent. */
  async function counted<T>(action: () => Promise<T>) {
    counter = countStatements(db());
    try {
      const value = await action();
      return { value, error: null, sent: [...counter.sent] };
    } catch (error) {
      return { value: null, error: error as AppError, sent: [...counter.sent] };
    } finally {
      counter.stop();
      counter = null;
    }
  }

  it('join, move, leave, cast, leave the cast, the switch from the cast, a kick: one statement each', async () => {
    // A day ahead: a leave under 2 hours before the start also records a late leave (waitlist/showup.test.ts).
    const scrim = await createScrim({
      db: db(),
      isWithCasters: true,
      maxCastersAllowedCount: 2,
      gameStartTime: new Date(Date.now() + 24 * 3_600_000),
    });
    const [a, b] = await createUsers({ db: db(), count: 2 });
    const admin = await createAdmin({ db: db() });
    const me = (u: { id: string }) => ({ deps, viewer: { id: u.id, isAdmin: false }, scrimId: scrim.id, userId: u.id });

    const steps = [
      () => actions.joinTeam({ ...me(a!), team: 'teamOne', role: 'Mid' }),
      () => actions.movePlayer({ ...me(a!), team: 'teamTwo', role: 'ADC' }),
      () => actions.removePlayer(me(a!)),
      () => actions.joinCast(me(a!)),
      () => actions.joinTeam({ ...me(a!), team: 'teamOne', role: 'Top', leaveCast: true }),
      () => actions.joinCast(me(b!)),
      () => actions.leaveCast(me(b!)),
      () => actions.removePlayer({ deps, viewer: { id: admin.id, isAdmin: true }, scrimId: scrim.id, userId: a!.id }),
    ];
    for (const step of steps) {
      const { error, sent } = await counted(step);
      expect(error).toBeNull();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/scrim_slot_change/);
    }
    expect(await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id))).toEqual([]);
  });

  it('a refusal is the same one statement, and its error carries the scrim as it is now, for the viewer', async () => {
    const scrim = await createScrim({ db: db() });
    const [a, b] = await createUsers({ db: db(), count: 2 });
    await addPlayers({ db: db(), scrim, users: [a!], slots: [{ team: 'teamOne', role: 'Top' }] });
    const { error, sent } = await counted(() =>
      actions.joinTeam({
        deps,
        viewer: { id: b!.id, isAdmin: false },
        scrimId: scrim.id,
        userId: b!.id,
        team: 'teamOne',
        role: 'Top',
      }),
    );
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(AppError);
    expect([error!.statusCode, error!.code, error!.message]).toEqual([
      409,
      'SPOT_TAKEN',
      SCRIM_MESSAGES.spotTaken(
        'Team One (Blue Side): Jungle, Mid, ADC, Support; Team Two (Red Side): Top, Jungle, Mid, ADC, Support',
      ),
    ]);
    const body = error!.extra.scrim as Scrim;
    expect(body._id).toBe(scrim.id);
    expect(slotsOf(body)).toEqual({ 'teamOne:Top': a!.id });
    expect(body).not.toHaveProperty('lobbyPassword');
  });

  it("a deleted account's own join or cast (past the session check) is a 401 in the same statement, no place taken", async () => {
    const scrim = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 });
    const gone = await createUser({ db: db(), deletedAt: new Date() });
    const action = { deps, viewer: { id: gone.id, isAdmin: false }, scrimId: scrim.id, userId: gone.id };
    for (const run of [
      () => actions.joinTeam({ ...action, team: 'teamOne', role: 'Top' }),
      () => actions.joinCast(action),
    ]) {
      const { error, sent } = await counted(run);
      expect(sent).toHaveLength(1);
      expect([error?.statusCode, error?.code, error?.message]).toEqual([401, 'UNAUTHORIZED', MESSAGES.notSignedIn]);
      expect(error!.extra).toEqual({});
    }
    expect(await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id))).toEqual([]);
  });

  it("the previous release's six-argument call (a rolling deploy's older instance) is still the same join", async () => {
    const scrim = await createScrim({ db: db() });
    const [player] = await createUsers({ db: db(), count: 1 });
    const result = await db().execute(
      sql`select scrim_slot_change('join', ${scrim.id}::uuid, ${player!.id}::uuid, 'teamOne'::team, 'Mid'::role, false) as result`,
    );
    const [row] = (result as unknown as { rows: { result: unknown }[] }).rows;
    const json = (typeof row!.result === 'string' ? JSON.parse(row!.result) : row!.result) as { refusal: unknown };
    expect(json.refusal).toBeNull();
    const seats = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    expect(seats).toMatchObject([{ userId: player!.id, team: 'teamOne', role: 'Mid', placed: false }]);
  });

  it("the balance's seatings are the statement's too: only sign-ups (or, reseating, players) on free seats", async () => {
    const free = await createScrim({ db: db() });
    const balanced = await createScrim({ db: db(), mode: 'balanced' });
    const [signedUp, stranger, player] = await createUsers({ db: db(), count: 3 });
    await db()
      .insert(scrimSignups)
      .values({ scrimId: balanced.id, userId: signedUp!.id, primaryRole: 'Mid', secondaryRole: 'Top' });
    await addPlayers({ db: db(), scrim: balanced, users: [player!], slots: [{ team: 'teamTwo', role: 'Mid' }] });
    const seat = (userId: string, team: 'teamOne' | 'teamTwo' = 'teamOne') => ({ userId, team, role: 'Mid' as const });
    const attempt = (scrimId: string, action: 'seat' | 'reseat', seats: ReturnType<typeof seat>[]) =>
      db()
        .transaction((tx) => seatPlayers({ tx, scrimId, action, seats }))
        .then(
          () => null,
          (error: AppError) => [error.statusCode, error.code],
        );
    const playersOf = async (scrimId: string) =>
      (await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrimId)))
        .map(
          (p) =>
            `${p.userId === signedUp!.id ? 'signedUp' : p.userId === player!.id ? 'player' : 'other'} ${p.team} ${p.role}`,
        )
        .sort();

    expect(await attempt(free.id, 'seat', [seat(signedUp!.id)])).toEqual([409, 'NOT_BALANCED']);
    expect(await attempt(balanced.id, 'seat', [seat(stranger!.id)])).toEqual([409, 'NOT_SIGNED_UP']);
    expect(await attempt(balanced.id, 'seat', [seat(signedUp!.id, 'teamTwo')])).toEqual([409, 'SPOT_TAKEN']);
    expect(await attempt(balanced.id, 'reseat', [seat(signedUp!.id), seat(stranger!.id, 'teamTwo')])).toEqual([
      409,
      'NOT_SIGNED_UP',
    ]);
    expect(await playersOf(balanced.id)).toEqual(['player teamTwo Mid']);

    expect(await attempt(balanced.id, 'seat', [seat(signedUp!.id)])).toBeNull();
    expect(await playersOf(balanced.id)).toEqual(['player teamTwo Mid', 'signedUp teamOne Mid']);
    // Reseating replaces every player row: the player and the sign-up exchange sides.
    expect(await attempt(balanced.id, 'reseat', [seat(signedUp!.id, 'teamTwo'), seat(player!.id)])).toBeNull();
    expect(await playersOf(balanced.id)).toEqual(['player teamOne Mid', 'signedUp teamTwo Mid']);
  });

  it('the tenth join settles the host in the same statement; kicking the host clears it in the same statement', async () => {
    const scrim = await createScrim({ db: db() });
    const nine = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: nine });
    const tenth = await createUser({ db: db() });
    const joined = await counted(() =>
      actions.joinTeam({
        deps,
        viewer: { id: tenth.id, isAdmin: false },
        scrimId: scrim.id,
        userId: tenth.id,
        ...ALL_SLOTS[9]!,
      }),
    );
    expect(joined.sent).toHaveLength(1);
    const host = joined.value!.scrim.lobbyHost!;
    expect([...nine, tenth].map((u) => u.id)).toContain(host._id);
    const [row] = await db().select({ host: scrims.lobbyHostId }).from(scrims).where(eq(scrims.id, scrim.id));
    expect(row!.host).toBe(host._id);

    const admin = await createAdmin({ db: db() });
    const kicked = await counted(() =>
      actions.removePlayer({ deps, viewer: { id: admin.id, isAdmin: true }, scrimId: scrim.id, userId: host._id }),
    );
    expect(kicked.sent).toHaveLength(1);
    expect(kicked.value!.scrim.lobbyHost).toBeNull();
  });

  it('reading a scrim is one prepared statement', async () => {
    const scrim = await createScrim({ db: db() });
    const user = await createUser({ db: db() });
    const { value, sent } = await counted(() =>
      getScrim({ db: db(), viewer: { id: user.id, isAdmin: false }, scrimId: scrim.id }),
    );
    expect(sent).toHaveLength(1);
    expect(value!._id).toBe(scrim.id);
  });

  it("the aggregate's JSON reads back exactly what Drizzle reads from the tables (every column, Dates)", async () => {
    const [creator, host, player] = await createUsers({ db: db(), count: 3 });
    const scrim = await createScrim({
      db: db(),
      createdBy: creator!.id,
      lobbyHostId: host!.id,
      isWithCasters: true,
      abandonedAt: new Date(Date.now() - 1234),
    });
    await addPlayers({ db: db(), scrim, users: [player!] });
    const caster = await addCaster({ db: db(), scrim });
    await db()
      .insert(riotTournaments)
      .values({ scrimId: scrim.id, tournamentCode: `NA-${scrim.id}`, providerId: 7, tournamentId: 9, lastError: 'x' });
    await db()
      .insert(postGameImages)
      .values({ scrimId: scrim.id, content: Buffer.from('png'), mimeType: 'image/png', width: 1, height: 1 });

    const aggregate = (await findScrimAggregate({ db: db(), id: scrim.id }))!;
    const [scrimRow] = await db().select().from(scrims).where(eq(scrims.id, scrim.id));
    const [tournament] = await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrim.id));
    const [image] = await db().select().from(postGameImages).where(eq(postGameImages.scrimId, scrim.id));
    const rows = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    const userOf = (u: typeof creator) => ({
      id: u!.id,
      name: u!.name,
      summonerTagline: u!.summonerTagline,
      region: u!.region,
      rank: u!.rank,
      discord: u!.discord,
      riotLinkedAt: null,
      reliabilityScore: null,
      reliabilityCommitments: u!.reliabilityCommitments,
    });
    expect(aggregate.scrim).toEqual(scrimRow);
    expect(aggregate.scrim.gameStartTime).toBeInstanceOf(Date);
    expect(aggregate.tournament).toEqual(tournament);
    expect(aggregate.imageAt).toEqual(image!.createdAt);
    expect(aggregate.creator).toEqual(userOf(creator));
    expect(aggregate.host).toEqual(userOf(host));
    const joinedAt = (userId: string) => rows.find((r) => r.userId === userId)!.joinedAt;
    expect(aggregate.participants).toEqual([
      {
        kind: 'player',
        team: 'teamOne',
        role: 'Top',
        joinedAt: joinedAt(player!.id),
        placed: false,
        user: userOf(player),
        rating: null,
      },
      {
        kind: 'caster',
        team: null,
        role: null,
        joinedAt: joinedAt(caster.id),
        placed: false,
        user: userOf(caster),
        rating: null,
      },
    ]);
    expect(aggregate.signups).toEqual([]);
    expect(aggregate.ratingChanges).toEqual([]);
    expect(aggregate.dispute).toBeNull();
    expect(await findScrimAggregate({ db: db(), id: '00000000-0000-4000-8000-000000000000' })).toBeNull();
  });
});

/**
 * Many users over many slots at once, through the HTTP API: each wanted slot has exactly one winner, every other
 * claim a 409 with the current scrim, and each full scrim exactly one host among its ten.
 */
describe(`concurrent joins over many scrims (${engine})`, () => {
  let ctx: TestContext;
  let api: ReturnType<typeof scrimApi>;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = scrimApi(ctx.app);
  });
  afterAll(() => ctx.close());
  const db = () => ctx.database.db;

  it('300 users over the 50 slots of 5 scrims: one winner per slot, the rest refused, hosts settled', async () => {
    const list = await Promise.all(Array.from({ length: 5 }, () => createScrim({ db: db() })));
    const users = await createUsers({ db: db(), count: 300 });
    // Every slot wanted at least once (the first 50), the other 250 spread with a fixed pattern.
    const plan = users.map((user, i) => ({
      user,
      scrim: list[i < 50 ? i % 5 : (i * 7) % 5]!,
      slot: ALL_SLOTS[i < 50 ? Math.floor(i / 5) : (i * 13) % 10]!,
    }));
    const responses = await Promise.all(plan.map((p) => api.join(p.scrim.id, p.user.id, p.slot, p.user.token)));

    const winners = new Map<string, string>();
    plan.forEach((p, i) => {
      const res = responses[i]!;
      const key = `${p.scrim.id}:${p.slot.team}:${p.slot.role}`;
      if (res.statusCode === 200) {
        expect(winners.has(key)).toBe(false);
        winners.set(key, p.user.id);
      } else expect(res.statusCode).toBe(409);
    });
    expect(winners.size).toBe(50);
    // A refusal shows the slot's winner (the scrim as it was when refused).
    plan.forEach((p, i) => {
      const res = responses[i]!;
      if (res.statusCode !== 409) return;
      const body = res.json() as { code: string; scrim: Scrim };
      expect(body.code).toBe('SPOT_TAKEN');
      expect(slotsOf(body.scrim)[`${p.slot.team}:${p.slot.role}`]).toBe(
        winners.get(`${p.scrim.id}:${p.slot.team}:${p.slot.role}`),
      );
    });
    const admin = await createAdmin({ db: db() });
    for (const scrim of list) {
      const rows = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
      expect(rows).toHaveLength(10);
      for (const row of rows) expect(winners.get(`${scrim.id}:${row.team}:${row.role}`)).toBe(row.userId);
      const final = await api.read(scrim.id, admin.token);
      expect(playerIds(final)).toContain(final.lobbyHost?._id);
    }
  });

  it('a full scrim keeps its host when a caster switches nowhere: the switch is refused and the caster stays', async () => {
    const scrim = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 });
    const { host } = await fillScrim({ db: db(), scrim, hostIndex: 3 });
    const caster = await addCaster({ db: db(), scrim });
    const res = await api.call('PATCH', `/api/scrims/${scrim.id}/insert-player/${caster.id}`, {
      token: caster.token,
      payload: { playerData: { role: 'Top', team: { name: 'teamOne' } }, leaveCast: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SPOT_TAKEN', error: SCRIM_MESSAGES.noSpots });
    expect((res.json() as { scrim: Scrim }).scrim.casters.map((c) => c._id)).toEqual([caster.id]);
    expect((res.json() as { scrim: Scrim }).scrim.lobbyHost?._id).toBe(host!.id);
    const rows = await db().select().from(scrimParticipants).where(eq(scrimParticipants.userId, caster.id));
    expect(rows).toMatchObject([{ kind: 'caster' }]);
  });
});
