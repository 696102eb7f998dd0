import type { CreateTeamBody, Team, TeamInvite, UpdateTeamMemberBody } from '@scrim-gym/shared';
import { foldFreeLetters, type TestUser } from './factories.js';
import { expectStatus, type callApi } from './social.js';

let teamCount = 0;
/** The letters of the tags teamBody gives, base 16: none of them folds into another. */
const TAG_DIGITS = 'ABCDEFGHJKPQTXYZ';
const countedTag = (n: number) =>
  Array.from({ length: 5 }, (_, i) => TAG_DIGITS[Math.floor(n / TAG_DIGITS.length ** i) % TAG_DIGITS.length]).join('');

/**
 * A create body whose name and tag no other team of the run folds to: the tag counts teams in letters no look-alike
 * folding touches, the name adds random ones (test/factories.ts `foldFreeLetters`).
 */
export function teamBody(overrides: Partial<CreateTeamBody> = {}): CreateTeamBody {
  return { name: `Squad ${foldFreeLetters(8)}`, tag: countedTag(++teamCount), region: 'NA', ...overrides };
}

/** The teams calls of the API, each as the user given; the helpers that expect success return the body. */
export function teamApi(call: ReturnType<typeof callApi>) {
  const api = {
    create: (as: TestUser, body: unknown = teamBody()) => call('POST', '/api/teams', as.token, body as object),
    createOk: async (as: TestUser, body: CreateTeamBody = teamBody()) =>
      expectStatus<{ team: Team }>(await api.create(as, body), 201).team,
    get: (teamId: string, as: TestUser) => call('GET', `/api/teams/${teamId}`, as.token),
    patch: (teamId: string, as: TestUser, body: unknown) =>
      call('PATCH', `/api/teams/${teamId}`, as.token, body as object),
    remove: (teamId: string, as: TestUser) => call('DELETE', `/api/teams/${teamId}`, as.token),
    invite: (teamId: string, as: TestUser) => call('POST', `/api/teams/${teamId}/invites`, as.token),
    inviteOk: async (teamId: string, as: TestUser) => expectStatus<TeamInvite>(await api.invite(teamId, as), 201),
    openInvites: (teamId: string, as?: TestUser) => call('GET', `/api/teams/${teamId}/invites`, as?.token),
    revoke: (teamId: string, inviteId: string, as: TestUser) =>
      call('DELETE', `/api/teams/${teamId}/invites/${inviteId}`, as.token),
    join: (token: string, as: TestUser) => call('POST', `/api/teams/join/${token}`, as.token),
    /** `as` joins `teamId` through a fresh invite of `captain`'s. */
    joinOk: async (teamId: string, captain: TestUser, as: TestUser) => {
      const invite = await api.inviteOk(teamId, captain);
      return expectStatus<{ team: Team }>(await api.join(invite.token, as), 200).team;
    },
    setMember: (teamId: string, userId: string, as: TestUser, body: UpdateTeamMemberBody) =>
      call('PUT', `/api/teams/${teamId}/members/${userId}`, as.token, body),
    removeMember: (teamId: string, userId: string, as: TestUser) =>
      call('DELETE', `/api/teams/${teamId}/members/${userId}`, as.token),
    search: (query: string, as: TestUser) => call('GET', `/api/teams?${query}`, as.token),
    ofUser: (userId: string, as: TestUser) => call('GET', `/api/users/${userId}/teams`, as.token),
  };
  return api;
}
