import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { RequireUser } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { useRefreshCooldown } from '../hooks/useRefreshCooldown';
import { hoursFromNow, makeScrim, players } from '../test/scrim-factory';
import { ScrimsHubPage } from './ScrimsHubPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const session = (overrides = {}) => ({ token: 't', user: testUser(overrides), identity: null });

/** The hub for a signed-in user; `secrets`: the answer (or handler) of GET /scrims/mine-secrets. */
function renderHub(scrims: Scrim[], { path = '/scrims', user = {}, secrets = [] as unknown } = {}) {
  const calls = stubApi({
    'GET /auth/session': session(user),
    'GET /scrims': scrims,
    'GET /scrims/mine-secrets': secrets,
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

const listRequest = () =>
  new URL(
    String(vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith('/api/scrims?'))![0]),
    'http://localhost',
  ).searchParams;

const heading = (name: RegExp) => screen.findByRole('heading', { level: 2, name });

describe('Scrims Hub', () => {
  it('shows the loading text, then the tiles and the three sections with their counts', async () => {
    renderHub([
      makeScrim({ _id: 'a', title: 'Playing', gameStartTime: hoursFromNow(-1), ...players(4) }),
      makeScrim({ _id: 'b', title: 'Later', gameStartTime: hoursFromNow(2) }),
      makeScrim({ _id: 'c', title: 'Tonight', gameStartTime: hoursFromNow(5) }),
      makeScrim({ _id: 'd', title: 'Done', gameStartTime: hoursFromNow(-2), ...players(10), teamWon: 'teamTwo' }),
    ]);
    expect(await screen.findByText('Loading Scrims')).toBeInTheDocument();
    expect(await heading(/Current Scrims \(1\)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Upcoming Scrims \(2\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Previous Scrims \(1\)/ })).toBeInTheDocument();
    const tiles = screen.getByText('Playing Now').closest('ul')!;
    expect(within(tiles).getByText('Playing Now').previousSibling).toHaveTextContent('1');
    expect(within(tiles).getByText('Upcoming').previousSibling).toHaveTextContent('2');
    expect(within(tiles).getByText('Completed').previousSibling).toHaveTextContent('1');
    expect(await screen.findByRole('link', { name: 'Playing' })).toHaveAttribute('href', '/scrims/a');
    expect(screen.getByText('TEAM TWO (RED SIDE) WON!')).toBeInTheDocument();
  });

  it("asks for one local day of the user's region by default", async () => {
    renderHub([], { user: { region: 'EUW' } });
    expect(await screen.findByText('No scrims found in EUW')).toBeInTheDocument();
    expect(screen.getByText('Try another region or date.')).toBeInTheDocument();
    const query = listRequest();
    expect(query.get('region')).toBe('EUW');
    const start = new Date(query.get('startDate')!);
    expect(start.getHours()).toBe(0);
    expect(new Date(query.get('endDate')!).getTime() - start.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(await screen.findByRole('combobox', { name: 'Region' })).toHaveTextContent('EUW');
  });

  it("shows 'No upcoming scrims' when only current scrims exist", async () => {
    renderHub([makeScrim({ gameStartTime: hoursFromNow(-1) })]);
    expect(await heading(/Upcoming Scrims \(0\)/)).toBeInTheDocument();
    expect(screen.getByText('No upcoming scrims')).toBeInTheDocument();
  });

  it('disables and clears Upcoming for a past date, and reads the date and region from the URL', async () => {
    renderHub([makeScrim({ gameStartTime: new Date(2020, 0, 1, 20).toISOString() })], {
      path: '/scrims?date=2020-01-01&region=OCE',
    });
    const upcoming = await screen.findByRole('checkbox', { name: 'Upcoming' });
    expect(upcoming).toBeDisabled();
    expect(upcoming).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Previous' })).toBeChecked();
    expect(screen.getByLabelText('Date')).toHaveValue('2020-01-01');
    expect(await heading(/Previous Scrims \(1\)/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Upcoming Scrims/ })).not.toBeInTheDocument();
    const query = listRequest();
    expect(query.get('region')).toBe('OCE');
    expect(new Date(query.get('startDate')!).getTime()).toBe(new Date(2020, 0, 1).getTime());
  });

  it('hides a section when its box is unchecked, and enables Upcoming again on a future date', async () => {
    const user = userEvent.setup();
    renderHub([makeScrim({ gameStartTime: hoursFromNow(-5) })], { path: '/scrims?date=2020-01-01' });
    expect(await heading(/Previous Scrims/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Previous' }));
    expect(screen.queryByRole('heading', { name: /Previous Scrims/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-01-01' } });
    expect(await screen.findByRole('checkbox', { name: 'Upcoming' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Upcoming' })).toBeChecked();
  });
});

describe('lobby secrets on the hub (the list is the same bytes for every player)', () => {
  const started = makeScrim({ _id: 'mine', title: 'Mine', gameStartTime: hoursFromNow(-0.2), ...players(10) });

  it('shows a player their own lobby name and password, fetched from mine-secrets and merged into the card', async () => {
    const calls = renderHub([started], {
      secrets: [{ _id: 'mine', lobbyName: 'Mine lobby', lobbyPassword: 'pw-mine1', tournamentCode: null }],
    });
    fireEvent.click(await screen.findByRole('button', { name: SCRIM_TEXTS.showMore }));
    expect(await screen.findByRole('button', { name: /pw-mine1/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mine lobby/ })).toBeInTheDocument();
    const asked = calls.find((c) => c.path === '/scrims/mine-secrets')!;
    expect(asked.query).toBe(calls.find((c) => c.path === '/scrims')!.query);
  });

  it('shows the list without secrets when the secrets request fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderHub([started], { secrets: () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }) });
    fireEvent.click(await screen.findByRole('button', { name: SCRIM_TEXTS.showMore }));
    expect(await screen.findByRole('link', { name: 'Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Password/ })).toBeNull();
    expect(error).toHaveBeenCalledWith('Error fetching lobby secrets', expect.anything());
    error.mockRestore();
  });

  it('asks an admin for no secrets: their list carries them', async () => {
    const calls = renderHub([{ ...started, lobbyName: 'Admin lobby', lobbyPassword: 'pw-admin' }], {
      user: { isAdmin: true },
    });
    fireEvent.click(await screen.findByRole('button', { name: SCRIM_TEXTS.showMore }));
    expect(await screen.findByRole('button', { name: /pw-admin/ })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/scrims/mine-secrets')).toBe(false);
  });
});

describe('refresh button (5 s, then 10 s, alternately)', () => {
  it('cools down 5 s after the first click and 10 s after the second', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    const { result } = renderHook(() => useRefreshCooldown(refresh));
    act(() => result.current.onClick());
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(result.current.coolingDown).toBe(true);
    act(() => result.current.onClick());
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.coolingDown).toBe(false);
    act(() => result.current.onClick());
    act(() => vi.advanceTimersByTime(9999));
    expect(result.current.coolingDown).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.coolingDown).toBe(false);
    act(() => result.current.onClick());
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.coolingDown).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});
