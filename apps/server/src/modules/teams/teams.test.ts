import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEAM_INVITE_DAYS,
  TEAM_SEARCH_PAGE_SIZE,
  type OpenTeamInvite,
  type Team,
  type TeamAbilities,
  type TeamSummary,
  type TeamView,
} from '@scrim-gym/shared';
import { teamInvites, teamMembers, teams } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { callApi, expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { createUserTuple } from '../../test/scrim-factories.js';
import { teamApi, teamBody } from '../../test/team-api.js';
import { TEAM_CREATE_BURST, TEAM_INVITE_BURST } from './teams.routes.js';
import { displayRating, seedRating, seedTeamRating } from '../ratings/index.js';

/**
 * The teams' routes: who may call each (no session, another user, banned, admin), bad input refused with nothing
 * written, and the rules: look-alike names and tags, the 3-team limit, invite links, ownership, the seed rating.
 */
const PUBLIC_URL = 'https://scrim-gym.test';
let ctx: TestContext;
let api: ReturnType<typeof teamApi>;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  api = teamApi(callApi(ctx.app));
  [admin, banned] = await Promise.all([createAdmin({ db: db() }), createBannedUser({ db: db() })]);
});
afterAll(async () => ctx?.close());

/** Rows of the teams' tables, to prove a refused call wrote nothing. */
async function teamRows() {
  const [[t], [m], [i]] = await Promise.all([
    db().select({ n: count() }).from(teams),
    db().select({ n: count() }).from(teamMembers),
    db().select({ n: count() }).from(teamInvites),
  ]);
  return { teams: t!.n, members: m!.n, invites: i!.n };
}

/** A team of `owner` with `members` joined through an invite. */
async function teamWith(owner: TestUser, members: TestUser[] = [], body = teamBody()) {
  const team = await api.createOk(owner, body);
  for (const member of members) await api.joinOk(team._id, owner, member);
  return team;
}

const memberOf = (team: Team, user: TestUser) => team.members.find((m) => m.user._id === user.id);

describe('POST /api/teams', () => {
  it('creates the team: the creator owns and captains it, in their preferred position', async () => {
    const owner = await createUser({ db: db(), primaryRole: 'Jungle' });
    const body = teamBody({ logoUrl: 'https://cdn.example.com/logo.png' });
    const team = expectStatus<{ team: Team }>(await api.create(owner, body), 201).team;
    expect(team).toMatchObject({
      name: body.name,
      tag: body.tag,
      region: 'NA',
      logoUrl: 'https://cdn.example.com/logo.png',
      reliability: { score: null, played: 0, lateCancels: 0, noShows: 0 },
      record: { wins: 0, losses: 0 },
    });
    expect(team.members).toEqual([
      {
        user: expect.objectContaining({ _id: owner.id, name: owner.name }),
        role: 'Jungle',
        isCaptain: true,
        isOwner: true,
        joinedAt: expect.any(String),
      },
    ]);
    expect(expectStatus<{ team: Team }>(await api.get(team._id, owner), 200).team).toEqual(team);
  });

  it('starts a creator without a position (Fill) as a Sub', async () => {
    const owner = await createUser({ db: db(), primaryRole: 'Fill' });
    expect((await api.createOk(owner)).members[0]!.role).toBe('Sub');
  });

  it('refuses a visitor, a banned user and bad input, writing nothing', async () => {
    const user = await createUser({ db: db() });
    const before = await teamRows();
    expectNoSession(await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: teamBody() }));
    expectBanned(await api.create(banned));
    for (const bad of [
      teamBody({ tag: 'abc' }),
      teamBody({ tag: 'TOOLONG' }),
      teamBody({ tag: 'A' }),
      teamBody({ tag: 'A-B' }),
      teamBody({ name: 'ab' }),
      teamBody({ name: 'x'.repeat(33) }),
      teamBody({ name: 'Zero\u200bWidth' }),
      teamBody({ name: 'Bad <script>' }),
      teamBody({ logoUrl: 'http://cdn.example.com/logo.png' }),
      teamBody({ logoUrl: 'javascript:alert(1)' }),
      { ...teamBody(), region: 'MARS' },
      { name: 'No tag', region: 'NA' },
    ]) {
      expectValidation(await api.create(user, bad));
    }
    expect(await teamRows()).toEqual(before);
  });

  it('refuses a name or a tag that folds to a taken one in the region, and allows it in another region', async () => {
    const [a, b, c] = await createUserTuple(db(), 3);
    const taken = await api.createOk(a, teamBody({ name: 'Team Faker', tag: 'T1' }));
    const before = await teamRows();
    // Digits read as letters, capitals I and lower-case l, a Cyrillic а, spacing and case: one name each.
    for (const tag of ['TL', 'TI', 'T1']) {
      expectError(await api.create(c, teamBody({ tag })), 409, 'TEAM_TAG_TAKEN');
    }
    for (const name of ['Team Fak3r', 'team   faker', 'TeamFaker', 'Team Fаker']) {
      expectError(await api.create(b, teamBody({ name })), 409, 'TEAM_NAME_TAKEN');
    }
    expect(await teamRows()).toEqual(before);
    const elsewhere = await api.createOk(b, teamBody({ name: 'Team Faker', tag: 'T1', region: 'EUW' }));
    expect(elsewhere.region).toBe('EUW');
    expect(taken.tag).toBe('T1');
  });

  it('puts a user on at most 3 teams', async () => {
    const user = await createUser({ db: db() });
    for (let i = 0; i < 3; i++) await api.createOk(user);
    const before = await teamRows();
    expectError(await api.create(user), 409, 'TEAM_LIMIT');
    expect(await teamRows()).toEqual(before);
  });
});

