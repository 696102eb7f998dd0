import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { sessionKey } from '../features/auth/api/session';
import { adminKeys } from '../features/admin/api/admin';
import { profileKeys } from '../features/profiles/api/profile';
import { scrimKeys } from '../features/scrims/api/scrims';
import { prefetchRoute } from './router';

const PROFILE_ID = 'u-2';
const ANSWERS: Array<[RegExp, unknown]> = [
  [/^\/api\/auth\/session$/, { token: null, user: { _id: 'u-1', name: 'Viewer', region: 'NA' }, identity: null }],
  [/^\/api\/users\/Baron%20Steal\?/, { _id: PROFILE_ID, name: 'Baron Steal', summonerTagline: 'NA2', region: 'NA' }],
  [/./, {}],
];

/** fetch answering from ANSWERS, with each request's path and the time it started. */
function fakeFetch() {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const body = ANSWERS.find(([pattern]) => pattern.test(url))![1];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('route prefetch: a page asks for its data the moment its route matches, before it renders', () => {
  it('a profile: the session and the profile at once, then everything that needs its id, in one step', async () => {
    const requests = fakeFetch();
    const queryClient = createQueryClient();
    prefetchRoute(queryClient, { pathname: '/users/Baron%20Steal', search: '?region=NA&tagline=NA2' });
    await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(7));
    expect(requests).toEqual(
      expect.arrayContaining([
        '/api/auth/session',
        '/api/users/Baron%20Steal?region=NA&tagline=NA2',
        '/api/riot/ddragon-version',
        `/api/users/${PROFILE_ID}/scrims?filter=none&sort=desc`,
        expect.stringMatching(new RegExp(`^/api/users/${PROFILE_ID}/activity\\?range=6M&tz=`)),
        '/api/riot/summoner?gameName=Baron+Steal&tagLine=NA2&region=NA',
        `/api/friend-requests/check-friend-request-sent/${PROFILE_ID}`,
      ]),
    );
    // Under the key ProfilePage's useProfile reads (its address: the decoded name, region and tagline).
    expect(queryClient.getQueryData(profileKeys.byName({ name: 'Baron Steal', region: 'NA', tagline: 'NA2' }))).toEqual(
      expect.objectContaining({ _id: PROFILE_ID }),
    );
    expect(queryClient.getQueryData(sessionKey)).toBeTruthy();
  });

  it('no friend state on one’s own profile', async () => {
    const requests = fakeFetch();
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionKey, { token: null, user: { _id: PROFILE_ID }, identity: null } as never);
    prefetchRoute(queryClient, { pathname: '/users/Baron%20Steal', search: '?region=NA&tagline=NA2' });
    await waitFor(() => expect(requests.some((url) => url.includes('/riot/summoner'))).toBe(true));
    expect(requests.filter((url) => url.includes('check-friend-request-sent'))).toEqual([]);
  });

  it('a scrim and the admin dashboard', async () => {
    const requests = fakeFetch();
    const queryClient = createQueryClient();
    prefetchRoute(queryClient, { pathname: '/scrims/s-1', search: '' });
    prefetchRoute(queryClient, { pathname: '/admin/dashboard', search: '' });
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining([
          '/api/scrims/s-1',
          '/api/admin/dashboard-stats',
          '/api/admin/recent-activities',
          '/api/admin/server-status',
        ]),
      ),
    );
    expect(queryClient.getQueryState(scrimKeys.detail('s-1'))?.status).toBe('success');
    expect(queryClient.getQueryState(adminKeys.stats)?.status).toBe('success');
  });

  it('the landing page asks only for the session', async () => {
    const requests = fakeFetch();
    prefetchRoute(createQueryClient(), { pathname: '/', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual(['/api/auth/session']);
  });
});
