import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { RequireUser } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { addDays, dayRange, todayKey } from '../lib/day';
import { hoursFromNow, makeScrim, players } from '../test/scrim-factory';
import { ScrimsHubPage } from './ScrimsHubPage';

afterEach(() => vi.unstubAllGlobals());

const session = (overrides = {}) => ({ token: 't', user: testUser(overrides), identity: null });

function renderHub(scrims: Scrim[], { path = '/scrims', user = {}, nextDays = [] as string[] } = {}) {
  const calls = stubApi({
    'GET /auth/session': session(user),
    'GET /scrims': scrims,
    'GET /scrims/mine-secrets': [],
    'GET /scrims/next-days': { days: nextDays },
  });
  renderAt(
    path,
    '/scrims',
    <RequireUser>
      <ScrimsHubPage />
    </RequireUser>,
  );
  return calls;
}

const lists = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/scrims').map((c) => new URLSearchParams(c.query));

describe('Scrims Hub: days, weeks, open roles and empty days', () => {
  it('the arrows ask for the previous and next day', async () => {
    const calls = renderHub([], { path: '/scrims?date=2031-05-10' });
    await screen.findByRole('button', { name: 'Next day' }, { timeout: 15_000 });
    expect(lists(calls).at(-1)!.get('startDate')).toBe(dayRange('2031-05-10').startDate);
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(lists(calls).at(-1)!.get('startDate')).toBe(dayRange('2031-05-11').startDate));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(lists(calls).at(-1)!.get('startDate')).toBe(dayRange('2031-05-09').startDate));
  });

  it('the week view asks for 7 whole days and groups the scrims by day', async () => {
    const today = todayKey();
    // Later today whatever the hour the test runs at (an hour from now is tomorrow after 23:00).
    const laterToday = new Date((Date.now() + new Date(dayRange(today).endDate).getTime()) / 2).toISOString();
    const calls = renderHub(
      [
        makeScrim({ _id: 'a', title: 'Tonight', gameStartTime: laterToday }),
        makeScrim({
          _id: 'b',
          title: 'In three days',
          gameStartTime: new Date(dayRange(addDays(today, 3)).startDate).toISOString().replace('T00', 'T12'),
        }),
      ],
      { path: '/scrims?view=week' },
    );
    await screen.findByRole('link', { name: 'Tonight' }, { timeout: 15_000 });
    const query = lists(calls).at(-1)!;
    expect(query.get('startDate')).toBe(dayRange(today).startDate);
    expect(query.get('endDate')).toBe(dayRange(addDays(today, 6)).endDate);
    const sections = screen.getAllByRole('region');
    expect(sections).toHaveLength(7);
    expect(within(sections[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('1 scrim');
    expect(within(sections[1]!).getByRole('heading', { level: 2 })).toHaveTextContent('No scrims');
    expect(within(sections[3]!).getByRole('link', { name: 'In three days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(lists(calls).at(-1)!.get('startDate')).toBe(dayRange(addDays(today, 7)).startDate));
  });

  it('each upcoming card names its open roles, or Full', async () => {
    renderHub([
      makeScrim({ _id: 'a', title: 'Eight in', gameStartTime: hoursFromNow(2), ...players(8) }),
      makeScrim({ _id: 'b', title: 'Ten in', gameStartTime: hoursFromNow(3), ...players(10) }),
    ]);
    const roles = await screen.findAllByTestId('open-roles');
    expect(roles.map((r) => r.textContent)).toEqual(['ADC, Support open', 'Full']);
  });

  it('an empty day offers Create a scrim to an admin or a host of the region', async () => {
    renderHub([], { user: { isAdmin: true, region: 'NA' } });
    expect(await screen.findByRole('link', { name: 'Create a scrim' })).toHaveAttribute('href', '/scrims/new');
  });

  it('an empty day shows a player the next days with scrims, each a link to its day', async () => {
    const calls = renderHub([], { path: '/scrims?date=2031-05-10&region=KR', nextDays: ['2031-05-12', '2031-05-20'] });
    const nav = await screen.findByRole('navigation', { name: 'Next days with scrims' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', expect.stringContaining('date=2031-05-12'));
    expect(screen.queryByRole('link', { name: 'Create a scrim' })).not.toBeInTheDocument();
    const asked = new URLSearchParams(calls.find((c) => c.path === '/scrims/next-days')!.query);
    expect(asked.get('region')).toBe('KR');
    expect(asked.get('after')).toBe(dayRange('2031-05-10').endDate);
  });
});
