import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  LATE_LEAVE_HOURS,
  RELIABILITY_MIN_COMMITMENTS,
  RELIABILITY_WINDOW,
  type AuthState,
  type CurrentUser,
} from '@scrim-gym/shared';
import { theme } from '../../../app/theme';
import { GuidePage } from './GuidePage';
import { LandingPage } from './LandingPage';
import { NotFoundPage } from './NotFoundPage';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { ServerErrorPage } from './ServerErrorPage';
import { TermsOfServicePage } from './TermsOfServicePage';

const signedOut: AuthState = { token: null, user: null, identity: null };

const player: CurrentUser = {
  _id: 'u1',
  uid: 'google|1',
  name: 'Faker',
  summonerTagline: 'KR1',
  region: 'NA',
  rank: 'Challenger',
  discord: 'faker',
  email: 'faker@example.com',
  isAdmin: false,
  isDonator: false,
  canSendEmailsToUser: false,
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
};

/** Answers GET /api/auth/session with the given state; anything else is a 404. */
function mockSession(state: AuthState) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/auth/session')) return Response.json(state);
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string, page: ReactElement, routePath = path) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={routePath} element={page} />
            <Route path="/scrims" element={<p>Scrims Hub</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** Serious and critical axe violations (colour contrast is checked in a real browser: jsdom cannot compute it). */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function numberedSections() {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
}

beforeEach(() => {
  mockSession(signedOut);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LandingPage', () => {
  it('shows the hero, the three info cards and the sign-up call to action', async () => {
    const fetchMock = mockSession(signedOut);
    renderAt('/', <LandingPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Scrim Gym' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Find LoL Custom Lobbies!')).toBeInTheDocument();
    for (const title of ['Events and tournaments', 'Community', 'Free coaching']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/casted customs every friday/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sign up/i })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /how it works/i })).toHaveAttribute('href', '/guide');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    // Still the landing once the session says 'signed out'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Scrim Gym' })).toBeInTheDocument();
  });

  it('links to Twitch, Discord and X in a new tab', () => {
    renderAt('/', <LandingPage />);
    const expected: [RegExp, string][] = [
      [/twitch/i, 'https://www.twitch.tv/scrimgym'],
      [/discord/i, 'https://discord.gg/scrimgym'],
      [/x \(twitter\)/i, 'https://x.com/scrimgym'],
    ];
    for (const [name, href] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(expect.stringMatching(/opens in a new tab/));
    }
  });

  it('sends a signed-in user to the Scrims Hub', async () => {
    mockSession({ token: 't', user: player, identity: null });
    renderAt('/', <LandingPage />);
    expect(await screen.findByText('Scrims Hub')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Scrim Gym' })).not.toBeInTheDocument();
  });

  it('has no serious accessibility violations and a proper heading order', async () => {
    const { container } = renderAt('/', <LandingPage />);
    expect(await seriousViolations(container)).toEqual([]);
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!).toBeLessThanOrEqual(1));
  });
});

