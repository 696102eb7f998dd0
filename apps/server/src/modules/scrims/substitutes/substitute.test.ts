import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PLACED_MESSAGES,
  SCRIM_MESSAGES,
  SOCKET_EVENTS,
  WAITLIST_MESSAGES,
  SUBSTITUTE_MESSAGES,
  type Scrim,
} from '@scrim-gym/shared';
import {
  communityHosts,
  scrimParticipants,
  scrimSignups,
  scrimSubstitutions,
  scrimWaitlist,
  scrims,
  users,
} from '../../../db/schema/index.js';
import { AUDIT_ACTIONS } from '../../audit/index.js';
import { addToWaitlist, alertTexts, auditRowsOf, commitmentsOf } from '../../../test/check-in-factories.js';
import { createAdmin, createBannedUser, createUser } from '../../../test/factories.js';
import { editBody, expectError, slotsOf } from '../../../test/scrim-api.js';
import { addCaster, createScrim, fillScrim, type TestScrim } from '../../../test/scrim-factories.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation, useSocialApp } from '../../../test/social.js';
import { confirmIfUndisputed } from '../results/result.js';
import { reconcileResult } from '../results/reconcile.js';
import { scrimDepsOf } from '../core/scrim-change.js';

const MINUTE = 60_000;

const t = useSocialApp();
const db = () => t.db();
const deps = () => ({ ...scrimDepsOf(t.app()), ratingRules: { verifiedOnly: false } });
const substitute = (scrimId: string, body: unknown, token?: string) =>
  t.call('POST', `/api/scrims/${scrimId}/substitute`, token, body as object);

/** A full scrim that started `minutesAgo` minutes ago (players[0], teamOne Top, is its lobby captain). */
async function startedScrim(minutesAgo = 10, overrides: Partial<TestScrim> = {}) {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(Date.now() - minutesAgo * MINUTE),
    isWithCasters: true,
    maxCastersAllowedCount: 2,
    ...overrides,
  });
  const { players } = await fillScrim({ db: db(), scrim });
  return { scrim, players };
}

const participantsOf = (scrimId: string) =>
  db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrimId));
const substitutionsOf = (scrimId: string) =>
  db().select().from(scrimSubstitutions).where(eq(scrimSubstitutions.scrimId, scrimId));