describe('budgets per user', () => {
  it('lets a user create teams in a burst, then answers 429 with Retry-After, writing nothing; others go on', async () => {
    const [busy, other] = await createUserTuple(db(), 2);
    for (let i = 0; i < 3; i++) await api.createOk(busy);
    for (let i = 3; i < TEAM_CREATE_BURST; i++) expectError(await api.create(busy), 409, 'TEAM_LIMIT');
    const before = await teamRows();
    const refused = await api.create(busy);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await teamRows()).toEqual(before);
    await api.createOk(other);
  });

  it('lets a captain make invite links in a burst, then answers 429', async () => {
    const owner = await createUser({ db: db() });
    const team = await api.createOk(owner);
    for (let i = 0; i < TEAM_INVITE_BURST; i++) await api.inviteOk(team._id, owner);
    const before = await teamRows();
    expectError(await api.invite(team._id, owner), 429, 'RATE_LIMITED');
    expect(await teamRows()).toEqual(before);
  });
});

describe('GET /api/teams/:id', () => {
  it("seeds the rating from the players' ratings (coaches aside): provisional, on the players' scale", async () => {
    const [owner, challenger, coach] = await Promise.all([
      createUser({ db: db(), rank: 'Gold 2' }),
      createUser({ db: db(), rank: 'Challenger' }),
      createUser({ db: db(), rank: 'Iron 4' }),
    ]);
    const team = await teamWith(owner, [challenger, coach]);
    await api.setMember(team._id, coach.id, owner, { role: 'Coach', isCaptain: false });
    const { rating } = expectStatus<{ team: Team }>(await api.get(team._id, owner), 200).team;
    const expected = seedTeamRating([seedRating('Gold 2'), seedRating('Challenger')]);
    expect(rating.mu).toBeCloseTo(expected.mu, 10);
    expect(rating.sigma).toBeCloseTo(expected.sigma, 10);
    expect(rating).toMatchObject({ display: displayRating(expected), provisional: true });
    expect(rating.mu).toBeGreaterThan(seedRating('Gold 2').mu);
  });

  it('answers 404 for an unknown team, 400 for a malformed id, 401 without a session', async () => {
    const user = await createUser({ db: db() });
    expectError(await api.get('00000000-0000-4000-8000-000000000000', user), 404, 'TEAM_NOT_FOUND');
    expectValidation(await api.get('not-a-uuid', user));
    const team = await api.createOk(user);
    expectNoSession(await ctx.app.inject({ method: 'GET', url: `/api/teams/${team._id}` }));
    expectBanned(await api.get(team._id, banned));
  });
});