describe('GuidePage', () => {
  it('is the app’s own illustrated guide: a section per step, each with a lazy, sized, described screenshot', async () => {
    const { container } = renderAt('/guide', <GuidePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'User Guide' })).toBeInTheDocument();
    const steps = [
      'Find a scrim',
      'Join a team and role',
      'Get the lobby name and password',
      'The captain reports the winner',
      'Cast a game',
      'Talk in the scrim chat',
      'Your profile',
    ];
    for (const step of steps) expect(screen.getByRole('heading', { level: 2, name: step })).toBeInTheDocument();
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(steps.length);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '960');
      expect(image).toHaveAttribute('height', '600');
      expect(image.getAttribute('src')).toMatch(/\.webp$/);
      expect(image.getAttribute('alt')!.length).toBeGreaterThan(30);
    }
    expect(screen.getByText(/all ten players are in/i)).toHaveTextContent(/password/);
    // No embedded presentation any more.
    expect(container.querySelector('iframe')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('GuidePage: showing up', () => {
  it('explains check-in, reliability, late leaves, no-shows and cooldowns with the rules’ own figures', async () => {
    const { container } = renderAt('/guide', <GuidePage />);
    const section = screen.getByRole('region', { name: 'Showing up: check-in, reliability and cooldowns' });
    expect(screen.getByRole('link', { name: 'Showing up: check-in, reliability and cooldowns' })).toHaveAttribute(
      'href',
      '#showing-up',
    );
    for (const term of ['Check-in', 'Reliability', 'Late leaves', 'No-shows and cooldowns'])
      expect(within(section).getByText(term, { selector: 'dt' })).toBeInTheDocument();
    expect(section).toHaveTextContent(
      `between ${CHECK_IN_OPENS_MINUTES} and ${CHECK_IN_CLOSES_MINUTES} minutes before the start`,
    );
    expect(section).toHaveTextContent(`the share kept of your last ${RELIABILITY_WINDOW}`);
    expect(section).toHaveTextContent(`Until you have ${RELIABILITY_MIN_COMMITMENTS} commitments you are shown as New`);
    expect(section).toHaveTextContent(`Leaving more than ${LATE_LEAVE_HOURS} hours before the start costs nothing`);
    expect(section).toHaveTextContent('The first is a warning; the next ones bring a cooldown of 1 day, then 7 days');
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('PrivacyPolicyPage', () => {
  it('has 12 numbered sections, today as the last update and the buttons', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 12));
    const { container } = renderAt('/privacy-policy', <PrivacyPolicyPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated: November 22, 2026');
    const sections = numberedSections();
    expect(sections).toHaveLength(12);
    sections.forEach((text, i) => expect(text).toMatch(new RegExp(`^${i + 1}\\. \\S`)));

    const page = container.textContent ?? '';
    expect(page).toMatch(/under 13/);
    expect(page).toMatch(/never sold/);
    expect(page).toMatch(/within 30 days of account deletion/);
    expect(page).toMatch(/not affiliated with.*Riot Games/);
    for (const item of [
      'account ID',
      'summoner name and tagline',
      'rank',
      'region',
      'discord username',
      'match statistics',
    ]) {
      expect(page).toContain(item);
    }

    expect(screen.getByRole('link', { name: 'Back to Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    vi.useRealTimers();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('TermsOfServicePage', () => {
  it('has 16 numbered sections, the 70% prize pool rule and the buttons', async () => {
    const { container } = renderAt('/terms-of-service', <TermsOfServicePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const sections = numberedSections();
    expect(sections).toHaveLength(16);
    sections.forEach((text, i) => expect(text).toMatch(new RegExp(`^${i + 1}\\. \\S`)));

    const tournaments = screen.getByRole('region', { name: /tournaments/i });
    expect(
      within(tournaments).getByText(/At least 70% of tournament entry fees go to the prize pool/),
    ).toBeInTheDocument();
    expect(within(tournaments).getByText(/clearly stated/)).toBeInTheDocument();
    const page = container.textContent ?? '';
    expect(page).toMatch(/at least 13 years old/);
    expect(page).toMatch(/One account per person/);
    expect(page).toMatch(/captains report results/);
    expect(page).toMatch(/scrim host sets the rules/);

    expect(screen.getByRole('link', { name: 'Back to Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('NotFoundPage', () => {
  it("shows 'Oops, {path} doesn't exist!' naming no text of the address, and a way home", async () => {
    const { container } = renderAt('/no/such-page', <NotFoundPage />, '*');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Oops, this page doesn't exist!");
    expect(document.body).not.toHaveTextContent('such-page');
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('ServerErrorPage', () => {
  it("shows ERROR 503 with the catalogue's text and a Retry button", async () => {
    const { container } = renderAt('/server-error', <ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'ERROR 503' })).toBeInTheDocument();
    expect(screen.getByText('problem connecting to the server. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
