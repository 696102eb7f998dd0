import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, SocialUser } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/render';
import { useConversations, useStartConversation } from '../../social/api/conversations';
import { useConversationPartners } from './useConversationPartners';

afterEach(() => vi.unstubAllGlobals());

const user = (n: number): SocialUser => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `User ${n}`,
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 2',
});
const ME = user(1);
const conversation = (partner: SocialUser): Conversation => ({
  _id: `c0000000-0000-4000-8000-00000000000${partner._id.at(-1)}`,
  kind: 'direct',
  members: [ME, partner],
  scrim: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastMessageAt: null,
  unseenCount: 0,
});

/** `/conversations/user` has one owner (social/api/conversations) and one cache entry. */
describe('the conversations list: one owner, one key', () => {
  it("a conversation started in the messenger (social) gives the profile's friends dialog (profiles) its partner", async () => {
    const calls = stubApi({
      'GET /conversations/user': [conversation(user(2))],
      'POST /conversations': conversation(user(3)),
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ messenger: useConversations(), partners: useConversationPartners(true), start: useStartConversation() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.partners.data?.has(user(2)._id)).toBe(true));
    // One request serves both: they read the same entry.
    expect(calls.filter((c) => c.path === '/conversations/user')).toHaveLength(1);

    await act(() => result.current.start.mutateAsync({ friend: user(3), text: 'gl hf' }));

    await waitFor(() => expect(result.current.partners.data?.has(user(3)._id)).toBe(true));
    expect(result.current.messenger.data).toHaveLength(2);
  });
});
