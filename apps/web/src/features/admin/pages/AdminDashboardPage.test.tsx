import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity, DashboardStats, ResultDispute, Season, SystemStatus } from '@scrim-gym/shared';
import { RequireAdmin } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { banSlices } from '../components/dashboard/DistributionCharts';
import { activityLink } from '../components/dashboard/RecentActivityList';
import { AdminDashboardPage } from './AdminDashboardPage';

// The first render of these MUI pages can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // recharts' ResponsiveContainer measures its box.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const admin = { token: 't', user: testUser({ isAdmin: true, name: 'Boss' }), identity: null };
const STATS: DashboardStats = {
  totalUsers: 1234,
  totalScrims: 567,
  weeklyNewUsers: 12,
  weeklyNewScrims: 34,
  activeToday: 56,
  monthlyUserGrowth: [{ year: 2026, month: 1, count: 5 }],
  weeklyScrimActivity: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day, i) => ({
    day,
    date: `2026-01-0${i + 1}`,
    scrims: i,
  })),
  regionDistribution: [
    { region: 'NA', count: 3 },
    { region: 'EUW', count: 1 },
  ],
  rankDistribution: [
    { rank: 'Gold', count: 2 },
    { rank: 'Unranked', count: 2 },
  ],
  banStatistics: { activeBans: 4, expiredBans: 2, totalBannedUsers: 9, totalBans: 11 },
};
const STATUS: SystemStatus = {
  services: {
    database: { status: 'operational', latency: 3.2 },
    websocket: { status: 'operational', connections: 42 },
    riotApi: { status: 'warning' },
    emailService: { status: 'inactive' },
    redis: { status: 'error' },
  },
  checkedAt: '2026-01-01T00:00:00.000Z',
};
const ACTIVITIES: Activity[] = [
  {
    _id: 'ban:1',
    type: 'ban',
    description: 'Toxic was banned until 02/01/2026',
    timestamp: '2026-01-02T10:00:00.000Z',
    status: 'banned',
    details: {
      userId: 'u1',
      userName: 'Toxic',
      region: 'EUW',
      rank: 'Gold 1',
      summonerTagline: 'EU1',
      reason: 'flame',
    },
  },
  {
    _id: 'scrim:1',
    type: 'scrim',
    description: 'New scrim "Finals" created',
    timestamp: '2026-01-01T10:00:00.000Z',
    status: 'active',
    details: { scrimId: 's1', region: 'NA' },
  },
  {
    _id: 'audit:1',
    type: 'user',
    description: 'Guesser entered a wrong admin key',
    timestamp: '2026-01-01T09:00:00.000Z',
    status: 'refused',
    details: { userId: 'u2', userName: 'Guesser', region: 'NA', rank: 'Iron 4', summonerTagline: 'NA1' },
  },
];

function renderDashboard(handlers: Record<string, unknown> = {}) {
  const calls = stubApi({
    'GET /auth/session': admin,
    'GET /admin/dashboard-stats': STATS,
    'GET /admin/recent-activities': ACTIVITIES,
    'GET /admin/server-status': STATUS,
    'GET /admin/disputes': [],
    ...handlers,
  });
  renderAt(
    '/admin/dashboard',
    '/admin/dashboard',
    <RequireAdmin>
      <AdminDashboardPage />
    </RequireAdmin>,
  );
  return calls;
}

