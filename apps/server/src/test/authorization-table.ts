import type { ErrorCode } from '@scrim-gym/shared';
import type { RoleName, RoleWorld } from './roles.js';
import type { TestUser } from './factories.js';
import { fakeBrowser } from './fake-push.js';

/**
 * Who may do what: every route of the OpenAPI document, with the answer each role gets for one valid request
 * (as each module's policy decides). `authorization.test.ts` walks it against the running app; a route missing
 * here fails that test. The world behind the requests is `createRoleWorld` (test/roles.ts):
 * - player sits in openScrim (public, not full, with a post-game image), is friends with otherPlayer and shares
 *   their conversation, and has a friend request (and its notification) from captain;
 * - captain is the lobby host of fullScrim (private, ten players, started 30 minutes ago), caster casts it;
 * - host is a community host of NA and runs hostedScrim (public, starting in one day, empty); foreignScrim is
 *   another region's (EUW, starting in one day, one EUW player: foreignPlayerId);
 * - team is captain's (owner and captain), with player on it; teamInvite is its live invite link;
 * - otherTeam is otherPlayer's and hostTeam host's; scrimPost is team's open post, scrimRequest hostTeam's open
 *   request for it; series is otherTeam's against hostTeam (scheduled);
 * - banned is banned; admin is an admin; the visitor has no session (it claims the player's ids).
 */

/** The answer expected: a status class for successes and redirects, the exact status for refusals. */
export type Outcome = '2xx' | '3xx' | 400 | 401 | 403 | 404 | 409;
export type Expectations = Record<RoleName, Outcome>;

export interface AuthorizationRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The body's content type when it is not JSON (the image upload's bytes). */
  contentType?: string;
}

export interface RouteRule {
  /** One valid request; `self` is the caller (the player for the visitor). */
  request?: (ctx: { world: RoleWorld; self: TestUser }) => AuthorizationRequest;
  expect: Expectations;
}

/** Open to everyone, visitors and banned users included. */
const everyone = (outcome: Outcome = '2xx'): Expectations => ({
  visitor: outcome,
  player: outcome,
  otherPlayer: outcome,
  banned: outcome,
  captain: outcome,
  caster: outcome,
  host: outcome,
  admin: outcome,
});

/** Any signed-in user who is not banned (`assertActiveUser`). */
const signedIn = (outcome: Outcome = '2xx', others: Partial<Expectations> = {}): Expectations => ({
  ...everyone(outcome),
  visitor: 401,
  banned: 403,
  ...others,
});

/** Admins only (`assertAdmin`): 401 without a session, 403 banned or not an admin. */
const adminOnly = (outcome: Outcome = '2xx'): Expectations => ({ ...signedIn(403), admin: outcome });

/** Only the listed roles get `outcome`; the other signed-in users get `refused`. */
const only = (roles: RoleName[], outcome: Outcome, refused: Outcome = 403): Expectations => ({
  ...signedIn(refused),
  ...Object.fromEntries(roles.map((role) => [role, outcome])),
});

const DAY = 24 * 60 * 60 * 1000;
const pushEndpoint = (self: TestUser) => `https://fcm.googleapis.com/fcm/send/matrix-${self.id}`;
const addDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const slot = (team: 'teamOne' | 'teamTwo', role: string) => ({ playerData: { role, team: { name: team } } });
const scrimDay = () => ({ region: 'NA', startDate: addDays(-1), endDate: addDays(1) });
const newScrimBody = () => ({
  title: 'Matrix scrim',
  region: 'NA',
  gameStartTime: addDays(1),
  isPrivate: false,
  isWithCasters: true,
  maxCastersAllowedCount: 2,
  lobbyPassword: 'secret12',
  teamWon: null,
  useTournamentCode: false,
});

