import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SEARCH_LIMIT, type UserSearchResult } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/render';
import { useHeaderUserSearch, userSearchKeys, userSearchQuery, useUserSearch } from './user-search';

afterEach(() => vi.unstubAllGlobals());

const found: UserSearchResult = {
  _id: '00000000-0000-4000-8000-000000000005',
  name: 'Faker Fan',
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 2',
};

/**
 * `/users/search` has one owner (this module): the navigation bar's search and the scrims feature's admin assign
 * (AdminAssignDialog, with the scrim's region and the admin limit) read their entries through `userSearchQuery`.
 */
describe('the user search: one owner, one key', () => {
  it("keeps the header's and admin assign's answers under the owner's key, one request per (text, region, limit)", async () => {
    const calls = stubApi({ 'GET /users/search': { users: [found] } });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const admin = { q: 'Fak', region: 'NA', limit: ADMIN_SEARCH_LIMIT } as const;
    const { result } = renderHook(
      () => ({
        header: useHeaderUserSearch('  Fak '),
        assign: useUserSearch(admin, { enabled: true }),
        assignAgain: useUserSearch(admin, { enabled: true }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.header.data).toEqual([found]));
    await waitFor(() => expect(result.current.assignAgain.data).toEqual([found]));

    // The paths are the contract: the header sends the text only, admin assign its region and limit.
    expect(calls.map((c) => c.query).sort()).toEqual(['q=Fak', `q=Fak&region=NA&limit=${ADMIN_SEARCH_LIMIT}`]);
    expect(queryClient.getQueryData(userSearchQuery({ q: 'Fak' }).queryKey)).toEqual({ users: [found] });
    expect(queryClient.getQueryData(userSearchQuery(admin).queryKey)).toEqual({ users: [found] });
    expect(queryClient.getQueryCache().findAll({ queryKey: userSearchKeys.all })).toHaveLength(2);
  });
});
