import {
  ROLES,
  type CreateScrimPostBody,
  type Region,
  type ScrimPost,
  type ScrimRequest,
  type Series,
  type SeriesLineupBody,
  type TeamSeriesLists,
} from '@scrim-gym/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { scrimPosts, scrims } from '../db/schema/index.js';
import { createUser, type TestUser } from './factories.js';
import { editBody, type scrimApi } from './scrim-api.js';
import { expectStatus, type callApi } from './social.js';
import { teamBody, type teamApi } from './team-api.js';

const HOUR = 60 * 60 * 1000;

/** A post body for `teamId` (an NA team): a Bo3 tomorrow unless `overrides` say otherwise. */
export function postBody(teamId: string, overrides: Partial<CreateScrimPostBody> = {}): CreateScrimPostBody {
  return {
    teamId,
    region: 'NA',
    startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    format: 'bo3',
    fearless: false,
    ...overrides,
  };
}

/** The scrim board's and series' calls of the API, each as the user given; `…Ok` expect success and return the body. */
export function boardApi(call: ReturnType<typeof callApi>) {
  const api = {
    post: (as: TestUser | undefined, body: unknown) => call('POST', '/api/scrim-posts', as?.token, body as object),
    postOk: async (as: TestUser, body: CreateScrimPostBody) =>
      expectStatus<{ post: ScrimPost }>(await api.post(as, body), 201).post,
    board: (query: string, as?: TestUser) => call('GET', `/api/scrim-posts?${query}`, as?.token),
    boardOk: async (query: string, as: TestUser) =>
      expectStatus<{ rows: ScrimPost[]; nextCursor: string | null }>(await api.board(query, as), 200),
    removePost: (postId: string, as?: TestUser) => call('DELETE', `/api/scrim-posts/${postId}`, as?.token),
    requests: (postId: string, as?: TestUser) => call('GET', `/api/scrim-posts/${postId}/requests`, as?.token),
    ask: (postId: string, as: TestUser | undefined, body: unknown) =>
      call('POST', `/api/scrim-posts/${postId}/requests`, as?.token, body as object),
    askOk: async (postId: string, as: TestUser, teamId: string, note?: string) =>
      expectStatus<{ request: ScrimRequest }>(await api.ask(postId, as, { teamId, ...(note && { note }) }), 201)
        .request,
    withdraw: (requestId: string, as?: TestUser) => call('DELETE', `/api/scrim-requests/${requestId}`, as?.token),
    accept: (requestId: string, as?: TestUser) => call('POST', `/api/scrim-requests/${requestId}/accept`, as?.token),
    acceptOk: async (requestId: string, as: TestUser) =>
      expectStatus<{ series: Series }>(await api.accept(requestId, as), 200).series,
    decline: (requestId: string, as?: TestUser) => call('POST', `/api/scrim-requests/${requestId}/decline`, as?.token),
    series: (seriesId: string, as?: TestUser) => call('GET', `/api/series/${seriesId}`, as?.token),
    seriesOk: async (seriesId: string, as: TestUser) =>
      expectStatus<{ series: Series }>(await api.series(seriesId, as), 200).series,
    lineup: (seriesId: string, as: TestUser | undefined, body: unknown) =>
      call('PUT', `/api/series/${seriesId}/lineup`, as?.token, body as object),
    lineupOk: async (seriesId: string, as: TestUser, body: SeriesLineupBody) =>
      expectStatus<{ series: Series }>(await api.lineup(seriesId, as, body), 200).series,
    side: (seriesId: string, n: number | string, as: TestUser | undefined, body: unknown) =>
      call('POST', `/api/series/${seriesId}/games/${n}/side`, as?.token, body as object),
    cancel: (seriesId: string, as: TestUser | undefined, body: unknown) =>
      call('POST', `/api/series/${seriesId}/cancel`, as?.token, body as object),
    teamSeries: (teamId: string, as?: TestUser) => call('GET', `/api/teams/${teamId}/series`, as?.token),
    teamSeriesOk: async (teamId: string, as: TestUser) =>
      expectStatus<TeamSeriesLists>(await api.teamSeries(teamId, as), 200),
  };
  return api;
}

/** Five starters in role order from `players`, then the subs. */
export function lineupOf(teamId: string, players: TestUser[], subs: TestUser[] = []): SeriesLineupBody {
  return {
    teamId,
    players: [
      ...ROLES.map((role, i) => ({ userId: players[i]!.id, role })),
      ...subs.map((sub) => ({ userId: sub.id, role: 'Sub' as const })),
    ],
  };
}