export const AUTHORIZATION_TABLE: Record<string, RouteRule> = {
  // System
  'GET /api/server-status': { expect: everyone() },
  'GET /api/health/ready': { expect: everyone() },

  // Auth: signing in is for everyone; the session calls need one.
  'GET /api/auth/providers': { expect: everyone() },
  // The SPA's boot call never answers 401 (signed out is an answer); a banned user learns the ban.
  'GET /api/auth/session': { expect: { ...everyone(), banned: 403 } },
  // Signing in again as oneself; a banned user is refused at the door.
  'POST /api/auth/dev-login': {
    request: ({ self }) => ({ body: { email: self.email } }),
    expect: { ...everyone(), banned: 403 },
  },
  'GET /api/auth/oidc/{provider}/start': {
    request: () => ({ params: { provider: 'google' } }),
    expect: everyone(404),
  },
  'GET /api/auth/oidc/{provider}/callback': {
    request: () => ({ params: { provider: 'google' }, query: { code: 'x', state: 'y' } }),
    expect: everyone('3xx'),
  },
  // Sign-up's name field asks signed out; it says only what sign-up's refusal would (rate-limited per IP).
  'GET /api/auth/name-availability': {
    request: () => ({ query: { name: 'Matrix name', region: 'NA' } }),
    expect: everyone(),
  },
  'POST /api/auth/register': {
    request: ({ self }) => ({
      body: {
        name: 'Matrix',
        summonerTagline: 'NA1',
        region: 'NA',
        discord: `m_${self.id.slice(0, 8)}`,
        rank: 'Gold 2',
      },
    }),
    expect: signedIn(409),
  },
  'POST /api/auth/login': { request: () => ({ body: {} }), expect: signedIn() },
  'POST /api/auth/verify': { expect: signedIn() },
  'PUT /api/auth/update-user': { request: () => ({ body: { canSendEmailsToUser: false } }), expect: signedIn() },
  'POST /api/auth/logout': { expect: everyone() },

  // Scrims: browsing for every signed-in user, the admin tools for admins, slots for oneself. A community host
  // creates scrims in the regions they host (host: NA) and runs only their own (hostedScrim), so every tool row
  // below that targets another scrim refuses them (403); running hostedScrim: scrims/core/scrims.hosts.test.ts.
  'GET /api/scrims': { request: () => ({ query: scrimDay() }), expect: signedIn() },
  'GET /api/scrims/mine-secrets': { request: () => ({ query: scrimDay() }), expect: signedIn() },
  'GET /api/scrims/next-days': {
    request: () => ({ query: { region: 'NA', after: addDays(-1), timeZone: 'Europe/Berlin' } }),
    expect: signedIn(),
  },
  'POST /api/scrims': { request: () => ({ body: newScrimBody() }), expect: { ...adminOnly(), host: '2xx' } },
  'GET /api/scrims/{id}': { request: ({ world }) => ({ params: { id: world.fullScrim.id } }), expect: signedIn() },
  'PUT /api/scrims/{id}': {
    request: ({ world }) => ({ params: { id: world.openScrim.id }, body: newScrimBody() }),
    expect: adminOnly(),
  },
  'DELETE /api/scrims/{id}': { request: ({ world }) => ({ params: { id: world.openScrim.id } }), expect: adminOnly() },
  'GET /api/scrims/{id}/image': {
    request: ({ world }) => ({ params: { id: world.openScrim.id } }),
    expect: signedIn(),
  },
  'POST /api/scrims/{id}/regenerate-tournament-code': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id } }),
    expect: adminOnly(),
  },
  'PATCH /api/scrims/{id}/insert-player/{userId}': {
    request: ({ world, self }) => ({
      params: { id: world.openScrim.id, userId: self.id },
      body: slot('teamTwo', 'Mid'),
    }),
    expect: signedIn('2xx', { player: 409 }),
  },
  'PATCH /api/scrims/{id}/move-player/{userId}': {
    request: ({ world }) => ({
      params: { id: world.openScrim.id, userId: world.users.player.id },
      body: slot('teamTwo', 'Mid'),
    }),
    expect: only(['player'], '2xx'),
  },
  'PATCH /api/scrims/{id}/remove-player/{userId}': {
    request: ({ world }) => ({ params: { id: world.openScrim.id, userId: world.users.player.id } }),
    expect: only(['player', 'admin'], '2xx'),
  },
  'PATCH /api/scrims/{id}/insert-caster/{userId}': {
    request: ({ world, self }) => ({ params: { id: world.fullScrim.id, userId: self.id } }),
    expect: signedIn('2xx', { captain: 409, caster: 409 }),
  },
  'PATCH /api/scrims/{id}/remove-caster/{userId}': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id, userId: world.users.caster.id } }),
    expect: only(['caster', 'admin'], '2xx'),
  },
  'PATCH /api/scrims/{id}/admin-assign-player': {
    request: ({ world }) => ({
      params: { id: world.openScrim.id },
      body: { userId: world.users.otherPlayer.id, teamName: 'teamTwo', role: 'Mid' },
    }),
    expect: adminOnly(),
  },
  'PATCH /api/scrims/{id}/admin-fill-random': {
    request: ({ world }) => ({ params: { id: world.openScrim.id }, body: {} }),
    expect: adminOnly(),
  },
  'PATCH /api/scrims/{id}/set-winner': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id }, body: { winnerTeamName: 'teamOne' } }),
    expect: only(['captain', 'admin'], '2xx'),
  },
  // The world's full scrim has no reported result: every signed-in caller is told so (409) before who may answer
  // (a player of the other team: scrims/results/result.test.ts).
  'POST /api/scrims/{id}/confirm-result': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id } }),
    expect: signedIn(409),
  },
  'POST /api/scrims/{id}/dispute-result': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id }, body: { reason: 'Wrong winner' } }),
    expect: signedIn(409),
  },
  'GET /api/admin/disputes': { expect: adminOnly() },
  // Admins only, hosts included among the refused: the world's scrim is not disputed (409; the answers are
  // scrims/results/dispute.test.ts).
  'POST /api/admin/scrims/{id}/resolve-dispute': {
    request: ({ world }) => ({
      params: { id: world.fullScrim.id },
      body: { outcome: 'keep', reason: 'Replay checked' },
    }),
    expect: adminOnly(409),
  },
  'GET /api/users/{id}/rating': { request: ({ self }) => ({ params: { id: self.id } }), expect: signedIn() },
  'GET /api/seasons': { expect: signedIn() },
  'POST /api/admin/seasons': { request: () => ({ body: { name: 'Next season' } }), expect: adminOnly() },
  'PATCH /api/scrims/{id}/swap-players': {
    request: ({ world }) => ({
      params: { id: world.fullScrim.id },
      body: { userId: world.users.captain.id, team: 'teamTwo', role: 'Support' },
    }),
    expect: adminOnly(),
  },
  'PATCH /api/scrims/{id}/add-image': {
    request: ({ world }) => ({
      params: { id: world.fullScrim.id },
      query: { fileName: 'result.png' },
      body: world.png,
      contentType: 'image/png',
    }),
    expect: only(['captain', 'admin'], '2xx'),
  },
  // Balanced teams: sign up and withdraw for oneself; "Balance teams" for admins (fullScrim has started: 409).
  'POST /api/scrims/{id}/signup': {
    request: ({ world }) => ({ params: { id: world.balancedScrim.id }, body: { primaryRole: 'Top' } }),
    expect: signedIn('2xx', { player: 409 }),
  },
  'DELETE /api/scrims/{id}/signup': {
    request: ({ world }) => ({ params: { id: world.balancedScrim.id } }),
    expect: only(['player'], '2xx', 409),
  },
  'POST /api/scrims/{id}/balance': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id } }),
    expect: adminOnly(409),
  },
  // Check-in: the players of the scrim only (openScrim starts in an hour: its window is not open, 409);
  // the happy path and the window are scrims/checkin/checkin.test.ts.
  'POST /api/scrims/{id}/check-in': {
    request: ({ world }) => ({ params: { id: world.openScrim.id } }),
    expect: only(['player'], 409),
  },
  // Confirming a place a host or admin gave: its player only; the world's player took their slot themselves (409
  // NOT_PLACED). The happy path is scrims/slots/placed.test.ts.
  'POST /api/scrims/{id}/confirm-place': {
    request: ({ world }) => ({ params: { id: world.openScrim.id } }),
    expect: only(['player'], 409),
  },
  // The draft room (draftScrim waiting, draftingScrim at blue's first ban: captain drafts blue, otherPlayer red). Its
  // state is for whoever may see the scrim; Ready only for a side's players (captain readies blue first and so
  // drafts it); the drafter is the lobby captain's, the host's or an admin's to hand.
  'GET /api/scrims/{id}/draft': {
    request: ({ world }) => ({ params: { id: world.draftingScrim.id } }),
    expect: signedIn(),
  },
  'POST /api/scrims/{id}/draft/ready': {
    request: ({ world }) => ({ params: { id: world.draftScrim.id }, body: { side: 'blue' } }),
    expect: only(['captain'], '2xx'),
  },
  'POST /api/scrims/{id}/draft/drafter': {
    request: ({ world }) => ({
      params: { id: world.draftScrim.id },
      body: { side: 'red', userId: world.users.otherPlayer.id },
    }),
    expect: only(['captain', 'host', 'admin'], '2xx'),
  },
  // Hovers: a side's members; locks: the drafter whose turn it is (red's waits: 409 NOT_YOUR_TURN).
  'POST /api/scrims/{id}/draft/hover': {
    request: ({ world }) => ({ params: { id: world.draftingScrim.id }, body: { champion: 'Ahri' } }),
    expect: only(['captain', 'otherPlayer'], '2xx'),
  },
  'POST /api/scrims/{id}/draft/lock': {
    request: ({ world }) => ({ params: { id: world.draftingScrim.id }, body: { champion: 'Ahri' } }),
    expect: { ...only(['captain'], '2xx'), otherPlayer: 409 },
  },
  // Either drafter asks for a reset; an admin resets it; its host no longer hosts its region (EUW).
  'POST /api/scrims/{id}/draft/reset': {
    request: ({ world }) => ({ params: { id: world.draftingScrim.id } }),
    expect: only(['captain', 'otherPlayer', 'admin'], '2xx'),
  },
  // Substitutes: the scrim's host or an admin (fullScrim has started and has no host: admins only here).
  'POST /api/scrims/{id}/substitute': {
    request: ({ world }) => ({
      params: { id: world.fullScrim.id },
      body: { outUserId: world.users.captain.id, inUserId: world.users.otherPlayer.id },
    }),
    expect: adminOnly(),
  },
  'PATCH /api/scrims/{id}/remove-image': {
    request: ({ world }) => ({ params: { id: world.openScrim.id } }),
    expect: adminOnly(),
  },
  // The waitlist: for oneself, only when what one wants is full. The world has no full scrim that has
  // not started: openScrim's slots are free (409 SLOT_AVAILABLE), its player is in it (409 ALREADY_PLAYER); the
  // happy paths are in scrims/waitlist/waitlist.test.ts. Nobody waits, so leaving the waitlist is a 409 for everyone.
  'POST /api/scrims/{id}/waitlist': {
    request: ({ world }) => ({ params: { id: world.openScrim.id }, body: { role: 'any' } }),
    expect: signedIn(409),
  },
  'DELETE /api/scrims/{id}/waitlist': {
    request: ({ world }) => ({ params: { id: world.openScrim.id } }),
    expect: signedIn(409),
  },
  // Cancel with a reason: admins and the scrim's community host (canRunScrim).
  'POST /api/scrims/{id}/cancel': {
    request: ({ world }) => ({ params: { id: world.hostedScrim.id }, body: { reason: 'Not enough players' } }),
    expect: only(['host', 'admin'], '2xx'),
  },
  'GET /api/users/{id}/reliability': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },

  // Users: profiles for every signed-in user; created scrims for the owner and admins.
  'GET /api/users/search': { request: () => ({ query: { q: 'Player' } }), expect: signedIn() },
  'GET /api/users/by-id/{id}': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },
  'GET /api/users/{name}': {
    request: ({ world }) => ({ params: { name: world.users.player.name }, query: { region: 'NA' } }),
    expect: signedIn(),
  },
  'GET /api/users/{id}/scrims': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },
  'GET /api/users/{id}/created-scrims': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: only(['player', 'admin'], '2xx'),
  },
  'GET /api/users/{id}/activity': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },
  // Deleting one's own account: the matrix sends a confirmation that is nobody's name (a real deletion would
  // take the world's users away), so every signed-in user gets the 400; the happy path is account-deletion.test.ts.
  'DELETE /api/users/me': {
    request: () => ({ body: { confirmation: 'not my summoner name' } }),
    expect: signedIn(400),
  },

  // Friends: a user acts for themselves only; admins get no say in other people's friendships.
  'GET /api/friend-requests': { expect: signedIn() },
  'GET /api/friend-requests/check-friend-request-sent/{userId}': {
    request: ({ world }) => ({ params: { userId: world.users.player.id } }),
    expect: signedIn(),
  },
  'POST /api/friend-requests/send-friend-request/{userId}/{currentUserId}': {
    request: ({ world, self }) => ({ params: { userId: world.users.caster.id, currentUserId: self.id } }),
    expect: signedIn('2xx', { caster: 400 }),
  },
  'POST /api/friend-requests/accept-request/{userId}': {
    request: ({ world }) => ({
      params: { userId: world.users.player.id },
      body: { newFriendUserId: world.users.captain.id },
    }),
    expect: only(['player'], '2xx'),
  },
  'POST /api/friend-requests/{userId}/reject-friend-request/{senderId}': {
    request: ({ world }) => ({ params: { userId: world.users.player.id, senderId: world.users.captain.id } }),
    expect: only(['player'], '2xx'),
  },
  'POST /api/friend-requests/cancel-friend-request/{userId}': {
    request: ({ world }) => ({ params: { userId: world.users.player.id } }),
    expect: only(['captain'], '2xx', 404),
  },
  'GET /api/friends/user-friends/{userId}': {
    request: ({ world }) => ({ params: { userId: world.users.player.id } }),
    expect: signedIn(),
  },
  'POST /api/friends/unfriend-user': {
    request: ({ world }) => ({ body: { friendUserId: world.users.otherPlayer.id } }),
    expect: only(['player'], '2xx', 404),
  },

  // Notifications: the owner's only.
  'GET /api/notifications/user-notifications': { expect: signedIn() },
  'POST /api/notifications/push-user-notification/{id}': {
    request: ({ world }) => ({ params: { id: world.users.player.id }, body: { message: 'remember the scrim' } }),
    expect: only(['player'], '2xx'),
  },
  'POST /api/notifications/remove-user-notification/{id}': {
    request: ({ world }) => ({ params: { id: world.notificationId } }),
    expect: only(['player'], '2xx'),
  },
  'POST /api/notifications/remove-all-user-notifications/{userId}': {
    request: ({ world }) => ({ params: { userId: world.users.player.id } }),
    expect: only(['player'], '2xx'),
  },

  // Web Push: the public key for anyone; each signed-in user's own browsers (an endpoint someone else subscribed
  // is left alone by DELETE, which answers 204 either way).
  'GET /api/push/public-key': { expect: everyone() },
  'POST /api/push/subscribe': {
    request: ({ self }) => ({ body: fakeBrowser().subscription(pushEndpoint(self)) }),
    expect: signedIn(),
  },
  'DELETE /api/push/subscribe': {
    request: ({ self }) => ({ body: { endpoint: pushEndpoint(self) } }),
    expect: signedIn(),
  },

  // Conversations and messages: members only (admins too stay out of private messages); scrim chats follow
  // the scrim chat rule (participants and admins of a private scrim).
  'GET /api/conversations/user': { expect: signedIn() },
  'GET /api/conversations/find/{a}/{b}': {
    request: ({ world }) => ({ params: { a: world.users.player.id, b: world.users.otherPlayer.id } }),
    expect: only(['player', 'otherPlayer'], '2xx'),
  },
  'GET /api/conversations/scrim/{scrimId}': {
    request: ({ world }) => ({ params: { scrimId: world.fullScrim.id } }),
    expect: only(['captain', 'caster', 'admin'], '2xx'),
  },
  'POST /api/conversations': {
    request: ({ world }) => ({ body: { receiverId: world.users.player.id } }),
    // With a friend only; nobody starts a conversation with themselves.
    expect: { ...only(['otherPlayer'], '2xx'), player: 400 },
  },
  'GET /api/messages/verifiedUser/unseen-messages': { expect: signedIn() },
  'POST /api/messages': {
    request: ({ world }) => ({ body: { conversationId: world.conversationId, text: 'see you at 8' } }),
    expect: only(['player', 'otherPlayer'], '2xx'),
  },
  'GET /api/messages/{conversationId}': {
    request: ({ world }) => ({ params: { conversationId: world.conversationId } }),
    expect: only(['player', 'otherPlayer'], '2xx'),
  },
  'POST /api/messages/post-seen/{id}': {
    request: ({ world }) => ({ params: { id: world.conversationId } }),
    expect: only(['player', 'otherPlayer'], '2xx'),
  },

  // Riot: look-ups for signed-in users (they spend the key); the version is public; the callback's
  // credential is its secret, whoever calls.
  'GET /api/riot/summoner': {
    request: () => ({ query: { gameName: 'Faker', tagLine: 'KR1', region: 'KR' } }),
    expect: signedIn(),
  },
  'GET /api/riot/ddragon-version': { expect: everyone() },
  'POST /api/riot/callback/{secret}': {
    request: () => ({ params: { secret: 'not-the-secret' }, body: { shortCode: 'NA-CODE' } }),
    expect: everyone(404),
  },
  // The Riot account link is one's own (the session's user): no ids to forge. This app has no Riot Sign On, so
  // the start is a 409; nobody here is linked, so unlink and refresh are 409s; the callback always redirects.
  'POST /api/riot/link/start': { expect: signedIn(409) },
  'GET /api/riot/link/callback': { request: () => ({ query: { code: 'x', state: 'y' } }), expect: everyone('3xx') },
  'DELETE /api/riot/link': { expect: signedIn(409) },
  'POST /api/riot/link/refresh': { expect: signedIn(409) },

  // Teams: every signed-in user reads teams and creates or joins them; a team's captains change it, its owner
  // deletes it; admins have no team powers (a team is its players'; bans act on people).
  'POST /api/teams': {
    request: () => ({ body: { name: 'Matrix Second', tag: 'MTX2', region: 'NA' } }),
    expect: signedIn(),
  },
  'GET /api/teams': { request: () => ({ query: { region: 'NA', q: 'matrix' } }), expect: signedIn() },
  'GET /api/teams/{id}': { request: ({ world }) => ({ params: { id: world.team.id } }), expect: signedIn() },
  'PATCH /api/teams/{id}': {
    request: ({ world }) => ({ params: { id: world.team.id }, body: { logoUrl: 'https://example.com/logo.png' } }),
    expect: only(['captain'], '2xx'),
  },
  'DELETE /api/teams/{id}': {
    request: ({ world }) => ({ params: { id: world.team.id } }),
    expect: only(['captain'], '2xx'),
  },
  'POST /api/teams/{id}/invites': {
    request: ({ world }) => ({ params: { id: world.team.id } }),
    expect: only(['captain'], '2xx'),
  },
  'GET /api/teams/{id}/invites': {
    request: ({ world }) => ({ params: { id: world.team.id } }),
    expect: only(['captain'], '2xx'),
  },
  'DELETE /api/teams/{id}/invites/{inviteId}': {
    request: ({ world }) => ({ params: { id: world.team.id, inviteId: world.teamInvite.id } }),
    expect: only(['captain'], '2xx'),
  },
  // Those on the team already are told so (409).
  'POST /api/teams/join/{token}': {
    request: ({ world }) => ({ params: { token: world.teamInvite.token } }),
    expect: signedIn('2xx', { player: 409, captain: 409 }),
  },
  'PUT /api/teams/{id}/members/{userId}': {
    request: ({ world }) => ({
      params: { id: world.team.id, userId: world.users.player.id },
      body: { role: 'Top', isCaptain: true },
    }),
    expect: only(['captain'], '2xx'),
  },
  // The player leaves, or the captain removes them.
  'DELETE /api/teams/{id}/members/{userId}': {
    request: ({ world }) => ({ params: { id: world.team.id, userId: world.users.player.id } }),
    expect: only(['player', 'captain'], '2xx'),
  },
  'GET /api/users/{id}/teams': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },

  // The scrim board: every signed-in user reads it; a team's captains post, ask, withdraw, accept and decline for
  // it (otherPlayer captains otherTeam, host captains hostTeam); admins have no team powers.
  'POST /api/scrim-posts': {
    request: ({ world }) => ({
      body: { teamId: world.team.id, region: 'NA', startsAt: addDays(3), format: 'bo3', fearless: true },
    }),
    expect: only(['captain'], '2xx'),
  },
  'GET /api/scrim-posts': { request: () => ({ query: { region: 'NA' } }), expect: signedIn() },
  'DELETE /api/scrim-posts/{id}': {
    request: ({ world }) => ({ params: { id: world.scrimPost.id } }),
    expect: only(['captain'], '2xx'),
  },
  // Each viewer is answered the requests they may see (the post's team all, an asking team its own).
  'GET /api/scrim-posts/{id}/requests': {
    request: ({ world }) => ({ params: { id: world.scrimPost.id } }),
    expect: signedIn(),
  },
  'POST /api/scrim-posts/{id}/requests': {
    request: ({ world }) => ({ params: { id: world.scrimPost.id }, body: { teamId: world.otherTeam.id } }),
    expect: only(['otherPlayer'], '2xx'),
  },
  'DELETE /api/scrim-requests/{id}': {
    request: ({ world }) => ({ params: { id: world.scrimRequest.id } }),
    expect: only(['host'], '2xx'),
  },
  'POST /api/scrim-requests/{id}/accept': {
    request: ({ world }) => ({ params: { id: world.scrimRequest.id } }),
    expect: only(['captain'], '2xx'),
  },
  'POST /api/scrim-requests/{id}/decline': {
    request: ({ world }) => ({ params: { id: world.scrimRequest.id } }),
    expect: only(['captain'], '2xx'),
  },
  'GET /api/series/{id}': { request: ({ world }) => ({ params: { id: world.series.id } }), expect: signedIn() },
  // A team's series lists (the team page's): for signed-in users, as a series is; otherTeam plays the series.
  'GET /api/teams/{id}/series': {
    request: ({ world }) => ({ params: { id: world.otherTeam.id } }),
    expect: signedIn(),
  },
  // otherPlayer captains otherTeam; host captains the other team of the series, which is no power over this one.
  'PUT /api/series/{id}/lineup': {
    request: ({ world }) => ({
      params: { id: world.series.id },
      body: {
        teamId: world.otherTeam.id,
        players: world.series.lineupPlayerIds.map((userId, i) => ({
          userId,
          role: ['Top', 'Jungle', 'Mid', 'ADC', 'Support'][i],
        })),
      },
    }),
    expect: only(['otherPlayer'], '2xx'),
  },
  // The world's series has one game, so game 2's side is 404 for its two teams' captains and refused to the rest.
  'POST /api/series/{id}/games/{n}/side': {
    request: ({ world }) => ({ params: { id: world.series.id, n: '2' }, body: { side: 'blue' } }),
    expect: only(['otherPlayer', 'host'], 404),
  },
  // Either team's captain cancels (the series is more than 6 hours away: no reliability cost).
  'POST /api/series/{id}/cancel': {
    request: ({ world }) => ({ params: { id: world.series.id }, body: { reason: 'Two of our starters are ill' } }),
    expect: only(['otherPlayer', 'host'], '2xx'),
  },

  // Ratings: the leaderboard is public (visitors and banned users read it; `me` needs a session).
  'GET /api/leaderboard': { request: () => ({ query: { region: 'NA' } }), expect: everyone() },
  // The teams' board: public as the players' is.
  'GET /api/leaderboard/teams': { request: () => ({ query: { region: 'NA' } }), expect: everyone() },
  // A team's rating history (the team page's chart): for signed-in users, as the team page is.
  'GET /api/teams/{id}/rating-history': {
    request: ({ world }) => ({ params: { id: world.team.id } }),
    expect: signedIn(),
  },
  // Draft stats (the profile's and the team page's): for signed-in users, as profiles and team pages are.
  'GET /api/users/{id}/draft-stats': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },
  'GET /api/teams/{id}/draft-stats': {
    request: ({ world }) => ({ params: { id: world.team.id } }),
    expect: signedIn(),
  },
  // A player's games per role (the profile's role distribution): for signed-in users, as profiles are.
  'GET /api/users/{id}/roles': {
    request: ({ world }) => ({ params: { id: world.users.player.id } }),
    expect: signedIn(),
  },

  // Match stats: a scrim's match for whoever may read the scrim (the private fullScrim by its link); a
  // user's history and totals for signed-in users (private scrims' games filtered for others: matches.history
  // test). The attach is admins' only; the world's fullScrim was played (full, started) but Riot knows no match
  // NA1_1 (404 MATCH_NOT_FOUND, nothing written); the happy path is matches.attach.test.ts.
  'GET /api/scrims/{id}/match': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id } }),
    expect: signedIn(),
  },
  'GET /api/users/{id}/matches': {
    request: ({ world }) => ({ params: { id: world.users.captain.id }, query: { role: 'Top' } }),
    expect: signedIn(),
  },
  'GET /api/users/{id}/champions': {
    request: ({ world }) => ({ params: { id: world.users.captain.id } }),
    expect: signedIn(),
  },
  'GET /api/users/{id}/match-roles': {
    request: ({ world }) => ({ params: { id: world.users.captain.id } }),
    expect: signedIn(),
  },
  'POST /api/admin/scrims/{id}/attach-match': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id }, body: { matchId: 'NA1_1' } }),
    expect: adminOnly(404),
  },

  // Calendars: a scrim's .ics for whoever may read the scrim (the private fullScrim by its link); one's own feed
  // address; the feed itself has no session, its secret is the credential (the world has none: 404 for all; the
  // happy path is calendar.test.ts).
  'GET /api/scrims/{id}/calendar.ics': {
    request: ({ world }) => ({ params: { id: world.fullScrim.id } }),
    expect: signedIn(),
  },
  'GET /api/calendar': { expect: signedIn() },
  'POST /api/calendar/rotate': { expect: signedIn() },
  'GET /api/calendar/{secret}.ics': {
    request: () => ({ params: { secret: 'not-anybodys-feed-secret-0123456' } }),
    expect: everyone(404),
  },

  // Admin
  'POST /api/admin/banUser': {
    request: ({ world }) => ({
      body: { banUserId: world.users.otherPlayer.id, dateFrom: addDays(0), dateTo: addDays(2), reason: 'toxic' },
    }),
    expect: adminOnly(),
  },
  'POST /api/admin/unbanUser': {
    request: ({ world }) => ({ body: { bannedUserId: world.users.banned.id } }),
    expect: adminOnly(),
  },
  'POST /api/admin/lift-expired-bans': { expect: adminOnly() },
  'GET /api/admin/all-bans-history': { expect: adminOnly() },
  'POST /api/admin/updateUser/{id}': {
    request: ({ world }) => ({ params: { id: world.users.otherPlayer.id }, body: { rank: 'Silver 1' } }),
    expect: adminOnly(),
  },
  'DELETE /api/admin/users/{id}/cooldown': {
    request: ({ world }) => ({ params: { id: world.users.otherPlayer.id } }),
    expect: adminOnly(),
  },
  'GET /api/admin/dashboard-stats': { expect: adminOnly() },
  'GET /api/admin/recent-activities': { expect: adminOnly() },
  'GET /api/admin/server-status': { expect: adminOnly() },
  // Discord announcements: each region's webhook, admins only (hosts too are refused).
  'GET /api/admin/regions/discord-webhooks': { expect: adminOnly() },
  'PUT /api/admin/regions/{region}/discord-webhook': {
    request: () => ({
      params: { region: 'OCE' },
      body: { url: 'https://discord.com/api/webhooks/123456789012345678/matrix-token_0123456789abcdef' },
    }),
    expect: adminOnly(),
  },
  // The role world sets no webhook: the admin's test message finds none (the happy path: discord.test.ts).
  'POST /api/admin/regions/{region}/discord-webhook/test': {
    request: () => ({ params: { region: 'EUW' } }),
    expect: adminOnly(404),
  },
  // Community hosts: admins grant and revoke a region's host role (a host cannot grant or revoke one).
  'GET /api/admin/hosts': { expect: adminOnly() },
  'POST /api/admin/hosts': {
    request: ({ world }) => ({ body: { userId: world.users.otherPlayer.id, region: 'NA' } }),
    expect: adminOnly(),
  },
  'DELETE /api/admin/hosts/{userId}': {
    request: ({ world }) => ({ params: { userId: world.users.host.id }, query: { region: 'NA' } }),
    expect: adminOnly(),
  },
};

