import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_CODES, MESSAGES, authErrorMessage, type AuthState } from '@scrim-gym/shared';
import { createQueryClient } from '../lib/query-client';
import { signedOut, stubApi, testUser } from '../test/render';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

afterEach(() => vi.unstubAllGlobals());

/** What a phishing link would like our page to say. */
const INJECTED = 'Your account is hacked, call 555';
const encoded = encodeURIComponent(INJECTED);
const signedIn: AuthState = { token: null, user: testUser(), identity: null };

/** The whole app (layout, guards, every route) at `url`, the way the browser would open a crafted link. */
function openApp(url: string, session: AuthState) {
  stubApi({ 'GET /auth/session': session, 'GET /server-status': { isServerUp: true } });
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders queryClient={createQueryClient()}>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
}

function expectNoInjectedText() {
  for (const text of [document.body.textContent ?? '', document.title]) {
    expect(text).not.toContain(INJECTED);
    expect(text).not.toContain('hacked');
  }
}

describe('no page shows text taken from the URL', () => {
  it('shows the generic sign-in error for an unknown ?authError, never its text', async () => {
    openApp(`/?authError=${encoded}`, signedOut);
    expect(await screen.findByText(MESSAGES.loginError)).toBeInTheDocument();
    expectNoInjectedText();
  });

  it.each(AUTH_ERROR_CODES)("shows the app's own message for ?authError=%s", async (code) => {
    openApp(`/?authError=${code}&x=${encoded}`, signedOut);
    expect(await screen.findByText(authErrorMessage(code))).toBeInTheDocument();
    expect(screen.queryByText(code)).not.toBeInTheDocument();
    expectNoInjectedText();
  });

  it('names no path text on the not-found page', async () => {
    openApp(`/${encoded}`, signedOut);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Oops, this page doesn't exist!" }),
    ).toBeInTheDocument();
    expectNoInjectedText();
  });

  it.each([
    [`/users/${encoded}`, 'User not found'],
    [`/users/${encoded}?region=EUW`, 'User not found'],
    [`/users/Faker?region=${encoded}`, 'User Faker was not found'],
    [`/users/Faker?region=EUW&tagline=${encoded}`, 'User Faker was not found in EUW'],
    [`/scrims/${encoded}`, 'Scrim not found!, redirecting to home'],
    [`/scrims/${encoded}/edit`, 'You do not have permission to access this page'],
  ])('says only its own words at %s', async (url, message) => {
    openApp(url, signedIn);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expectNoInjectedText();
  });

  it(`ignores hub filters that are not a region or a day`, async () => {
    openApp(`/scrims?region=${encoded}&date=${encoded}&previous=${encoded}`, signedIn);
    await waitFor(() => expect(screen.queryByText(MESSAGES.verifyingUser)).not.toBeInTheDocument());
    expect(await screen.findAllByText(/NA/)).not.toHaveLength(0);
    expectNoInjectedText();
  });
});
