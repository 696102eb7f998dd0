import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { communityHosts, postGameImages, scrimDrafts, scrimSignups } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from './factories.js';
import { addCaster, addPlayers, createScrim, fillScrim, setLobbyHost, type TestScrim } from './scrim-factories.js';
import { befriend } from './social.js';
import { installWriteJournal, type WriteJournal } from './write-journal.js';

/** The roles that every permission is tested against. */
export const ROLES = ['visitor', 'player', 'otherPlayer', 'banned', 'captain', 'caster', 'host', 'admin'] as const;
export type RoleName = (typeof ROLES)[number];

/**
 * One user per role and the rows that give the roles meaning:
 * - `player` sits in `openScrim` (public, casters on, slots free, with a post-game image), is friends with `otherPlayer` and shares
 *   `conversation` with them (one unseen `message` from otherPlayer), and has a pending friend request from
 *   `captain` (with its `notification`);
 * - `captain` is the lobby host of `fullScrim` (private, ten players, started 30 minutes ago), `caster` casts it;
 * - `balancedScrim` makes balanced teams (sign-ups, starting in one hour): `player` is signed up;
 * - `host` is a community host of NA and runs `hostedScrim` (public, NA, starting in one day, empty);
 * - `foreignScrim` is another region's (public, EUW, starting in one day) with one EUW player, `foreignPlayerId`:
 *   what a host of NA must not reach;
 * - `team` (NA) is owned and captained by `captain`; `player` is on it as a Sub; `teamInvite` is its live invite link;
 * - the scrim board: `otherPlayer` owns and captains `otherTeam`, `host` owns and captains `hostTeam` (both NA);
 *   `scrimPost` is an open post of `team`, `scrimRequest` hostTeam's open request for it; `series` was booked by
 *   otherPlayer accepting hostTeam's request for otherTeam's post (scheduled), and otherTeam has four more members,
 *   a lineup for it;
 * - the draft room: `draftScrim` (NA, run by `host`, a tournament draft not started) has `captain` as its lobby
 *   captain on blue and `otherPlayer` on red, four more players each; `draftingScrim` (EUW, made by `host`, who
 *   does not host EUW) has the same sides and a draft running at turn 0 (blue's ban, its clock a day long),
 *   `captain` drafting blue and `otherPlayer` red;
 * - `banned` is banned for 'griefing'; `admin` is an admin; `visitor` has no session.
 */
export interface RoleWorld {
  users: Record<Exclude<RoleName, 'visitor'>, TestUser>;
  openScrim: TestScrim;
  fullScrim: TestScrim;
  balancedScrim: TestScrim;
  hostedScrim: TestScrim;
  foreignScrim: TestScrim;
  foreignPlayerId: string;
  draftScrim: TestScrim;
  draftingScrim: TestScrim;
  conversationId: string;
  messageId: string;
  notificationId: string;
  team: { id: string };
  teamInvite: { id: string; token: string };
  otherTeam: { id: string };
  hostTeam: { id: string };
  scrimPost: { id: string };
  scrimRequest: { id: string };
  /**
   * `lineupPlayerIds`: five members of otherTeam (otherPlayer first), a lineup of it for the series; `gameScrimId`:
   * its game 1's scrim (private, no lineup seated yet).
   */
  series: { id: string; lineupPlayerIds: string[]; gameScrimId: string };
  /** A small valid PNG, for uploads. */
  png: Buffer;
  /** Every id above, for the fuzzers' pools. */
  ids: string[];
  /** The session token of a role (none for the visitor). */
  tokenOf(role: RoleName): string | undefined;
}