describe('what a team says its viewer may do', () => {
  it("sends each viewer's abilities, and each one the routes grant is the answer they give", async () => {
    const [owner, captain, member, stranger] = await createUserTuple(db(), 4);
    const team = await api.createOk(owner);
    const first = await api.inviteOk(team._id, owner);
    for (const joiner of [captain, member]) expectStatus(await api.join(first.token, joiner), 200);
    await api.setMember(team._id, captain.id, owner, { role: 'Top', isCaptain: true });
    const canOf = async (as: TestUser) => expectStatus<{ team: TeamView }>(await api.get(team._id, as), 200).team.can;
    const expected: [TestUser, TeamAbilities][] = [
      [owner, { edit: true, invite: true, manageMembers: true, transferOwnership: true, delete: true, leave: false }],
      [
        captain,
        { edit: true, invite: true, manageMembers: true, transferOwnership: false, delete: false, leave: true },
      ],
      [
        member,
        { edit: false, invite: false, manageMembers: false, transferOwnership: false, delete: false, leave: true },
      ],
      [
        stranger,
        { edit: false, invite: false, manageMembers: false, transferOwnership: false, delete: false, leave: false },
      ],
      [
        admin,
        { edit: false, invite: false, manageMembers: false, transferOwnership: false, delete: false, leave: false },
      ],
    ];
    for (const [as, can] of expected) {
      expect(await canOf(as), as.name).toEqual(can);
      // The powers that change nothing when used as a no-op: the route's answer is the flag.
      expect((await api.patch(team._id, as, { name: team.name })).statusCode === 200, `${as.name} edit`).toBe(can.edit);
      expect((await api.invite(team._id, as)).statusCode === 201, `${as.name} invite`).toBe(can.invite);
      const place = { role: 'Mid' as const, isCaptain: false };
      expect(
        (await api.setMember(team._id, member.id, as, place)).statusCode === 200,
        `${as.name} manage members`,
      ).toBe(can.manageMembers);
    }
    // The answers of the changes themselves carry the changer's abilities.
    const changed = expectStatus<{ team: TeamView }>(await api.patch(team._id, captain, { name: team.name }), 200);
    expect(changed.team.can).toEqual(expected[1]![1]);
  });
});

describe('PATCH /api/teams/:id', () => {
  it('lets a captain change the name, tag and logo; a member, a stranger and an admin are refused', async () => {
    const [owner, captain, member, stranger] = await createUserTuple(db(), 4);
    const team = await api.createOk(owner);
    const first = await api.inviteOk(team._id, owner);
    for (const joiner of [captain, member]) expectStatus(await api.join(first.token, joiner), 200);
    await api.setMember(team._id, captain.id, owner, { role: 'Mid', isCaptain: true });
    const before = await teamRows();
    for (const as of [member, stranger, admin])
      expectError(await api.patch(team._id, as, { name: 'Hijacked' }), 403, 'NOT_TEAM_CAPTAIN');
    expectBanned(await api.patch(team._id, banned, { name: 'Hijacked' }));
    expect(expectStatus<{ team: Team }>(await api.get(team._id, owner), 200).team.name).toBe(team.name);
    expect(await teamRows()).toEqual(before);

    const next = teamBody();
    const changed = expectStatus<{ team: Team }>(
      await api.patch(team._id, captain, { name: next.name, tag: next.tag, logoUrl: 'https://cdn.example.com/x.png' }),
      200,
    ).team;
    expect(changed).toMatchObject({ name: next.name, tag: next.tag, logoUrl: 'https://cdn.example.com/x.png' });
    const cleared = expectStatus<{ team: Team }>(await api.patch(team._id, owner, { logoUrl: null }), 200).team;
    expect(cleared.logoUrl).toBeNull();
  });

  it('refuses an empty change, a bad tag and a look-alike of another team, changing nothing', async () => {
    const [a, b] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    const other = await api.createOk(a, teamBody({ name: 'Cloud Nine' }));
    const team = await api.createOk(b);
    expectValidation(await api.patch(team._id, b, {}));
    expectValidation(await api.patch(team._id, b, { tag: 'lower' }));
    expectError(await api.patch(team._id, b, { name: 'CLOUD N1NE' }), 409, 'TEAM_NAME_TAKEN');
    expectError(await api.patch(team._id, b, { tag: other.tag }), 409, 'TEAM_TAG_TAKEN');
    expect(expectStatus<{ team: Team }>(await api.get(team._id, b), 200).team).toEqual(team);
    expectError(await api.patch('00000000-0000-4000-8000-000000000000', b, { name: 'Nobody' }), 404, 'TEAM_NOT_FOUND');
  });
});

