import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, type DisputeOutcome, type Scrim } from '@scrim-gym/shared';
import {
  communityHosts,
  notifications,
  playerRatings,
  ratedResults,
  resultDisputes,
  scrimCommitments,
  scrims,
  users,
} from '../../../db/schema/index.js';
import { createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { expectError } from '../../../test/scrim-api.js';
import { addCaster, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { scrimSuite } from '../../../test/scrim-suite.js';

const suite = scrimSuite();
const { db } = suite;
const MINUTE = 60_000;

/**
 * A full NA scrim that started 40 minutes ago (created and hosted by `hostedBy` when given): its captain
 * (players[1], Blue) reported Blue's win and players[6] (Red) disputed it.
 */
async function disputed(hostedBy?: TestUser) {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(Date.now() - 40 * MINUTE),
    ...(hostedBy && { createdBy: hostedBy.id, hostedBy: hostedBy.id }),
  });
  const { players, host } = await fillScrim({ db: db(), scrim, hostIndex: 1 });
  const caster = await addCaster({ db: db(), scrim });
  expect((await suite.api.setWinner(scrim.id, 'teamOne', host!.token)).statusCode).toBe(200);
  const res = await suite.api.call('POST', `/api/scrims/${scrim.id}/dispute-result`, {
    token: players[6]!.token,
    payload: { reason: 'Blue had a smurf' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { scrim, players, caster, blue: players.slice(0, 5), red: players.slice(5) };
}

const resolve = (scrimId: string, token?: string, payload: unknown = { outcome: 'keep', reason: 'Replay checked' }) =>
  suite.api.call('POST', `/api/admin/scrims/${scrimId}/resolve-dispute`, { token, payload: payload as object });
const rowOf = async (scrimId: string) => (await db().select().from(scrims).where(eq(scrims.id, scrimId)))[0]!;
const disputesOf = (scrimId: string) => db().select().from(resultDisputes).where(eq(resultDisputes.scrimId, scrimId));
const ratedOf = (scrimId: string) => db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId));
const decidedOf = (scrimId: string) =>
  db()
    .select()
    .from(notifications)
    .where(eq(notifications.relatedScrimId, scrimId))
    .then((rows) => rows.filter((n) => n.kind === 'result_decided'));
const ratingOf = async (userId: string) =>
  (await db().select().from(playerRatings).where(eq(playerRatings.userId, userId)))[0];

/** Nothing of the dispute changed: still disputed, open, unrated, nobody told. */
async function expectUntouched(scrimId: string, before: typeof scrims.$inferSelect) {
  expect(await rowOf(scrimId)).toEqual(before);
  expect((await disputesOf(scrimId)).map((d) => d.resolvedAt)).toEqual([null]);
  expect(await ratedOf(scrimId)).toEqual([]);
  expect(await decidedOf(scrimId)).toEqual([]);
}

describe('POST /api/admin/scrims/:id/resolve-dispute: who', () => {
  it('refuses visitors, players, banned users and community hosts (of the region, of the scrim, of another region)', async () => {
    const sameRegionHost = await createUser({ db: db(), region: 'NA' });
    const otherRegionHost = await createUser({ db: db(), region: 'EUW' });
    await db()
      .insert(communityHosts)
      .values([
        { userId: sameRegionHost.id, region: 'NA' },
        { userId: otherRegionHost.id, region: 'EUW' },
      ]);
    // The community host who runs the scrim (its creator) may not decide its dispute either.
    const { scrim, players, caster } = await disputed(sameRegionHost);
    const banned = await createBannedUser({ db: db() });
    const stranger = await createUser({ db: db() });
    const before = await rowOf(scrim.id);

    expect((await resolve(scrim.id)).statusCode).toBe(401);
    for (const user of [banned, stranger, caster, players[1]!, players[6]!, sameRegionHost, otherRegionHost]) {
      expect((await resolve(scrim.id, user.token)).statusCode, user.name).toBe(403);
    }
    await expectUntouched(scrim.id, before);
  });

  it('refuses an admin who played in the scrim (another admin decides)', async () => {
    const { scrim, red } = await disputed();
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, red[2]!.id));
    const before = await rowOf(scrim.id);
    expectError(await resolve(scrim.id, red[2]!.token), 403, 'NOT_IMPARTIAL', RESULT_MESSAGES.notImpartial);
    // Setting the winner over the dispute is the same judgement.
    expectError(await suite.api.setWinner(scrim.id, 'teamTwo', red[2]!.token), 403, 'NOT_IMPARTIAL');
    await expectUntouched(scrim.id, before);
  });
});

describe('POST /api/admin/scrims/:id/resolve-dispute: what', () => {
  it('needs an outcome and a reason of 1 to 500 characters; nothing is written otherwise', async () => {
    const { scrim } = await disputed();
    const before = await rowOf(scrim.id);
    for (const payload of [
      {},
      { outcome: 'keep' },
      { outcome: 'keep', reason: '   ' },
      { outcome: 'keep', reason: 'x'.repeat(501) },
      { outcome: 'teamOne', reason: 'why' },
      { outcome: 'keep', reason: 7 },
      { reason: 'why' },
    ]) {
      expect((await resolve(scrim.id, suite.admin.token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await resolve(scrim.id, suite.admin.token, { outcome: 'keep', reason: '' });
    expect(missing.json()).toMatchObject({ details: [{ message: RESULT_MESSAGES.decisionReasonEmpty }] });
    expect((await resolve('nope', suite.admin.token)).statusCode).toBe(400);
    expectError(await resolve('00000000-0000-4000-8000-000000000000', suite.admin.token), 404, 'SCRIM_NOT_FOUND');
    await expectUntouched(scrim.id, before);
  });

  it('refuses a scrim whose result is not disputed (409): pending, confirmed, or none', async () => {
    const pending = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 40 * MINUTE) });
    const { host } = await fillScrim({ db: db(), scrim: pending, hostIndex: 1 });
    expect((await suite.api.setWinner(pending.id, 'teamOne', host!.token)).statusCode).toBe(200);
    const confirmed = await createScrim({ db: db(), teamWon: 'teamTwo', gameStartTime: new Date(Date.now() - MINUTE) });
    const none = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - MINUTE) });
    for (const scrim of [pending, confirmed, none]) {
      const before = await rowOf(scrim.id);
      expectError(await resolve(scrim.id, suite.admin.token), 409, 'NOT_DISPUTED', RESULT_MESSAGES.notDisputed);
      expect(await rowOf(scrim.id)).toEqual(before);
    }
    // A dispute answered once is over: the second answer is refused.
    const { scrim } = await disputed();
    expect((await resolve(scrim.id, suite.admin.token)).statusCode).toBe(200);
    expectError(
      await resolve(scrim.id, suite.admin.token, { outcome: 'red', reason: 'Changed my mind' }),
      409,
      'NOT_DISPUTED',
    );
  });
});