/**
 * Whose result moves ratings: who sets a result on which scrim, whether it is confirmed at once or waits for
 * the other team (who may dispute it), and whether the confirmed result is rated. `verified`: with Riot Sign On
 * configured, how many of the ten players have a verified Riot account (absent: Riot Sign On is not configured).
 * `scrims/results/rated-results.test.ts` walks it.
 */
export interface RatingRule {
  by: 'captain' | 'host' | 'admin' | 'riot';
  scrim: 'public' | 'private';
  verified?: number;
  status: 'pending' | 'confirmed';
  /** Once confirmed (by the other team when pending): rated, or why not. */
  rated: true | 'private' | 'unverified';
}

export const RATING_TABLE: RatingRule[] = [
  { by: 'captain', scrim: 'public', status: 'pending', rated: true },
  { by: 'host', scrim: 'public', status: 'pending', rated: true },
  { by: 'admin', scrim: 'public', status: 'confirmed', rated: true },
  { by: 'riot', scrim: 'public', status: 'confirmed', rated: true },
  { by: 'captain', scrim: 'private', status: 'pending', rated: 'private' },
  { by: 'host', scrim: 'private', status: 'pending', rated: 'private' },
  { by: 'admin', scrim: 'private', status: 'confirmed', rated: 'private' },
  { by: 'riot', scrim: 'private', status: 'confirmed', rated: 'private' },
  { by: 'admin', scrim: 'public', verified: 0, status: 'confirmed', rated: 'unverified' },
  { by: 'admin', scrim: 'public', verified: 7, status: 'confirmed', rated: 'unverified' },
  { by: 'admin', scrim: 'public', verified: 8, status: 'confirmed', rated: true },
  { by: 'host', scrim: 'public', verified: 10, status: 'pending', rated: true },
  { by: 'riot', scrim: 'public', verified: 7, status: 'confirmed', rated: 'unverified' },
  { by: 'admin', scrim: 'private', verified: 10, status: 'confirmed', rated: 'private' },
];