describe('DELETE /api/teams/:id', () => {
  it('is the owner’s alone: a captain, a member and an admin are refused; the roster and invites go with it', async () => {
    const [owner, captain, member] = await createUserTuple(db(), 3);
    const team = await teamWith(owner, [captain, member]);
    await api.setMember(team._id, captain.id, owner, { role: 'Top', isCaptain: true });
    await api.inviteOk(team._id, owner);
    const before = await teamRows();
    for (const as of [captain, member, admin]) expectError(await api.remove(team._id, as), 403, 'NOT_TEAM_OWNER');
    expectBanned(await api.remove(team._id, banned));
    expectNoSession(await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${team._id}` }));
    expect(await teamRows()).toEqual(before);

    expect((await api.remove(team._id, owner)).statusCode).toBe(204);
    expectError(await api.get(team._id, owner), 404, 'TEAM_NOT_FOUND');
    const left = await Promise.all([
      db().select().from(teamMembers).where(eq(teamMembers.teamId, team._id)),
      db().select().from(teamInvites).where(eq(teamInvites.teamId, team._id)),
    ]);
    expect(left).toEqual([[], []]);
    expectError(await api.remove(team._id, owner), 404, 'TEAM_NOT_FOUND');
  });
});

describe('invite links', () => {
  it('gives a captain a 7-day link under PUBLIC_URL whose token only its hash is stored of', async () => {
    const owner = await createUser({ db: db() });
    const team = await api.createOk(owner);
    const invite = await api.inviteOk(team._id, owner);
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite.url).toBe(`${PUBLIC_URL}/teams/join/${invite.token}`);
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(TEAM_INVITE_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(TEAM_INVITE_DAYS);
    const [row] = await db().select().from(teamInvites).where(eq(teamInvites.id, invite._id));
    expect(row!.tokenHash).toBe(hashToken(invite.token));
    expect(JSON.stringify(row)).not.toContain(invite.token);
  });

  it('refuses a link to a member, a stranger, an admin and a banned user', async () => {
    const [owner, member, stranger] = await createUserTuple(db(), 3);
    const team = await teamWith(owner, [member]);
    const before = await teamRows();
    for (const as of [member, stranger, admin]) expectError(await api.invite(team._id, as), 403, 'NOT_TEAM_CAPTAIN');
    expectBanned(await api.invite(team._id, banned));
    expectError(await api.invite('00000000-0000-4000-8000-000000000000', owner), 404, 'TEAM_NOT_FOUND');
    expect(await teamRows()).toEqual(before);
  });

  it('joins as a Sub, once; a banned user cannot join', async () => {
    const [owner, joiner] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    const team = await api.createOk(owner);
    const invite = await api.inviteOk(team._id, owner);
    const before = await teamRows();
    expectBanned(await api.join(invite.token, banned));
    expectNoSession(await ctx.app.inject({ method: 'POST', url: `/api/teams/join/${invite.token}` }));
    expect(await teamRows()).toEqual(before);
    const joined = expectStatus<{ team: Team }>(await api.join(invite.token, joiner), 200).team;
    expect(memberOf(joined, joiner)).toMatchObject({ role: 'Sub', isCaptain: false, isOwner: false });
    expectError(await api.join(invite.token, joiner), 409, 'ALREADY_TEAM_MEMBER');
    expectError(await api.join(invite.token, owner), 409, 'ALREADY_TEAM_MEMBER');
  });

  it('stops working once revoked or expired; unknown and malformed tokens are refused', async () => {
    const [owner, member, joiner] = await createUserTuple(db(), 3);
    const team = await teamWith(owner, [member]);
    const revoked = await api.inviteOk(team._id, owner);
    expectError(await api.revoke(team._id, revoked._id, member), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.revoke(team._id, revoked._id, admin), 403, 'NOT_TEAM_CAPTAIN');
    expectBanned(await api.revoke(team._id, revoked._id, banned));
    expect((await api.revoke(team._id, revoked._id, owner)).statusCode).toBe(204);
    expect((await api.revoke(team._id, revoked._id, owner)).statusCode).toBe(204);
    expectError(await api.join(revoked.token, joiner), 409, 'INVITE_REVOKED');

    const expired = await api.inviteOk(team._id, owner);
    await db()
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, expired._id));
    expectError(await api.join(expired.token, joiner), 409, 'INVITE_EXPIRED');

    expectError(await api.join('A'.repeat(43), joiner), 404, 'INVITE_NOT_FOUND');
    expectValidation(await api.join('short', joiner));
    expectError(await api.revoke(team._id, '00000000-0000-4000-8000-000000000000', owner), 404, 'INVITE_NOT_FOUND');
    // Another team's invite is not this team's to revoke.
    const otherTeam = await api.createOk(joiner);
    expectError(await api.revoke(otherTeam._id, expired._id, joiner), 404, 'INVITE_NOT_FOUND');
    const roster = expectStatus<{ team: Team }>(await api.get(team._id, owner), 200).team.members;
    expect(roster.map((m) => m.user._id).sort()).toEqual([owner.id, member.id].sort());
  });

  it("lists a team's open links to its captains, newest first, without their tokens", async () => {
    const [owner, captain, member, stranger] = await createUserTuple(db(), 4);
    const team = await api.createOk(owner);
    const first = await api.inviteOk(team._id, owner);
    for (const joiner of [captain, member]) expectStatus(await api.join(first.token, joiner), 200);
    expectStatus(await api.setMember(team._id, captain.id, owner, { role: 'Mid', isCaptain: true }), 200);
    const second = await api.inviteOk(team._id, captain);
    const revoked = await api.inviteOk(team._id, owner);
    const expired = await api.inviteOk(team._id, owner);
    expect((await api.revoke(team._id, revoked._id, owner)).statusCode).toBe(204);
    await db()
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, expired._id));

    const seen = expectStatus<{ invites: OpenTeamInvite[] }>(await api.openInvites(team._id, captain), 200).invites;
    expect(seen.map((i) => i._id)).toEqual([second._id, first._id]);
    expect(seen[0]).toMatchObject({ createdBy: { _id: captain.id, name: captain.name }, expiresAt: second.expiresAt });
    expect(JSON.stringify(seen)).not.toContain(first.token);

    for (const as of [member, stranger, admin])
      expectError(await api.openInvites(team._id, as), 403, 'NOT_TEAM_CAPTAIN');
    expectBanned(await api.openInvites(team._id, banned));
    expectNoSession(await api.openInvites(team._id));
    expectError(await api.openInvites('00000000-0000-4000-8000-000000000000', owner), 404, 'TEAM_NOT_FOUND');
    expectValidation(await api.openInvites('not-an-id', owner));
  });

  it('refuses a fourth team through an invite', async () => {
    const [owner, busy] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    for (let i = 0; i < 3; i++) await api.createOk(busy);
    const team = await api.createOk(owner);
    const invite = await api.inviteOk(team._id, owner);
    const before = await teamRows();
    expectError(await api.join(invite.token, busy), 409, 'TEAM_LIMIT');
    expect(await teamRows()).toEqual(before);
  });
});

describe('PUT /api/teams/:id/members/:userId', () => {
  it('lets a captain set roles and captains; members, strangers and admins are refused', async () => {
    const [owner, member, stranger] = await createUserTuple(db(), 3);
    const team = await teamWith(owner, [member]);
    const body = { role: 'ADC', isCaptain: true } as const;
    for (const as of [member, stranger, admin])
      expectError(await api.setMember(team._id, member.id, as, body), 403, 'NOT_TEAM_CAPTAIN');
    expectBanned(await api.setMember(team._id, member.id, banned, body));
    expectValidation(await api.setMember(team._id, member.id, owner, { role: 'Flex' as 'Top', isCaptain: true }));
    expectValidation(await api.setMember(team._id, member.id, owner, { role: 'Top' } as never));
    expect(memberOf(expectStatus<{ team: Team }>(await api.get(team._id, owner), 200).team, member)).toMatchObject({
      role: 'Sub',
      isCaptain: false,
    });
    const changed = expectStatus<{ team: Team }>(await api.setMember(team._id, member.id, owner, body), 200).team;
    expect(memberOf(changed, member)).toMatchObject({ role: 'ADC', isCaptain: true, isOwner: false });
    expectError(await api.setMember(team._id, stranger.id, owner, body), 404, 'NOT_TEAM_MEMBER');
  });

  it("hands the ownership over (the owner's alone), keeps the former owner a captain and one owner per team", async () => {
    const [owner, captain, member] = await createUserTuple(db(), 3);
    const team = await teamWith(owner, [captain, member]);
    await api.setMember(team._id, captain.id, owner, { role: 'Top', isCaptain: true });
    const handOver = { role: 'Mid', isCaptain: true, isOwner: true } as const;
    expectError(await api.setMember(team._id, member.id, captain, handOver), 403, 'NOT_TEAM_OWNER');
    expectError(await api.setMember(team._id, owner.id, owner, { role: 'Top', isCaptain: false }), 409, 'CONFLICT');
    expectError(await api.setMember(team._id, member.id, owner, { ...handOver, isCaptain: false }), 409, 'CONFLICT');
    expectValidation(await api.setMember(team._id, member.id, owner, { ...handOver, isOwner: false as true }));

    const after = expectStatus<{ team: Team }>(await api.setMember(team._id, member.id, owner, handOver), 200).team;
    expect(after.members.filter((m) => m.isOwner).map((m) => m.user._id)).toEqual([member.id]);
    expect(memberOf(after, owner)).toMatchObject({ isOwner: false, isCaptain: true });
    // The former owner may now leave; the new owner may not before handing it on.
    expect((await api.removeMember(team._id, owner.id, owner)).statusCode).toBe(200);
    expectError(await api.removeMember(team._id, member.id, member), 409, 'OWNER_MUST_HAND_OVER');
  });
});

describe('DELETE /api/teams/:id/members/:userId', () => {
  it('lets a member leave and a captain remove a member, never the owner', async () => {
    const [owner, captain, a, b, stranger] = await createUserTuple(db(), 5);
    const team = await teamWith(owner, [captain, a, b]);
    await api.setMember(team._id, captain.id, owner, { role: 'Support', isCaptain: true });
    const before = await teamRows();
    expectError(await api.removeMember(team._id, b.id, a), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.removeMember(team._id, b.id, admin), 403, 'NOT_TEAM_CAPTAIN');
    expectBanned(await api.removeMember(team._id, b.id, banned));
    expectError(await api.removeMember(team._id, owner.id, captain), 409, 'OWNER_MUST_HAND_OVER');
    expectError(await api.removeMember(team._id, owner.id, owner), 409, 'OWNER_MUST_HAND_OVER');
    expectError(await api.removeMember(team._id, stranger.id, stranger), 404, 'NOT_TEAM_MEMBER');
    expectError(await api.removeMember(team._id, stranger.id, captain), 404, 'NOT_TEAM_MEMBER');
    expect(await teamRows()).toEqual(before);

    const afterLeave = expectStatus<{ team: Team }>(await api.removeMember(team._id, a.id, a), 200).team;
    expect(memberOf(afterLeave, a)).toBeUndefined();
    const afterKick = expectStatus<{ team: Team }>(await api.removeMember(team._id, b.id, captain), 200).team;
    expect(afterKick.members.map((m) => m.user._id).sort()).toEqual([owner.id, captain.id].sort());
  });
});

describe('GET /api/teams and GET /api/users/:id/teams', () => {
  it('finds teams by name or tag, look-alikes included, of a region or all, a page at a time', async () => {
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser({ db: db() })));
    const word = `Qz${Date.now()
      .toString(36)
      .replace(/[0-9ilos]/g, 'k')}`;
    const made: Team[] = [];
    for (const [i, user] of users.entries())
      for (let k = 0; k < 3; k++)
        made.push(await api.createOk(user, teamBody({ name: `${word} ${'abcdefghjkpqtxyz'[i]}${'abc'[k]}` })));
    const nanaTeam = await api.createOk(await createUser({ db: db() }), teamBody({ name: 'Nine Lives', tag: 'NL9' }));
    const viewer = await createUser({ db: db() });

    const pages: TeamSummary[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `q=${encodeURIComponent(word.toUpperCase())}${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { rows: TeamSummary[]; nextCursor: string | null } = expectStatus(
        await api.search(query, viewer),
        200,
      );
      pages.push(page.rows);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages[0]).toHaveLength(TEAM_SEARCH_PAGE_SIZE);
    expect(
      pages
        .flat()
        .map((t) => t._id)
        .sort(),
    ).toEqual(made.map((t) => t._id).sort());

    const byTag = expectStatus<{ rows: TeamSummary[] }>(await api.search('q=nl9', viewer), 200).rows;
    expect(byTag.map((t) => t._id)).toEqual([nanaTeam._id]);
    // 'NL8' reads as 'NLB', another tag; 'NL9' in full-width letters is this one.
    expect(expectStatus<{ rows: TeamSummary[] }>(await api.search('q=NL8', viewer), 200).rows).toEqual([]);
    const wide = expectStatus<{ rows: TeamSummary[] }>(
      await api.search(`q=${encodeURIComponent('ＮＬ９')}`, viewer),
      200,
    );
    expect(wide.rows.map((t) => t._id)).toEqual([nanaTeam._id]);
    expect(byTag[0]).toMatchObject({ name: 'Nine Lives', tag: 'NL9', region: 'NA', memberCount: 1 });
    expect(expectStatus<{ rows: TeamSummary[] }>(await api.search('q=nl9&region=EUW', viewer), 200).rows).toEqual([]);
  });

  it('refuses a malformed cursor and one made for other filters', async () => {
    const viewer = await createUser({ db: db() });
    for (let i = 0; i < TEAM_SEARCH_PAGE_SIZE + 1; i++) await api.createOk(await createUser({ db: db() }));
    const first = expectStatus<{ nextCursor: string }>(await api.search('region=NA', viewer), 200);
    expect(first.nextCursor).toEqual(expect.any(String));
    expectError(await api.search(`region=EUW&cursor=${first.nextCursor}`, viewer), 400, 'BAD_CURSOR');
    expectError(await api.search('cursor=not-a-cursor', viewer), 400, 'BAD_CURSOR');
    const nul = Buffer.from(JSON.stringify(['NA', null, 'a\u0000', '00000000-0000-4000-8000-000000000000']));
    expectError(await api.search(`region=NA&cursor=${nul.toString('base64url')}`, viewer), 400, 'BAD_CURSOR');
    expectValidation(await api.search('region=MARS', viewer));
    expectNoSession(await ctx.app.inject({ method: 'GET', url: '/api/teams' }));
    expectBanned(await api.search('', banned));
  });

  it("lists a user's teams, and 404s for an unknown user", async () => {
    const [user, viewer] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    const own = await api.createOk(user);
    const other = await api.createOk(viewer);
    await api.joinOk(other._id, viewer, user);
    const { teams: list } = expectStatus<{ teams: TeamSummary[] }>(await api.ofUser(user.id, viewer), 200);
    expect(list.map((t) => t._id)).toEqual([own._id, other._id]);
    expect(list[1]!.memberCount).toBe(2);
    expectError(await api.ofUser('00000000-0000-4000-8000-000000000000', viewer), 404, 'USER_NOT_FOUND');
    expectNoSession(await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}/teams` }));
    expectBanned(await api.ofUser(user.id, banned));
  });
});

describe('a deleted account', () => {
  it("leaves its teams: an owner's team passes to its longest-standing captain, a team of one goes", async () => {
    const [owner, member, captain] = await createUserTuple(db(), 3);
    const team = await teamWith(owner, [member, captain]);
    await api.setMember(team._id, captain.id, owner, { role: 'Mid', isCaptain: true });
    const alone = await api.createOk(owner);
    const joined = await teamWith(member, [owner]);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { confirmation: owner.name },
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = expectStatus<{ team: Team }>(await api.get(team._id, member), 200).team;
    expect(after.members.map((m) => [m.user._id, m.isOwner, m.isCaptain])).toEqual([
      [captain.id, true, true],
      [member.id, false, false],
    ]);
    expectError(await api.get(alone._id, member), 404, 'TEAM_NOT_FOUND');
    const other = expectStatus<{ team: Team }>(await api.get(joined._id, member), 200).team;
    expect(other.members.map((m) => m.user._id)).toEqual([member.id]);
  });
});
