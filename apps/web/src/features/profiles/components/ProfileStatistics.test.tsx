import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cloneElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeStats } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ProfileStatistics } from './ProfileStatistics';

// jsdom measures nothing: the charts get a fixed size.
vi.mock('recharts', async (original) => ({
  ...(await original<typeof import('recharts')>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
    cloneElement(children, { width: 400, height: 200 }),
}));

// Whole-chart renders with user-event: generous under a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const USER_ID = '00000000-0000-4000-8000-0000000000aa';

function renderCharts(stats = computeStats({ wins: 16, losses: 9, casts: 7 })) {
  stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    [`GET /users/${USER_ID}/activity`]: {
      from: '2026-05-23',
      to: '2026-11-22',
      timeZone: 'UTC',
      bucket: 'week',
      points: [
        { start: '2026-05-18', played: 2, casted: 1 },
        { start: '2026-05-25', played: 1, casted: 0 },
      ],
    },
  });
  renderAt('/', '/', <ProfileStatistics userId={USER_ID} stats={stats} />);
}

const activityQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => String(url))
    .filter((url) => url.includes('/activity?'))
    .map((url) => new URL(url, 'http://localhost').searchParams);

describe('profile statistics: charts and activity range', () => {
  it('draw the stats and say the figures in words', async () => {
    renderCharts();
    // The first test pays for loading recharts behind the lazy boundary.
    const summary = await screen.findByTestId('stats-summary');
    const value = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(value('Level')).toBe('6');
    expect(value('Total EXP')).toBe('59.5');
    expect(value('Win Rate')).toBe('64%');
    expect(value('Wins')).toBe('16');
    expect(value('Losses')).toBe('9');
    expect(value('Games Played')).toBe('25');
    expect(value('Games Casted')).toBe('7');
    expect(screen.getByRole('figure', { name: /Win Rate: 64% \(16 Wins, 9 Losses\)/ })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /Level Progress: Level 6, 95%/ })).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: /Games Played vs Casted: Games Played 25, Games Casted 7/ }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('activity-totals')).toHaveTextContent('3 Played · 1 Casted');
  });

  it("say 'No games played yet' for a caster-only history", async () => {
    renderCharts(computeStats({ wins: 0, losses: 0, casts: 3 }));
    expect(await screen.findByText('No games played yet')).toBeInTheDocument();
  });

  it('ask 6M by default, then 3M or 1Y, or a custom range once From and To are both set', async () => {
    const user = userEvent.setup({ delay: null });
    renderCharts();
    await waitFor(() => expect(activityQueries()).toHaveLength(1));
    expect(activityQueries()[0]!.get('range')).toBe('6M');
    expect(activityQueries()[0]!.get('tz')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '3M' }));
    await waitFor(() => expect(activityQueries().at(-1)!.get('range')).toBe('3M'));
    await user.click(screen.getByRole('button', { name: '1Y' }));
    await waitFor(() => expect(activityQueries().at(-1)!.get('range')).toBe('1Y'));

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2026-03-10');
    expect(activityQueries().at(-1)!.get('range')).toBe('1Y');
    await user.type(to, '2026-02-01');
    expect(await screen.findByText('To cannot be before From')).toBeInTheDocument();
    expect(activityQueries().every((q) => q.get('range') !== 'custom')).toBe(true);
    await user.clear(to);
    await user.type(to, '2026-04-30');
    await waitFor(() => expect(activityQueries().at(-1)!.get('range')).toBe('custom'));
    expect(activityQueries().at(-1)!.get('from')).toBe('2026-03-10');
    expect(activityQueries().at(-1)!.get('to')).toBe('2026-04-30');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '6M' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('toggle All, Played and Casted', async () => {
    const user = userEvent.setup({ delay: null });
    renderCharts();
    const all = await screen.findByRole('button', { name: 'All' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Casted' }));
    expect(screen.getByRole('button', { name: 'Casted' })).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
  });
});