describe('POST /api/admin/scrims/:id/resolve-dispute: the answer', () => {
  /** Resolves as the admin and checks what every player was told (their own rating change included). */
  async function answer(outcome: DisputeOutcome, reason: string) {
    const world = await disputed();
    const res = await resolve(world.scrim.id, suite.admin.token, { outcome, reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const told = await decidedOf(world.scrim.id);
    // Every player once (the caster is not a player), and nobody else.
    expect(told.map((n) => n.userId).sort()).toEqual(world.players.map((p) => p.id).sort());
    for (const note of told) expect(note.message).toContain(`Reason: ${reason}.`);
    const [dispute] = await disputesOf(world.scrim.id);
    expect(dispute).toMatchObject({ resolvedBy: suite.admin.id, resolutionReason: reason });
    expect(dispute!.resolvedAt).toBeInstanceOf(Date);
    return { ...world, body: res.json() as Scrim, told, dispute: dispute! };
  }
  const messageOf = (told: { userId: string; message: string }[], user: TestUser) =>
    told.find((n) => n.userId === user.id)!.message;

  it("keeps Blue's win: confirmed, rated, each player told their own rating change", async () => {
    const { scrim, body, told, dispute, blue, red } = await answer('keep', 'The replay shows a fair game');
    expect(body.result).toMatchObject({ status: 'confirmed', source: 'admin' });
    expect(body.teamWon).toBe('teamOne');
    expect(dispute.outcome).toBe('keep');
    expect(await ratedOf(scrim.id)).toMatchObject([{ teamWon: 'teamOne' }]);
    const winner = (await ratingOf(blue[0]!.id))!;
    const loser = (await ratingOf(red[0]!.id))!;
    expect(winner.wins).toBe(1);
    expect(loser.wins).toBe(0);
    const blueNote = messageOf(told, blue[0]!);
    expect(blueNote).toContain(
      `An admin decided the disputed result of ${scrim.title}: Team One (Blue Side) won, the report stands.`,
    );
    expect(blueNote).toMatch(new RegExp(`Your rating: \\+\\d+ \\(now ${winner.rating}\\)\\.$`));
    expect(messageOf(told, red[0]!)).toMatch(new RegExp(`Your rating: −\\d+ \\(now ${loser.rating}\\)\\.$`));
    // The played games count once the result is decided.
    const played = await db().select().from(scrimCommitments).where(eq(scrimCommitments.scrimId, scrim.id));
    expect(played.filter((c) => c.outcome === 'played')).toHaveLength(10);
    // The admins' queue is empty of it.
    const queue = await suite.api.call('GET', '/api/admin/disputes', { token: suite.admin.token });
    expect((queue.json() as { scrimId: string }[]).map((d) => d.scrimId)).not.toContain(scrim.id);
  });

  it('gives Red the win: the report is overturned, Red rated as winners', async () => {
    const { scrim, body, told, dispute, blue, red } = await answer('red', 'Blue fielded an unregistered sub');
    expect(body.teamWon).toBe('teamTwo');
    expect(body.result).toMatchObject({ status: 'confirmed', source: 'admin' });
    expect(dispute.outcome).toBe('red');
    expect(await ratedOf(scrim.id)).toMatchObject([{ teamWon: 'teamTwo' }]);
    expect((await ratingOf(red[0]!.id))!.wins).toBe(1);
    expect(messageOf(told, red[0]!)).toContain('Team Two (Red Side) won, the report was overturned.');
    expect(messageOf(told, red[0]!)).toMatch(/Your rating: \+\d+/);
    expect(messageOf(told, blue[0]!)).toMatch(/Your rating: −\d+/);
  });

  it('naming the reported winner keeps the report', async () => {
    const { dispute, body } = await answer('blue', 'Checked with both captains');
    expect(dispute.outcome).toBe('keep');
    expect(body.teamWon).toBe('teamOne');
  });

  it('no result: cleared, rated for nobody, every player told their rating did not change', async () => {
    const { scrim, body, told, dispute, players } = await answer('none', 'The game was remade');
    expect(body.teamWon).toBeNull();
    expect(body.result).toBeNull();
    expect(dispute.outcome).toBe('none');
    expect(await ratedOf(scrim.id)).toEqual([]);
    const row = await rowOf(scrim.id);
    expect(row).toMatchObject({ teamWon: null, resultStatus: null, resultSource: null });
    for (const player of players) {
      expect(messageOf(told, player)).toBe(
        `An admin decided the disputed result of ${scrim.title}: no result, the game counts for nobody. ` +
          'Reason: The game was remade. Your rating did not change.',
      );
    }
  });
});
