import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { AuthState, CurrentUser } from '@scrim-gym/shared';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

export const signedOut: AuthState = { token: null, user: null, identity: null };

export const testUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  _id: '00000000-0000-4000-8000-000000000001',
  uid: 'dev|tester@test.dev',
  email: 'tester@test.dev',
  name: 'Tester',
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 2',
  discord: 'tester',
  canSendEmailsToUser: false,
  isAdmin: false,
  isDonator: false,
  profileBackgroundImg: 'Summoners Rift',
  profileBackgroundBlur: '20',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoggedIn: null,
  currentBan: { isActive: false, dateFrom: null, dateTo: null, _bannedBy: null },
  verified: false,
  rankSource: 'self',
  primaryRole: 'Fill',
  secondaryRole: 'Fill',
  riotAccount: null,
  hostRegions: [],
  ...overrides,
});

interface Answer {
  status?: number;
  body: unknown;
}
/** An answer, or a promise of one: a server that answers one read later than another. */
type Handler = (init: RequestInit | undefined) => Answer | Promise<Answer>;

/**
 * Stubs fetch for `/api` paths ("METHOD /path" → answer); unknown paths answer 404. Returns the call log: JSON
 * bodies parsed, others (a File) as sent, with the query string and the headers.
 */
export function stubApi(handlers: Record<string, Handler | unknown>) {
  const calls: Array<{ method: string; path: string; query: string; headers: HeadersInit | undefined; body: unknown }> =
    [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const [path = '', query = ''] = String(input)
        .replace(/^\/api/, '')
        .split('?');
      const sent = init?.body ?? undefined;
      const body = typeof sent === 'string' ? (sent ? JSON.parse(sent) : undefined) : sent;
      calls.push({ method, path, query, headers: init?.headers, body });
      const handler = handlers[`${method} ${path}`];
      const answer =
        typeof handler === 'function'
          ? await (handler as Handler)(init)
          : handler === undefined
            ? { status: 404, body: { error: 'not found', code: 'NOT_FOUND' } }
            : { body: handler };
      // A 204 has no body (the Response constructor refuses one).
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/**
 * The last write (any method but GET) the page sent: a refetch or a lazy load can land after it, so a test that
 * checks what a click sent looks past reads.
 */
export function lastWrite(calls: ReturnType<typeof stubApi>) {
  return calls.findLast((call) => call.method !== 'GET');
}

/**
 * Renders `element` at `path` inside the app's providers, with probe routes for redirects ('/', '/scrims' and
 * any `probes`: path → text).
 */
export function renderAt(path: string, routePath: string, element: ReactElement, probes: Record<string, string> = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={createQueryClient()}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/scrims" element={<p>scrims page</p>} />
          {Object.entries(probes).map(([probePath, text]) => (
            <Route key={probePath} path={probePath} element={<p>{text}</p>} />
          ))}
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}
