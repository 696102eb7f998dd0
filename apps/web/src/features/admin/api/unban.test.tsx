import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BanHistoryEntry, UserProfile } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/render';
import { useUnbanUser } from '../../profiles/api/profile';
import { profileQuery, useProfile } from '../../profiles/api/profile';
import { useBanHistory } from './admin';
import { useUnban } from './unban';

afterEach(() => vi.unstubAllGlobals());

const USER_ID = '00000000-0000-4000-8000-000000000002';
const profile = (isActive: boolean) => ({ _id: USER_ID, name: 'Banned', currentBan: { isActive } }) as UserProfile;

function setup() {
  let banned = true;
  const calls = stubApi({
    'GET /users/Banned': () => ({ body: profile(banned) }),
    'GET /admin/all-bans-history': () => ({ body: [] as BanHistoryEntry[] }),
    'POST /admin/unbanUser': () => {
      banned = false;
      return { body: { success: true, message: 'User unbanned' } };
    },
  });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { calls, queryClient, wrapper };
}

/** `/admin/unbanUser` has one owner (profiles/api/bans): every unban refreshes the profiles. */
describe('unban: one owner', () => {
  it("an unban from the ban history (admin) refreshes the user's profile (profiles) and the admin figures", async () => {
    const { calls, wrapper } = setup();
    const { result } = renderHook(
      () => ({ profile: useProfile({ name: 'Banned' }), history: useBanHistory(), unban: useUnban() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.profile.data?.currentBan?.isActive).toBe(true));
    await waitFor(() => expect(result.current.history.isSuccess).toBe(true));

    await act(() => result.current.unban.mutateAsync(USER_ID));

    await waitFor(() => expect(result.current.profile.data?.currentBan?.isActive).toBe(false));
    expect(calls.filter((c) => c.path === '/admin/all-bans-history')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/admin/unbanUser')).toEqual([
      expect.objectContaining({ method: 'POST', body: { bannedUserId: USER_ID } }),
    ]);
  });

  it("an unban from a profile's button (profiles) invalidates the profile through the same hook", async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(profileQuery({ name: 'Banned' }).queryKey, profile(true));
    const { result } = renderHook(() => useUnbanUser(), { wrapper });

    await act(() => result.current.mutateAsync(USER_ID));

    expect(queryClient.getQueryState(profileQuery({ name: 'Banned' }).queryKey)!.isInvalidated).toBe(true);
  });
});
