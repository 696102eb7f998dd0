import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialUser } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/render';
import { friendsQuery, useFriends } from '../../social/api/friends';
import { applyFriendshipChange } from '../hooks/useLiveFriendship';
import { useUnfriend } from './friendship';

afterEach(() => vi.unstubAllGlobals());

const ME = '00000000-0000-4000-8000-000000000001';
const THEM = '00000000-0000-4000-8000-000000000002';
const friend = (n: number): SocialUser => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Friend ${n}`,
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 2',
});

function renderHooks<T>(hook: () => T) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

/** `/friends/user-friends/:id` has one owner (social/api/friends) and one cache entry per user. */
describe('the friends list: one owner, one key', () => {
  it("an unfriend on a profile (profiles) refreshes the messenger's friends (social)", async () => {
    let friends = [friend(2), friend(3)];
    const calls = stubApi({
      [`GET /friends/user-friends/${ME}`]: () => ({ body: { friends } }),
      'POST /friends/unfriend-user': () => {
        friends = friends.filter((f) => f._id !== THEM);
        return { body: { userFriends: friends } };
      },
      [`GET /friend-requests/check-friend-request-sent/${THEM}`]: { status: 'none', friendRequestSent: false },
    });
    const { result } = renderHooks(() => ({ messenger: useFriends(ME), unfriend: useUnfriend() }));
    await waitFor(() => expect(result.current.messenger.data).toHaveLength(2));

    await act(() => result.current.unfriend.mutateAsync({ userId: THEM, ownId: ME }));

    await waitFor(() => expect(result.current.messenger.data?.map((f) => f._id)).toEqual([friend(3)._id]));
    expect(calls.filter((c) => c.path === `/friends/user-friends/${ME}`)).toHaveLength(2);
  });

  it("a live friendship change (profiles) invalidates both users' lists in the owner's entry", () => {
    const queryClient = createQueryClient();
    for (const id of [ME, THEM]) queryClient.setQueryData(friendsQuery(id).queryKey, { friends: [] });
    applyFriendshipChange(queryClient, ME, { userId: THEM, status: 'none' });
    for (const id of [ME, THEM]) expect(queryClient.getQueryState(friendsQuery(id).queryKey)!.isInvalidated).toBe(true);
  });
});