describe('admin dashboard', { timeout: 20_000 }, () => {
  it("'Loading Dashboard...', then the header, the four cards with their subtitles and the panels", async () => {
    renderDashboard();
    expect(await screen.findByText('Loading Dashboard...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Boss')).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Key figures' });
    for (const [title, value, subtitle] of [
      ['Total Users', '1,234', '12 new this week'],
      ['Total Scrims', '567', '34 this week'],
      ['Active Today', '56', 'signed in or active today'],
      ['Active Bans', '4', '2 expired · 9 total banned'],
    ]) {
      const card = within(cards).getByText(title!).closest('li')!;
      expect(card).toHaveTextContent(value!);
      expect(card).toHaveTextContent(subtitle!);
    }
    for (const title of [
      'New User Registrations',
      'Region Distribution',
      'Weekly Scrim Activity',
      'Rank Distribution',
      'Ban Statistics Breakdown',
      'Ban Management',
      'System Status',
      'Quick Actions',
      'Recent Activity',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('2 ban(s) expired but not lifted')).toBeInTheDocument();
    // The charts' words for screen readers: percent per region, ranks in order.
    expect(screen.getByText('NA: 75% (3), EUW: 25% (1)')).toBeInTheDocument();
    expect(screen.getByText('Gold: 2, Unranked: 2')).toBeInTheDocument();
  });

  it('system status: each service with its state, latency and connections', async () => {
    renderDashboard();
    const panel = (await screen.findByRole('heading', { name: 'System Status' })).closest('section')!;
    await waitFor(() => expect(panel).toHaveTextContent('Database'));
    expect(panel).toHaveTextContent('Database3 msOperational');
    expect(panel).toHaveTextContent('WebSocket Server42 connectionsOperational');
    expect(panel).toHaveTextContent('Riot APIWarning');
    expect(panel).toHaveTextContent('Email ServiceInactive');
    expect(panel).toHaveTextContent('RedisError');
  });

  it("'Unable to fetch server status' and 'No recent activities found' when those calls fail", async () => {
    renderDashboard({
      'GET /admin/server-status': () => ({ status: 500, body: { error: 'x', code: 'INTERNAL' } }),
      'GET /admin/recent-activities': () => ({ status: 500, body: { error: 'x', code: 'INTERNAL' } }),
    });
    expect(await screen.findByText('Unable to fetch server status')).toBeInTheDocument();
    expect(await screen.findByText('No recent activities found')).toBeInTheDocument();
  });

  it('recent activity: icons, chips and links to the scrim or the profile', async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent Activity' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/users/Toxic?region=EUW&tagline=EU1');
    expect(links[0]).toHaveTextContent('banned');
    expect(links[0]).toHaveTextContent('EUW');
    expect(links[1]).toHaveAttribute('href', '/scrims/s1');
    // A wrong admin key: a key-off icon and a 'refused' chip, leading to the user who tried.
    expect(links[2]).toHaveAttribute('href', '/users/Guesser?region=NA&tagline=NA1');
    expect(links[2]).toHaveTextContent('Guesser entered a wrong admin key');
    expect(links[2]).toHaveTextContent('refused');
    expect(within(links[2]!).getByTestId('KeyOffIcon')).toBeInTheDocument();
    expect(activityLink({ ...ACTIVITIES[1]!, status: 'deleted' })).toBeNull();
  });

  it("'Lift All Expired Bans' lifts, shows the server's message and reloads the figures", async () => {
    const calls = renderDashboard({
      'POST /admin/lift-expired-bans': { success: true, message: 'Lifted 2 expired ban(s)', lifted: 2 },
    });
    const button = await screen.findByRole('button', { name: 'Lift All Expired Bans' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    // The snackbar is a lazy chunk: give it time on a busy machine.
    expect(await screen.findByText('Lifted 2 expired ban(s)')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/admin/dashboard-stats').length).toBeGreaterThan(1));
  });

  it("'Lift All Expired Bans' is disabled without expired bans, and the warning line is gone", async () => {
    renderDashboard({
      'GET /admin/dashboard-stats': { ...STATS, banStatistics: { ...STATS.banStatistics, expiredBans: 0 } },
    });
    expect(await screen.findByRole('button', { name: 'Lift All Expired Bans' })).toBeDisabled();
    expect(screen.queryByText(/expired but not lifted/)).not.toBeInTheDocument();
  });

  it("a refused call ('You do not have permission to view this page') sends the user home", async () => {
    renderDashboard({
      'GET /admin/dashboard-stats': () => ({ status: 403, body: { error: 'no', code: 'FORBIDDEN' } }),
    });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByText('You do not have permission to view this page')).toBeInTheDocument();
  });

  it("any other failure: 'Failed to load dashboard data'", async () => {
    renderDashboard({
      'GET /admin/dashboard-stats': () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }),
    });
    // A 5xx is retried twice first (the query client's rule).
    expect((await screen.findAllByText('Failed to load dashboard data')).length).toBeGreaterThan(0);
  });

  it('the disputed results queue links to each scrim; a new season is started after a confirmation', async () => {
    const dispute: ResultDispute = {
      id: 'd1',
      scrimId: 's9',
      scrimTitle: 'Thursday Clash',
      teamWon: 'teamOne',
      reporter: { id: 'u1', name: 'Capt' },
      disputer: { id: 'u2', name: 'Redder' },
      reason: 'We won that',
      createdAt: '2026-01-03T10:00:00.000Z',
    };
    const season: Season = {
      id: 2,
      name: 'Season 2',
      startedAt: '2026-01-04T00:00:00.000Z',
      endedAt: null,
      current: true,
    };
    const calls = renderDashboard({ 'GET /admin/disputes': [dispute], 'POST /admin/seasons': season });
    const queue = await screen.findByRole('region', { name: 'Disputed results' });
    const link = await within(queue).findByRole('link', { name: /Thursday Clash/ });
    expect(link).toHaveAttribute('href', '/scrims/s9');
    expect(link).toHaveTextContent('reported by Capt');
    expect(link).toHaveTextContent('disputed by Redder');
    expect(link).toHaveTextContent('We won that');

    await userEvent.click(screen.getByRole('button', { name: 'Start new season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start new season' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/seasons')).toBe(false);
    // The page is hidden from assistive technology until the dialog has closed.
    await userEvent.click(await screen.findByRole('button', { name: 'Start new season' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Season 2 started')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/admin/seasons')).toHaveLength(1);
  });

  it('a disputed row is resolved from its dialog: three outcomes, a reason, and no "You cannot reverse this"', async () => {
    const dispute: ResultDispute = {
      id: 'd1',
      scrimId: 's9',
      scrimTitle: 'Thursday Clash',
      teamWon: 'teamOne',
      reporter: { id: 'u1', name: 'Capt' },
      disputer: { id: 'u2', name: 'Redder' },
      reason: 'We won that',
      createdAt: '2026-01-03T10:00:00.000Z',
    };
    const calls = renderDashboard({
      'GET /admin/disputes': [dispute],
      'POST /admin/scrims/s9/resolve-dispute': { _id: 's9' },
    });
    const queue = await screen.findByRole('region', { name: 'Disputed results' });
    await userEvent.click(await within(queue).findByRole('button', { name: 'Resolve: Thursday Clash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the dispute of Thursday Clash' });
    expect(dialog).toHaveTextContent('disputed by Redder: “We won that”');
    expect(dialog).toHaveTextContent('An admin can still change it later in the edit form.');
    expect(dialog).not.toHaveTextContent(/cannot reverse/i);
    const outcomes = within(dialog).getAllByRole('radio');
    expect(outcomes.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Keep the report: Team One (Blue Side) won',
      'Give Team Two (Red Side) the win',
      'No result (the game counts for nobody)',
    ]);

    // Neither an outcome nor a reason: both fields say what is missing, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }));
    expect(within(dialog).getByText(/Choose an outcome/)).toBeInTheDocument();
    expect(within(dialog).getByText('Please give the players a reason for your decision.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/resolve-dispute'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Give Team Two (Red Side) the win' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Blue fielded a smurf ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByText('Dispute resolved: the players are told')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/admin/scrims/s9/resolve-dispute');
    expect(sent.map((c) => c.body)).toEqual([{ outcome: 'red', reason: 'Blue fielded a smurf' }]);
    // Two dialog rounds and typing: longer than the other dashboard tests on a busy machine.
  }, 60_000);

  it('an empty queue says so', async () => {
    renderDashboard({ 'GET /admin/disputes': [] });
    const queue = await screen.findByRole('region', { name: 'Disputed results' });
    expect(await within(queue).findByText('No disputed results.')).toBeInTheDocument();
  });

  it('ban statistics: zero slices are hidden; unbanned = total banned − active − expired', () => {
    expect(
      banSlices({ activeBans: 0, expiredBans: 2, totalBannedUsers: 5, totalBans: 9 }).map((s) => [s.key, s.value]),
    ).toEqual([
      ['expired', 2],
      ['unbanned', 3],
    ]);
    expect(banSlices({ activeBans: 0, expiredBans: 0, totalBannedUsers: 0, totalBans: 0 })).toEqual([]);
  });
});