/** A second request of a route, whose answer depends on what it names; `codes`: the refusals' exact codes. */
export interface RouteCase extends RouteRule {
  route: string;
  name: string;
  codes?: Partial<Record<RoleName, ErrorCode>>;
}

const addMinutes = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000).toISOString();

/**
 * The rows whose answer depends on the request, walked like the table's own. A community host's powers reach
 * only players who chose their scrim, the regions they host and starts at least HOST_MIN_LEAD_MINUTES ahead,
 * even on their own scrim (hostedScrim); admins keep the spec's rules.
 */
export const AUTHORIZATION_CASES: RouteCase[] = [
  {
    route: 'POST /api/scrim-posts/{id}/requests',
    name: "asking for one's own team's post",
    request: ({ world }) => ({ params: { id: world.scrimPost.id }, body: { teamId: world.team.id } }),
    expect: { ...signedIn(403), captain: 409 },
    codes: { captain: 'OWN_SCRIM_POST', player: 'NOT_TEAM_CAPTAIN', admin: 'NOT_TEAM_CAPTAIN' },
  },
  {
    route: 'POST /api/scrim-posts/{id}/requests',
    name: 'asking twice for one post',
    request: ({ world }) => ({ params: { id: world.scrimPost.id }, body: { teamId: world.hostTeam.id } }),
    expect: { ...signedIn(403), host: 409 },
    codes: { host: 'SCRIM_REQUEST_EXISTS', otherPlayer: 'NOT_TEAM_CAPTAIN' },
  },
  {
    route: 'GET /api/scrim-posts',
    name: '"fits my team": the band of one of the viewer\'s teams (team: captain and player)',
    request: ({ world }) => ({ query: { fitsTeamId: world.team.id } }),
    expect: only(['captain', 'player'], '2xx'),
    codes: { otherPlayer: 'NOT_TEAM_MEMBER', host: 'NOT_TEAM_MEMBER', admin: 'NOT_TEAM_MEMBER' },
  },
  {
    route: 'DELETE /api/teams/{id}/members/{userId}',
    name: 'leaving oneself: the owner hands ownership over first, a stranger is not on the team',
    request: ({ world, self }) => ({ params: { id: world.team.id, userId: self.id } }),
    expect: { ...signedIn(404), player: '2xx', captain: 409 },
    codes: { captain: 'OWNER_MUST_HAND_OVER', otherPlayer: 'NOT_TEAM_MEMBER' },
  },
  {
    route: 'PUT /api/teams/{id}/members/{userId}',
    name: 'handing the ownership over',
    request: ({ world }) => ({
      params: { id: world.team.id, userId: world.users.player.id },
      body: { role: 'Mid', isCaptain: true, isOwner: true },
    }),
    expect: only(['captain'], '2xx'),
    codes: { player: 'NOT_TEAM_CAPTAIN', admin: 'NOT_TEAM_CAPTAIN' },
  },
  {
    route: 'PATCH /api/scrims/{id}/admin-assign-player',
    name: "a stranger onto the host's own scrim",
    request: ({ world }) => ({
      params: { id: world.hostedScrim.id },
      body: { userId: world.users.otherPlayer.id, teamName: 'teamTwo', role: 'Mid' },
    }),
    expect: adminOnly(),
    codes: { host: 'HOST_LIMIT' },
  },
  {
    route: 'PATCH /api/scrims/{id}/admin-fill-random',
    name: "the host's own scrim from a region they do not host",
    request: ({ world }) => ({ params: { id: world.hostedScrim.id }, body: { region: 'EUW' } }),
    expect: adminOnly(),
    codes: { host: 'HOST_LIMIT' },
  },
  {
    route: 'POST /api/scrims',
    name: 'starting in 5 minutes',
    request: () => ({ body: { ...newScrimBody(), gameStartTime: addMinutes(5) } }),
    expect: { ...adminOnly(), host: 400 },
    codes: { host: 'START_TOO_SOON' },
  },
  {
    route: 'PUT /api/scrims/{id}',
    name: "the host's own scrim moved to 5 minutes ahead",
    request: ({ world }) => ({
      params: { id: world.hostedScrim.id },
      body: { ...newScrimBody(), gameStartTime: addMinutes(5) },
    }),
    expect: { ...adminOnly(), host: 400 },
    codes: { host: 'START_TOO_SOON' },
  },
  // A host of NA on another region's scrim (foreignScrim, EUW): none of the host tools reach it.
  {
    route: 'PATCH /api/scrims/{id}/admin-assign-player',
    name: "a player onto another region's scrim",
    request: ({ world }) => ({
      params: { id: world.foreignScrim.id },
      body: { userId: world.users.otherPlayer.id, teamName: 'teamTwo', role: 'Mid' },
    }),
    expect: adminOnly(),
    codes: { host: 'NOT_HOST' },
  },
  {
    route: 'PATCH /api/scrims/{id}/admin-fill-random',
    name: "another region's scrim from its own region",
    request: ({ world }) => ({ params: { id: world.foreignScrim.id }, body: { region: 'EUW' } }),
    expect: adminOnly(),
    codes: { host: 'NOT_HOST' },
  },
  {
    route: 'PUT /api/scrims/{id}',
    name: "another region's scrim",
    request: ({ world }) => ({
      params: { id: world.foreignScrim.id },
      body: { ...newScrimBody(), region: 'EUW', gameStartTime: world.foreignScrim.gameStartTime.toISOString() },
    }),
    expect: adminOnly(),
    codes: { host: 'NOT_HOST' },
  },
  {
    route: 'POST /api/scrims/{id}/cancel',
    name: "another region's scrim",
    request: ({ world }) => ({ params: { id: world.foreignScrim.id }, body: { reason: 'Not enough players' } }),
    expect: adminOnly(),
    codes: { host: 'NOT_HOST' },
  },
  {
    route: 'POST /api/scrims/{id}/substitute',
    name: "another region's scrim",
    request: ({ world }) => ({
      params: { id: world.foreignScrim.id },
      body: { outUserId: world.foreignPlayerId, inUserId: world.users.otherPlayer.id },
    }),
    // foreignScrim has not started: an admin's substitute waits for the start (409 NOT_STARTED).
    expect: adminOnly(409),
    codes: { host: 'NOT_HOST' },
  },
  // Deleting is an admin's, even for the scrim's own host (who cancels it instead).
  {
    route: 'DELETE /api/scrims/{id}',
    name: "the host's own scrim",
    request: ({ world }) => ({ params: { id: world.hostedScrim.id } }),
    expect: adminOnly(),
  },
  // A winner from the edit form is an admin's decision; a host reports one for the other team to confirm.
  {
    route: 'PUT /api/scrims/{id}',
    name: "a winner on the host's own scrim",
    request: ({ world }) => ({
      params: { id: world.hostedScrim.id },
      body: { ...newScrimBody(), gameStartTime: world.hostedScrim.gameStartTime.toISOString(), teamWon: 'teamOne' },
    }),
    expect: adminOnly(),
    codes: { host: 'ADMIN_RESULT_ONLY' },
  },
  // A series game (the world's game 1: host captains hostTeam, otherPlayer otherTeam, the two teams playing it): its
  // slots are the lineups', its cast anyone's but its teams' players', its runners admins and the hosts of its region
  // who play for neither team.
  {
    route: 'PATCH /api/scrims/{id}/insert-player/{userId}',
    name: 'a slot of a series game',
    request: ({ world, self }) => ({
      params: { id: world.series.gameScrimId, userId: self.id },
      body: slot('teamTwo', 'Mid'),
    }),
    expect: signedIn(409),
    codes: {
      player: 'SERIES_GAME',
      otherPlayer: 'SERIES_GAME',
      captain: 'SERIES_GAME',
      caster: 'SERIES_GAME',
      host: 'SERIES_GAME',
      admin: 'SERIES_GAME',
    },
  },
  {
    route: 'PATCH /api/scrims/{id}/insert-caster/{userId}',
    name: 'the cast of a series game',
    request: ({ world, self }) => ({ params: { id: world.series.gameScrimId, userId: self.id } }),
    expect: signedIn('2xx', { otherPlayer: 403, host: 403 }),
    codes: { otherPlayer: 'ON_SERIES_TEAM', host: 'ON_SERIES_TEAM' },
  },
  {
    route: 'PUT /api/scrims/{id}',
    name: 'a series game, by a host who captains one of its teams',
    request: ({ world }) => ({ params: { id: world.series.gameScrimId }, body: newScrimBody() }),
    expect: adminOnly(),
    codes: { host: 'NOT_HOST' },
  },
  // It ends only with its series: even its runners cannot cancel it alone (the series would wait for its result).
  {
    route: 'POST /api/scrims/{id}/cancel',
    name: 'a series game, by a host who captains one of its teams',
    request: ({ world }) => ({ params: { id: world.series.gameScrimId }, body: { reason: 'Not enough players' } }),
    expect: adminOnly(409),
    codes: { host: 'NOT_HOST', admin: 'SERIES_GAME' },
  },
  // The draft room's refusals by name: who is not on a side, not the drafter, not the one to choose or reset.
  {
    route: 'POST /api/scrims/{id}/draft/ready',
    name: 'a side one does not play on',
    request: ({ world }) => ({ params: { id: world.draftScrim.id }, body: { side: 'red' } }),
    expect: only(['otherPlayer'], '2xx'),
    codes: { captain: 'NOT_ON_SIDE', player: 'NOT_ON_SIDE', host: 'NOT_ON_SIDE', admin: 'NOT_ON_SIDE' },
  },
  {
    route: 'POST /api/scrims/{id}/draft/drafter',
    name: 'by a host of another region',
    request: ({ world }) => ({
      params: { id: world.draftingScrim.id },
      body: { side: 'red', userId: world.users.otherPlayer.id },
    }),
    // The draft runs: its drafters stay (409 DRAFT_STARTED) for whoever may choose them.
    expect: only(['captain', 'admin'], 409),
    codes: { host: 'NOT_CAPTAIN', otherPlayer: 'NOT_CAPTAIN', captain: 'DRAFT_STARTED', admin: 'DRAFT_STARTED' },
  },
  {
    route: 'POST /api/scrims/{id}/draft/hover',
    name: 'by whoever is on no side',
    request: ({ world }) => ({ params: { id: world.draftingScrim.id }, body: { champion: 'Ahri' } }),
    expect: only(['captain', 'otherPlayer'], '2xx'),
    codes: { player: 'NOT_ON_SIDE', caster: 'NOT_ON_SIDE', host: 'NOT_ON_SIDE', admin: 'NOT_ON_SIDE' },
  },
  {
    route: 'POST /api/scrims/{id}/draft/lock',
    name: "on the other side's turn",
    request: ({ world }) => ({ params: { id: world.draftingScrim.id }, body: { champion: 'Ahri', role: 'Mid' } }),
    expect: { ...only(['captain'], '2xx'), otherPlayer: 409 },
    codes: { otherPlayer: 'NOT_YOUR_TURN', player: 'NOT_DRAFTER', host: 'NOT_DRAFTER', admin: 'NOT_DRAFTER' },
  },
  {
    route: 'POST /api/scrims/{id}/draft/reset',
    name: 'a draft not started: nothing to reset, for its host and admins too',
    request: ({ world }) => ({ params: { id: world.draftScrim.id } }),
    expect: signedIn(409),
    codes: { host: 'DRAFT_NOT_RUNNING', admin: 'DRAFT_NOT_RUNNING', captain: 'DRAFT_NOT_RUNNING' },
  },
  {
    route: 'POST /api/scrims/{id}/draft/reset',
    name: 'by a host of another region',
    request: ({ world }) => ({ params: { id: world.draftingScrim.id } }),
    expect: only(['captain', 'otherPlayer', 'admin'], '2xx'),
    codes: { host: 'NOT_DRAFTER', player: 'NOT_DRAFTER', caster: 'NOT_DRAFTER' },
  },
  // Push services only: a loopback endpoint is refused by name (the app runs without PUSH_ALLOW_LOCAL_ENDPOINTS).
  {
    route: 'POST /api/push/subscribe',
    name: 'a loopback endpoint',
    request: () => ({ body: fakeBrowser().subscription('http://127.0.0.1:9/push') }),
    expect: signedIn(400),
    codes: { player: 'PUSH_ENDPOINT_REFUSED', host: 'PUSH_ENDPOINT_REFUSED' },
  },
];