/** Teams with rosters and booked series, through the API. */
export function seriesFixtures({
  db,
  board,
  teams,
}: {
  db: Database;
  board: ReturnType<typeof boardApi>;
  teams: ReturnType<typeof teamApi>;
}) {
  const fixtures = {
    /** A team of a captain (its owner) and seven members who do not captain it: five starters and 3 subs. */
    async newTeam() {
      const captain = await createUser({ db });
      const members = await Promise.all(Array.from({ length: 7 }, () => createUser({ db })));
      const team = await teams.createOk(captain, teamBody());
      const invite = await teams.inviteOk(team._id, captain);
      for (const member of members) expectStatus(await teams.join(invite.token, member), 200);
      return { id: team._id, name: team.name, tag: team.tag, captain, members, players: [captain, ...members] };
    },
    /** Two fresh teams and the series `poster` booked by accepting `asker`'s request (`overrides`: the post's). */
    async bookedSeries(overrides: Partial<CreateScrimPostBody> = {}) {
      const [poster, asker] = await Promise.all([fixtures.newTeam(), fixtures.newTeam()]);
      const post = await board.postOk(poster.captain, postBody(poster.id, overrides));
      const request = await board.askOk(post._id, asker.captain, asker.id);
      const booked = await board.acceptOk(request._id, poster.captain);
      return { poster, asker, series: booked };
    },
  };
  return fixtures;
}

/** `admin` moves a series game's scrim to `startsAt` through the scrim edit, keeping everything else as it is. */
export async function moveSeriesGame({
  db,
  scrimsApi,
  admin,
  scrimId,
  startsAt,
}: {
  db: Database;
  scrimsApi: ReturnType<typeof scrimApi>;
  admin: TestUser;
  scrimId: string;
  startsAt: Date;
}) {
  const [scrim] = await db.select().from(scrims).where(eq(scrims.id, scrimId));
  const { isPrivate, isWithCasters, maxCastersAllowedCount, useTournamentCode } = scrim!;
  const payload = editBody(scrim!, {
    ...{ isPrivate, isWithCasters, maxCastersAllowedCount, useTournamentCode, region: scrim!.region },
    gameStartTime: startsAt.toISOString(),
  });
  expectStatus(await scrimsApi.call('PUT', `/api/scrims/${scrimId}`, { token: admin.token, payload }), 200);
}

/** Open Bo3 posts written straight to the table (many at once, past the posting budget): their ids and starts. */
export async function insertPosts({
  db,
  region,
  posts,
}: {
  db: Database;
  region: Region;
  posts: { teamId: string; startsAt: Date }[];
}) {
  return db
    .insert(scrimPosts)
    .values(posts.map((post) => ({ ...post, region, format: 'bo3' as const, fearless: false })))
    .returning({ id: scrimPosts.id, startsAt: scrimPosts.startsAt });
}

/**
 * What the board's tables must always hold, whatever ran before: a post has at most one accepted request; a closed
 * post has exactly one series and an open or deleted one none; a post that is not open has no open request; a
 * series is its post's team against its accepted request's team, one per side. The violations found, as text.
 */
export async function boardViolations(db: Database): Promise<string[]> {
  const queries: [string, SQL][] = [
    [
      'a post with more than one accepted request',
      sql`select post_id as id from scrim_requests where status = 'accepted' group by post_id having count(*) > 1`,
    ],
    [
      'a closed post without exactly one series',
      sql`select p.id from scrim_posts p where p.status = 'closed'
          and (select count(*) from series s where s.post_id = p.id) <> 1`,
    ],
    [
      'a post with a series that is not closed',
      sql`select p.id from scrim_posts p join series s on s.post_id = p.id where p.status <> 'closed'`,
    ],
    [
      'an open request on a post that is not open',
      sql`select r.id from scrim_requests r join scrim_posts p on p.id = r.post_id
          where r.status = 'open' and p.status <> 'open'`,
    ],
    [
      'a closed post without its accepted request',
      sql`select p.id from scrim_posts p where p.status = 'closed'
          and not exists (select 1 from scrim_requests r where r.post_id = p.id and r.status = 'accepted')`,
    ],
    [
      "a series that is not its post's team against its accepted request's team, one a side",
      sql`select s.id from series s
          join scrim_posts p on p.id = s.post_id
          join scrim_requests r on r.id = s.request_id
          where r.status <> 'accepted' or r.post_id <> p.id
             or (select count(*) from series_teams t where t.series_id = s.id) <> 2
             or not exists (select 1 from series_teams t where t.series_id = s.id and t.team_id = p.team_id and t.is_poster)
             or not exists (select 1 from series_teams t where t.series_id = s.id and t.team_id = r.team_id and not t.is_poster)`,
    ],
  ];
  const found: string[] = [];
  for (const [what, query] of queries) {
    // Both drivers answer `{ rows }`.
    const { rows } = (await db.execute(query)) as unknown as { rows: { id: string }[] };
    for (const row of rows) found.push(`${what}: ${row.id}`);
  }
  return found;
}