describe('POST /api/scrims/:id/substitute', () => {
  it("an admin brings in a waitlisted player: the absentee's exact slot and captaincy, recorded, told, audited, live", async () => {
    const { scrim, players } = await startedScrim();
    const admin = await createAdmin({ db: db() });
    const sub = await createUser({ db: db() });
    await addToWaitlist({ db: db(), scrim, entries: [{ user: sub, role: 'Support' }] });
    const watcher = await t.client(players[4]!.token);
    await watcher.request(SOCKET_EVENTS.joinScrimRoom, scrim.id);
    const subSocket = await t.client(sub.token);
    const absent = players[0]!;

    const body = expectStatus<Scrim>(
      await substitute(scrim.id, { outUserId: absent.id, inUserId: sub.id }, admin.token),
      200,
    );
    expect(slotsOf(body)['teamOne:Top']).toBe(sub.id);
    expect(Object.values(slotsOf(body))).not.toContain(absent.id);
    expect(body.lobbyHost?._id).toBe(sub.id);
    expect(body.waitlist).toEqual([]);
    expect(body.substitutions).toEqual([
      {
        outUserId: absent.id,
        inUserId: sub.id,
        // Both named: the absentee is no longer in any slot.
        outUser: expect.objectContaining({ _id: absent.id, name: absent.name }) as unknown,
        inUser: expect.objectContaining({ _id: sub.id, name: sub.name }) as unknown,
        createdAt: expect.any(String) as string,
      },
    ]);
    const live = await watcher.next<Scrim>(
      SOCKET_EVENTS.getScrimTransaction,
      (s) => s._id === scrim.id && s.substitutions.length === 1,
    );
    expect(slotsOf(live)['teamOne:Top']).toBe(sub.id);

    const [row] = await substitutionsOf(scrim.id);
    expect(row!.byUserId).toBe(admin.id);
    expect(await commitmentsOf({ db: db(), scrimId: scrim.id })).toEqual({ [absent.id]: 'no_show' });
    const [absentRow] = await db().select().from(users).where(eq(users.id, absent.id));
    expect(absentRow!.noShowStrikes).toBe(1);
    const [action] = await auditRowsOf({ db: db(), scrimId: scrim.id, action: AUDIT_ACTIONS.substitute });
    expect(action).toMatchObject({ actorId: admin.id, targetUserId: absent.id });
    expect(action!.details).toEqual({ inUserId: sub.id, team: 'teamOne', role: 'Top' });
    const [penalty] = await auditRowsOf({ db: db(), scrimId: scrim.id, action: AUDIT_ACTIONS.noShowPenalty });
    expect(penalty).toMatchObject({ actorId: admin.id, targetUserId: absent.id });

    // Both are written in one transaction (the same created_at): compared as a set.
    expect((await alertTexts({ db: db(), userId: absent.id, scrimId: scrim.id })).sort()).toEqual(
      [
        SUBSTITUTE_MESSAGES.replacedNotification(scrim.title, sub.name),
        WAITLIST_MESSAGES.noShowWarning(scrim.title),
      ].sort(),
    );
    // Brought in by the admin, the substitute is placed and told so (they may leave at no cost, or confirm).
    expect(body.placed).toEqual([sub.id]);
    const told = PLACED_MESSAGES.substituteNotification(admin.name, scrim.title, 'Team One (Blue Side) Top');
    expect(await alertTexts({ db: db(), userId: sub.id, scrimId: scrim.id, kind: 'scrim_placed' })).toEqual([told]);
    await subSocket.next(SOCKET_EVENTS.getNotification, (n) => n.message === told);
  });

  it("the scrim's community host substitutes a waiting player; a stranger is refused (HOST_LIMIT), not an admin", async () => {
    const host = await createUser({ db: db() });
    await db().insert(communityHosts).values({ userId: host.id, region: 'NA' });
    const admin = await createAdmin({ db: db() });
    const { scrim, players } = await startedScrim(5, { hostedBy: host.id, createdBy: host.id });
    const [stranger, waiting] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await addToWaitlist({ db: db(), scrim, entries: [{ user: waiting, role: 'any' }] });

    const refused = expectError(
      await substitute(scrim.id, { outUserId: players[7]!.id, inUserId: stranger.id }, host.token),
      403,
      'HOST_LIMIT',
    );
    expect(refused.error).toBe(SCRIM_MESSAGES.hostLimitPlayer);
    expect(await substitutionsOf(scrim.id)).toEqual([]);
    expect((await participantsOf(scrim.id)).map((p) => p.userId)).toContain(players[7]!.id);
    expect(await db().select().from(users).where(eq(users.id, players[7]!.id))).toMatchObject([{ noShowStrikes: 0 }]);

    const body = expectStatus<Scrim>(
      await substitute(scrim.id, { outUserId: players[7]!.id, inUserId: waiting.id }, host.token),
      200,
    );
    expect(slotsOf(body)['teamTwo:Mid']).toBe(waiting.id);
    expect(body.lobbyHost?._id).toBe(players[0]!.id);
    const [action] = await auditRowsOf({ db: db(), scrimId: scrim.id, action: AUDIT_ACTIONS.substitute });
    expect(action!.actorId).toBe(host.id);

    // An admin keeps the spec's rule: any user.
    const byAdmin = expectStatus<Scrim>(
      await substitute(scrim.id, { outUserId: players[8]!.id, inUserId: stranger.id }, admin.token),
      200,
    );
    expect(slotsOf(byAdmin)['teamTwo:ADC']).toBe(stranger.id);
  });

  it("refuses no session, a player, the captain, another scrim's host and a banned user; nothing written", async () => {
    const { scrim, players } = await startedScrim();
    const otherHost = await createUser({ db: db() });
    await db().insert(communityHosts).values({ userId: otherHost.id, region: 'NA' });
    await createScrim({ db: db(), hostedBy: otherHost.id });
    const banned = await createBannedUser({ db: db() });
    const sub = await createUser({ db: db() });
    const valid = { outUserId: players[3]!.id, inUserId: sub.id };
    expectNoSession(await substitute(scrim.id, valid));
    // Neither admins nor hosts are refused before the body is read; another scrim's host by the service.
    for (const user of [players[5]!, players[0]!, sub]) {
      expectError(await substitute(scrim.id, valid, user.token), 403, 'FORBIDDEN');
    }
    expectError(await substitute(scrim.id, valid, otherHost.token), 403, 'NOT_HOST');
    expectBanned(await substitute(scrim.id, valid, banned.token));
    expect(await substitutionsOf(scrim.id)).toEqual([]);
    expect((await participantsOf(scrim.id)).map((p) => p.userId)).toContain(players[3]!.id);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const { scrim, players } = await startedScrim();
    const admin = await createAdmin({ db: db() });
    const caster = await addCaster({ db: db(), scrim });
    const banned = await createBannedUser({ db: db() });
    const deleted = await createUser({ db: db(), deletedAt: new Date() });
    const outsider = await createUser({ db: db() });
    const before = (await participantsOf(scrim.id)).map((p) => `${p.userId}:${p.kind}:${p.team}:${p.role}`).sort();
    const out = players[2]!.id;
    const cases: [unknown, number, string, string?][] = [
      [{ outUserId: out }, 400, 'VALIDATION'],
      [{ outUserId: 'x', inUserId: outsider.id }, 400, 'VALIDATION'],
      [{ outUserId: outsider.id, inUserId: players[9]!.id }, 409, 'NOT_A_PLAYER', SUBSTITUTE_MESSAGES.outNotAPlayer],
      [{ outUserId: caster.id, inUserId: outsider.id }, 409, 'NOT_A_PLAYER', SUBSTITUTE_MESSAGES.outNotAPlayer],
      [{ outUserId: out, inUserId: players[9]!.id }, 409, 'ALREADY_PLAYER', SUBSTITUTE_MESSAGES.inAlreadyPlayer],
      [{ outUserId: out, inUserId: out }, 409, 'ALREADY_PLAYER', SUBSTITUTE_MESSAGES.inAlreadyPlayer],
      [{ outUserId: out, inUserId: caster.id }, 409, 'ALREADY_CASTER', SUBSTITUTE_MESSAGES.inAlreadyCaster],
      [{ outUserId: out, inUserId: banned.id }, 409, 'SUBSTITUTE_BANNED', SUBSTITUTE_MESSAGES.inBanned],
      [{ outUserId: out, inUserId: deleted.id }, 404, 'USER_NOT_FOUND', SUBSTITUTE_MESSAGES.inNotFound],
      [
        { outUserId: out, inUserId: '00000000-0000-4000-8000-000000000000' },
        404,
        'USER_NOT_FOUND',
        SUBSTITUTE_MESSAGES.inNotFound,
      ],
    ];
    for (const [body, status, code, text] of cases) {
      if (status === 400) expectValidation(await substitute(scrim.id, body, admin.token));
      else expectError(await substitute(scrim.id, body, admin.token), status, code, text);
    }
    expectError(
      await substitute('00000000-0000-4000-8000-000000000000', { outUserId: out, inUserId: outsider.id }, admin.token),
      404,
      'SCRIM_NOT_FOUND',
    );
    const after = (await participantsOf(scrim.id)).map((p) => `${p.userId}:${p.kind}:${p.team}:${p.role}`).sort();
    expect(after).toEqual(before);
    expect(await substitutionsOf(scrim.id)).toEqual([]);
    expect(await commitmentsOf({ db: db(), scrimId: scrim.id })).toEqual({});
    expect(await auditRowsOf({ db: db(), scrimId: scrim.id, action: AUDIT_ACTIONS.substitute })).toEqual([]);
  });

  it('only after the start and before a confirmed result; not on a cancelled or abandoned scrim (409)', async () => {
    const admin = await createAdmin({ db: db() });
    const sub = await createUser({ db: db() });
    const tryOn = async (scrim: TestScrim, players: { id: string }[]) =>
      substitute(scrim.id, { outUserId: players[1]!.id, inUserId: sub.id }, admin.token);
    const upcoming = await startedScrim(-10);
    expectError(await tryOn(upcoming.scrim, upcoming.players), 409, 'NOT_STARTED', SUBSTITUTE_MESSAGES.notStarted);
    const confirmed = await startedScrim(60, {
      teamWon: 'teamOne',
      resultStatus: 'confirmed',
      resultSource: 'admin',
      resultConfirmedAt: new Date(),
    });
    expectError(await tryOn(confirmed.scrim, confirmed.players), 409, 'RESULT_CONFIRMED');
    const cancelled = await startedScrim(10, { cancelledAt: new Date(), cancelReason: 'Server down' });
    expectError(await tryOn(cancelled.scrim, cancelled.players), 409, 'SCRIM_CANCELLED');
    const abandoned = await startedScrim(40, { abandonedAt: new Date() });
    expectError(await tryOn(abandoned.scrim, abandoned.players), 409, 'SCRIM_ABANDONED');
    for (const { scrim } of [upcoming, confirmed, cancelled, abandoned])
      expect(await substitutionsOf(scrim.id)).toEqual([]);

    // A captain's report still pending is not confirmed: the substitute may still come in (and will be rated).
    const pending = await startedScrim(60, {
      teamWon: 'teamOne',
      resultStatus: 'pending',
      resultSource: 'captain',
      resultReportedAt: new Date(),
    });
    expectStatus(await tryOn(pending.scrim, pending.players), 200);
  });

  it('a balanced scrim: the substitute takes the seat and its sign-up, the absentee gives theirs up', async () => {
    const admin = await createAdmin({ db: db() });
    const { scrim, players } = await startedScrim(5, { mode: 'balanced' });
    await db()
      .insert(scrimSignups)
      .values(
        players.map((p) => ({
          scrimId: scrim.id,
          userId: p.id,
          primaryRole: 'Fill' as const,
          secondaryRole: 'Fill' as const,
        })),
      );
    const sub = await createUser({ db: db() });
    expectStatus(await substitute(scrim.id, { outUserId: players[6]!.id, inUserId: sub.id }, admin.token), 200);
    const signups = await db().select().from(scrimSignups).where(eq(scrimSignups.scrimId, scrim.id));
    expect(signups.map((s) => s.userId)).toContain(sub.id);
    expect(signups.map((s) => s.userId)).not.toContain(players[6]!.id);
    expect(signups.find((s) => s.userId === sub.id)!.primaryRole).toBe('Jungle');
    expect(await db().select().from(scrimWaitlist).where(eq(scrimWaitlist.scrimId, scrim.id))).toEqual([]);
  });
});

