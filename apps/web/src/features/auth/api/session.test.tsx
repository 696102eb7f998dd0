import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@scrim-gym/shared';
import { createQueryClient } from '../../../lib/query-client';
import { stubApi, testUser } from '../../../test/render';
import { sessionKey, useDevLogin, useLogout, useUpdateUser } from './session';

afterEach(() => vi.unstubAllGlobals());

/** The session is the httpOnly cookie: a token in an answer is kept neither as the session nor as the result. */
const TOKEN = 'session-token-the-page-must-not-keep';

function renderWithClient<T>(hook: () => T) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

const cachedSession = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient.getQueryData<AuthState>(sessionKey);

describe('the session in the query cache', () => {
  it('keeps the user of a Settings update, not its token', async () => {
    const user = testUser({ rank: 'Iron 1' });
    stubApi({ 'PUT /auth/update-user': { token: TOKEN, user } });
    const { result, queryClient } = renderWithClient(() => useUpdateUser());
    const answer = await act(() => result.current.mutateAsync({ rank: 'Iron 1' }));
    expect(answer).toEqual({ user });
    expect(cachedSession(queryClient)).toEqual({ token: null, user, identity: null });
  });

  it('keeps the identity of a dev sign-in, not its token', async () => {
    const identity = { provider: 'dev', email: 'new@test.dev', name: null };
    stubApi({ 'POST /auth/dev-login': { token: TOKEN, user: null, identity } });
    const { result, queryClient } = renderWithClient(() => useDevLogin());
    const answer = await act(() => result.current.mutateAsync('new@test.dev'));
    expect(answer).toEqual({ token: null, user: null, identity });
    expect(cachedSession(queryClient)).toEqual({ token: null, user: null, identity });
  });
});

describe('logout', () => {
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it("unsubscribes this browser's push subscription and ends the session", async () => {
    const unsubscribe = vi.fn(async () => true);
    const registration = { pushManager: { getSubscription: vi.fn(async () => ({ unsubscribe })) } };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: vi.fn(async () => registration) },
      configurable: true,
    });
    const calls = stubApi({ 'POST /auth/logout': { status: 204, body: null } });
    const { result, queryClient } = renderWithClient(() => useLogout());
    await act(() => result.current.mutateAsync());
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/logout']);
    expect(cachedSession(queryClient)).toEqual({ token: null, user: null, identity: null });
  });

  it('ends the session as well in a browser without a service worker', async () => {
    stubApi({ 'POST /auth/logout': { status: 204, body: null } });
    const { result, queryClient } = renderWithClient(() => useLogout());
    await act(() => result.current.mutateAsync());
    expect(cachedSession(queryClient)).toEqual({ token: null, user: null, identity: null });
  });
});
