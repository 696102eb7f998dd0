import type { CreateScrimPostBody, Region, ScrimPost, ScrimRequest, Series } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { scrimPosts } from '../db/schema/index.js';
import type { TestUser } from './factories.js';
import { expectStatus, type callApi } from './social.js';

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
  };
  return api;
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