export async function createRoleWorld({ app, db }: { app: FastifyInstance; db: Database }): Promise<RoleWorld> {
  const [player, otherPlayer, banned, admin, host] = await Promise.all([
    createUser({ db }),
    createUser({ db }),
    createBannedUser({ db }),
    createAdmin({ db }),
    createUser({ db }),
  ]);
  await db.insert(communityHosts).values({ userId: host.id, region: 'NA', grantedBy: admin.id });
  const hostedScrim = await createScrim({ db, createdBy: host.id, hostedBy: host.id });
  const foreignScrim = await createScrim({
    db,
    region: 'EUW',
    createdBy: admin.id,
    gameStartTime: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  const foreignPlayer = await createUser({ db, region: 'EUW' });
  await addPlayers({ db, scrim: foreignScrim, users: [foreignPlayer] });
  const openScrim = await createScrim({ db, isWithCasters: true, maxCastersAllowedCount: 2, createdBy: admin.id });
  const fullScrim = await createScrim({
    db,
    isPrivate: true,
    isWithCasters: true,
    maxCastersAllowedCount: 2,
    createdBy: admin.id,
    gameStartTime: new Date(Date.now() - 30 * 60 * 1000),
  });
  const balancedScrim = await createScrim({ db, mode: 'balanced', createdBy: admin.id });
  await db
    .insert(scrimSignups)
    .values({ scrimId: balancedScrim.id, userId: player.id, primaryRole: 'Mid', secondaryRole: 'Fill' });
  await addPlayers({ db, scrim: openScrim, users: [player] });
  const { host: captain } = await fillScrim({ db, scrim: fullScrim });
  const caster = await addCaster({ db, scrim: fullScrim });
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0a84ff' } })
    .png()
    .toBuffer();
  await db.insert(postGameImages).values({
    scrimId: openScrim.id,
    content: png,
    mimeType: 'image/png',
    width: 1,
    height: 1,
    uploadedBy: captain!.id,
  });

  await befriend({ db, a: player, b: otherPlayer });
  const conversation = await call(app, 'POST', '/api/conversations', otherPlayer.token, {
    receiverId: player.id,
    text: 'gg, again tomorrow?',
  });
  const conversationId = (conversation as { _id: string })._id;
  const messages = (await call(app, 'GET', `/api/messages/${conversationId}`, player.token)) as { _id: string }[];
  await call(app, 'POST', `/api/friend-requests/send-friend-request/${player.id}/${captain!.id}`, captain!.token);
  const { notifications } = (await call(app, 'GET', '/api/notifications/user-notifications', player.token)) as {
    notifications: { _id: string }[];
  };

  const { team } = (await call(app, 'POST', '/api/teams', captain!.token, {
    name: 'Matrix Team',
    tag: 'MTX',
    region: 'NA',
  })) as { team: { _id: string } };
  const invite = (await call(app, 'POST', `/api/teams/${team._id}/invites`, captain!.token)) as {
    _id: string;
    token: string;
  };
  await call(app, 'POST', `/api/teams/join/${invite.token}`, player.token);
  const board = await createBoardWorld({ app, db, teamId: team._id, captain: captain!, otherPlayer, host });
  const { draftScrim, draftingScrim } = await createDraftWorld({ db, captain: captain!, otherPlayer, host });

  const users = { player, otherPlayer, banned, captain: captain!, caster, host, admin };
  const world = {
    users,
    openScrim,
    fullScrim,
    balancedScrim,
    hostedScrim,
    foreignScrim,
    foreignPlayerId: foreignPlayer.id,
    draftScrim,
    draftingScrim,
    conversationId,
    messageId: messages[0]!._id,
    notificationId: notifications[0]!._id,
    team: { id: team._id },
    teamInvite: { id: invite._id, token: invite.token },
    ...board,
    png,
    tokenOf: (role: RoleName) => (role === 'visitor' ? undefined : users[role].token),
  };
  return {
    ...world,
    ids: [
      ...Object.values(users).map((u) => u.id),
      openScrim.id,
      fullScrim.id,
      balancedScrim.id,
      hostedScrim.id,
      foreignScrim.id,
      foreignPlayer.id,
      draftScrim.id,
      draftingScrim.id,
      conversationId,
      world.messageId,
      world.notificationId,
      team._id,
      invite._id,
      ...Object.values(board).map((row) => row.id),
    ],
  };
}

/** The draft room's scrims of the role world (see RoleWorld), written directly. */
async function createDraftWorld({
  db,
  captain,
  otherPlayer,
  host,
}: {
  db: Database;
  captain: TestUser;
  otherPlayer: TestUser;
  host: TestUser;
}) {
  const sidesOf = async (scrim: TestScrim) => {
    const others = await Promise.all(Array.from({ length: 8 }, () => createUser({ db })));
    await addPlayers({ db, scrim, users: [captain, ...others.slice(0, 4), otherPlayer, ...others.slice(4)] });
    await setLobbyHost({ db, scrim, userId: captain.id });
  };
  const draftScrim = await createScrim({ db, draft: 'tournament', createdBy: host.id, hostedBy: host.id });
  await sidesOf(draftScrim);
  const draftingScrim = await createScrim({
    db,
    region: 'EUW',
    draft: 'tournament',
    createdBy: host.id,
    hostedBy: host.id,
  });
  await sidesOf(draftingScrim);
  const now = new Date();
  await db.insert(scrimDrafts).values({
    scrimId: draftingScrim.id,
    status: 'running',
    turnIndex: 0,
    turnEndsAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    readyBlue: true,
    readyRed: true,
    drafterBlue: captain.id,
    drafterRed: otherPlayer.id,
    version: 3,
    startedAt: now,
  });
  return { draftScrim, draftingScrim };
}

/** The scrim board's rows of the role world (see RoleWorld), made through the API as captains make them. */
async function createBoardWorld({
  app,
  db,
  teamId,
  captain,
  otherPlayer,
  host,
}: {
  app: FastifyInstance;
  db: Database;
  teamId: string;
  captain: TestUser;
  otherPlayer: TestUser;
  host: TestUser;
}) {
  const teamOf = async (owner: TestUser, name: string, tag: string) =>
    ((await call(app, 'POST', '/api/teams', owner.token, { name, tag, region: 'NA' })) as { team: { _id: string } })
      .team._id;
  const otherTeam = await teamOf(otherPlayer, 'Matrix Rivals', 'MXR');
  const hostTeam = await teamOf(host, 'Matrix Hosts', 'MXH');
  const startsAt = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
  const postOf = async (owner: TestUser, id: string) =>
    (
      (await call(app, 'POST', '/api/scrim-posts', owner.token, {
        teamId: id,
        region: 'NA',
        startsAt,
        format: 'bo3',
        fearless: false,
      })) as { post: { _id: string } }
    ).post._id;
  const askFor = async (postId: string) =>
    (
      (await call(app, 'POST', `/api/scrim-posts/${postId}/requests`, host.token, { teamId: hostTeam })) as {
        request: { _id: string };
      }
    ).request._id;
  const scrimPost = await postOf(captain, teamId);
  const scrimRequest = await askFor(scrimPost);
  const booked = await askFor(await postOf(otherPlayer, otherTeam));
  const { series } = (await call(app, 'POST', `/api/scrim-requests/${booked}/accept`, otherPlayer.token)) as {
    series: { _id: string; games: { scrimId: string }[] };
  };
  const lineupInvite = (await call(app, 'POST', `/api/teams/${otherTeam}/invites`, otherPlayer.token)) as {
    token: string;
  };
  const lineupPlayers = await Promise.all(Array.from({ length: 4 }, () => createUser({ db })));
  for (const member of lineupPlayers) await call(app, 'POST', `/api/teams/join/${lineupInvite.token}`, member.token);
  return {
    otherTeam: { id: otherTeam },
    hostTeam: { id: hostTeam },
    scrimPost: { id: scrimPost },
    scrimRequest: { id: scrimRequest },
    series: {
      id: series._id,
      lineupPlayerIds: [otherPlayer.id, ...lineupPlayers.map((member) => member.id)],
      gameScrimId: series.games[0]!.scrimId,
    },
  };
}

async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  if (res.statusCode >= 300)
    throw new Error(`createRoleWorld: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json() as unknown;
}

/**
 * An app of its own (createTestApp with `env`) holding a role world, with the write journal installed after the
 * world is made: what the suites that send every role hostile input start from. Close `ctx` when done.
 */
export async function startRoleWorld(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; world: RoleWorld; journal: WriteJournal }> {
  const ctx = await createTestApp(env);
  const world = await createRoleWorld({ app: ctx.app, db: ctx.database.db });
  const journal = await installWriteJournal(ctx.database.db);
  return { ctx, world, journal };
}
