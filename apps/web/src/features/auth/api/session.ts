import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthProviders, AuthState, RegisterBody, SessionResponse, UpdateUserBody } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { unsubscribeThisDevice } from '../../../lib/service-worker';

/**
 * The session is the httpOnly cookie: the app never keeps a token. The answers that carry one for scripts
 * (dev sign-in, register, Settings) are read for their user and identity only.
 */

export const sessionKey = ['auth', 'session'] as const;

export const getSession = () => api.get<AuthState>('/auth/session');
export const getAuthProviders = () => api.get<AuthProviders>('/auth/providers');

/** The session query, for the hook and for the route prefetch (app/router.tsx). */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: getSession,
  staleTime: 5 * 60_000,
  retry: 1,
});

/** The current session; `isPending` is the original client's isVerifyingUser. */
export function useSession() {
  return useQuery(sessionQuery);
}

export function useCurrentUser() {
  const session = useSession();
  return { user: session.data?.user ?? null, isVerifying: session.isPending, session };
}

/** The sign-in providers and whether the server makes tournament codes (the scrims feature reads it too). */
export const authProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'] as const,
  queryFn: getAuthProviders,
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

export function useDevLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string): Promise<AuthState> => ({
      ...(await api.post<AuthState>('/auth/dev-login', { email })),
      token: null,
    }),
    onSuccess: (state) => queryClient.setQueryData(sessionQuery.queryKey, state),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await api.post<unknown>('/auth/register', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateUserBody): Promise<Pick<SessionResponse, 'user'>> => {
      const { user } = await api.put<SessionResponse>('/auth/update-user', body);
      return { user };
    },
    onSuccess: ({ user }) =>
      queryClient.setQueryData<AuthState>(sessionQuery.queryKey, { token: null, user, identity: null }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // The session's push subscriptions end with it on the server; the browser unsubscribes too.
    mutationFn: async () => {
      await Promise.all([api.post<void>('/auth/logout'), unsubscribeThisDevice()]);
    },
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData<AuthState>(sessionQuery.queryKey, { token: null, user: null, identity: null });
    },
  });
}

/** Starts a provider sign-in; the browser leaves for the identity provider and comes back to `returnTo`. */
export function startProviderSignIn(providerId: string, returnTo: string) {
  window.location.assign(`/api/auth/oidc/${providerId}/start?returnTo=${encodeURIComponent(returnTo)}`);
}