describe('results count the substitute', () => {
  it("a confirmed result after a substitution rates the substitute and not the absentee; 'played' for the ten", async () => {
    const admin = await createAdmin({ db: db() });
    const { scrim, players } = await startedScrim(30);
    const sub = await createUser({ db: db() });
    const absent = players[6]!;
    expectStatus(await substitute(scrim.id, { outUserId: absent.id, inUserId: sub.id }, admin.token), 200);

    const won = expectStatus<Scrim>(
      await t.call('PATCH', `/api/scrims/${scrim.id}/set-winner`, admin.token, { winnerTeamName: 'teamTwo' }),
      200,
    );
    const rated = won.ratingChanges.map((c) => c.userId);
    expect(rated).toHaveLength(10);
    expect(rated).toContain(sub.id);
    expect(rated).not.toContain(absent.id);
    const subChange = won.ratingChanges.find((c) => c.userId === sub.id)!;
    expect(subChange.after).toBeGreaterThan(subChange.before);

    const commitments = await commitmentsOf({ db: db(), scrimId: scrim.id });
    expect(commitments[absent.id]).toBe('no_show');
    expect(commitments[sub.id]).toBe('played');
    expect(Object.values(commitments).filter((o) => o === 'played')).toHaveLength(10);
  });
});

describe("'played' commitments when a result is confirmed", () => {
  it('each way a result becomes confirmed records them once; a changed or cleared result does not count twice', async () => {
    const admin = await createAdmin({ db: db() });
    const playedCount = async (scrimId: string) =>
      Object.values(await commitmentsOf({ db: db(), scrimId })).filter((o) => o === 'played').length;

    // Riot's result.
    const riot = await startedScrim(30);
    const items = [{ kind: 'callback', verdict: 'winner', team: 'teamOne', gameId: 1 }] as const;
    expect((await reconcileResult({ deps: deps(), scrimId: riot.scrim.id, items: [...items] })).changed).toBe(true);
    expect(await playedCount(riot.scrim.id)).toBe(10);

    // A captain's report: pending records nothing; confirmed by the other team, ten.
    const reported = await startedScrim(30);
    const captain = reported.players[0]!;
    expectStatus(
      await t.call('PATCH', `/api/scrims/${reported.scrim.id}/set-winner`, captain.token, {
        winnerTeamName: 'teamOne',
      }),
      200,
    );
    expect(await playedCount(reported.scrim.id)).toBe(0);
    expectStatus(
      await t.call('POST', `/api/scrims/${reported.scrim.id}/confirm-result`, reported.players[5]!.token),
      200,
    );
    expect(await playedCount(reported.scrim.id)).toBe(10);

    // A report nobody answered confirms itself when its window ends.
    const silent = await startedScrim(30, {
      teamWon: 'teamTwo',
      resultStatus: 'pending',
      resultSource: 'captain',
      resultReportedAt: new Date(Date.now() - 31 * MINUTE),
    });
    expect(await confirmIfUndisputed({ deps: deps(), scrimId: silent.scrim.id })).toBe(true);
    expect(await playedCount(silent.scrim.id)).toBe(10);

    // The admin's edit form: set, changed, cleared, set again: still one row per player.
    const edited = await startedScrim(30);
    const [row] = await db().select().from(scrims).where(eq(scrims.id, edited.scrim.id));
    const put = (teamWon: string | null) =>
      t.call('PUT', `/api/scrims/${edited.scrim.id}`, admin.token, editBody(row!, { teamWon }));
    for (const teamWon of ['teamOne', 'teamTwo', null, 'teamOne']) expectStatus(await put(teamWon), 200);
    const commitments = await commitmentsOf({ db: db(), scrimId: edited.scrim.id });
    expect(Object.keys(commitments)).toHaveLength(10);
    expect(Object.values(commitments).every((o) => o === 'played')).toBe(true);
    const [player] = await db().select().from(users).where(eq(users.id, edited.players[0]!.id));
    expect(player!.reliabilityScore).toBe(100);
  });
});
