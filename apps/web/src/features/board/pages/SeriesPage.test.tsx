import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Series, TeamCard, TeamMember } from '@scrim-gym/shared';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { SeriesPage } from './SeriesPage';
import { withFakeSocket } from '../../../test/socket';

vi.setConfig({ testTimeout: 20_000 });

/** A stand-in socket, not connected: a test fires its events (connect, the live updates). */
const fake = (() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const emitted: unknown[][] = [];
  const socket = {
    connected: false,
    on: (event: string, fn: (...args: unknown[]) => void) =>
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn)),
    off: (event: string, fn: (...args: unknown[]) => void) => listeners.get(event)?.delete(fn),
    disconnect: () => {},
    emit: (...args: unknown[]) => emitted.push(args),
  };
  const fire = (event: string, payload?: unknown) => listeners.get(event)?.forEach((fn) => fn(payload));
  const listening = (event: string) => (listeners.get(event)?.size ?? 0) > 0;
  return { socket, emitted, fire, listening };
})();
withFakeSocket(fake.socket);

const SERIES = '00000000-0000-4000-8000-0000000000e1';
const OWLS = '00000000-0000-4000-8000-00000000aaaa';
const FOXES = '00000000-0000-4000-8000-00000000bbbb';
const card = (id: string, name: string, tag: string): TeamCard => ({
  _id: id,
  name,
  tag,
  logoUrl: null,
  region: 'NA',
  rank: 'Gold 2',
  reliability: { score: null, played: 0, lateCancels: 0, noShows: 0 },
});
const player = (id: string, name: string) => ({
  _id: `00000000-0000-4000-8000-0000000000${id}`,
  name,
  summonerTagline: 'NA1',
  region: 'NA' as const,
  rank: 'Gold 1',
});
const series = (overrides: Partial<Series> = {}): Series => ({
  _id: SERIES,
  postId: null,
  region: 'NA',
  format: 'bo3',
  fearless: true,
  draft: 'fearless',
  startsAt: '2030-05-01T18:00:00.000Z',
  status: 'scheduled',
  teams: [
    { team: card(FOXES, 'Red Foxes', 'FOX'), side: 'blue', lineup: [], score: 0 },
    { team: card(OWLS, 'Night Owls', 'NOWL'), side: 'red', lineup: [], score: 0 },
  ],
  games: [],
  cancel: null,
  can: { captainOf: [], editLineup: false, chooseSide: false, cancel: false },
  createdAt: '2030-04-20T18:00:00.000Z',
  ...overrides,
});

function renderSeries(shown: Series | null, handlers: Record<string, unknown> = {}) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    ...(shown && { [`GET /series/${SERIES}`]: { series: shown } }),
    ...handlers,
  });
  renderAt(`/series/${SERIES}`, '/series/:id', <SeriesPage />);
  return calls;
}

const member = (id: string, name: string, role: TeamMember['role']): TeamMember => ({
  user: player(id, name),
  role,
  isCaptain: false,
  isOwner: false,
  joinedAt: '2030-01-01T00:00:00.000Z',
});
/** The Foxes' roster: a player for each role, a second Mid and a coach. */
const FOX_ROSTER = [
  member('f1', 'Fox Top', 'Top'),
  member('f2', 'Fox Jungle', 'Jungle'),
  member('f3', 'Fox Mid', 'Mid'),
  member('f4', 'Fox ADC', 'ADC'),
  member('f5', 'Fox Support', 'Support'),
  member('f6', 'Fox Mid Two', 'Mid'),
  member('f7', 'Fox Coach', 'Coach'),
];
const foxRoster = (members: TeamMember[] = FOX_ROSTER) => ({ [`GET /teams/${FOXES}`]: { team: { members } } });
const idOf = (short: string) => `00000000-0000-4000-8000-0000000000${short}`;
const foxCaptain = { captainOf: [FOXES], editLineup: true, chooseSide: false, cancel: false };
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
async function pick(name: string, option: string) {
  await userEvent.click(select(name));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}
/** Pasted rather than typed key by key: the same change events, a fraction of the time on a busy machine. */
async function typeReason(dialog: HTMLElement, text: string) {
  await userEvent.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
  await userEvent.paste(text);
}
const game = (overrides: Partial<Series['games'][number]> = {}): Series['games'][number] => ({
  number: 1,
  scrimId: 's1',
  blueTeamId: FOXES,
  redTeamId: OWLS,
  status: 'scheduled',
  startsAt: '2030-05-01T18:00:00.000Z',
  sideChoice: null,
  ...overrides,
});

describe('SeriesPage', () => {
  it('watches the series live: reads it again on series:changed and on a reconnect', async () => {
    const calls = renderSeries(series());
    expect(await screen.findByRole('heading', { level: 1, name: 'Red Foxes vs Night Owls' })).toBeInTheDocument();
    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === `/series/${SERIES}`).length;
    // The socket connects once the page has read the series: it joins the room and reads again.
    const before = reads();
    await waitFor(() => expect(fake.listening('connect')).toBe(true));
    fake.fire('connect');
    expect(fake.emitted).toContainEqual(['series:watch', { seriesId: SERIES }]);
    await waitFor(() => expect(reads()).toBe(before + 1));
    const connected = reads();
    fake.fire('series:changed', { seriesId: SERIES });
    await waitFor(() => expect(reads()).toBe(connected + 1));
  });

  it('a booked series: both teams with their side of game 1, how and when, and what is not set yet', async () => {
    renderSeries(series());
    expect(await screen.findByRole('heading', { level: 1, name: 'Red Foxes vs Night Owls' })).toBeInTheDocument();
    expect(screen.getByText('Blue side in game 1')).toBeInTheDocument();
    expect(screen.getByText('Red side in game 1')).toBeInTheDocument();
    expect(screen.getByText('0 – 0')).toBeInTheDocument();
    for (const text of ['Scheduled', 'Best of 3', 'Fearless draft', 'Draft: Fearless draft'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getAllByText('No lineup yet: the captains set one before the start.')).toHaveLength(2);
    expect(screen.getByText(/^No game yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Red Foxes/ })).toHaveAttribute('href', `/teams/${FOXES}`);
  });

  it("names the series' draft room", async () => {
    renderSeries(series({ fearless: false, draft: 'tournament' }));
    expect(await screen.findByText('Draft: Tournament draft')).toBeInTheDocument();
  });

  it('says a series without a draft room has none', async () => {
    renderSeries(series({ fearless: true, draft: 'none' }));
    expect(await screen.findByText('Draft: None')).toBeInTheDocument();
  });

  it('lineups in role order and games linking to their scrims, with the code', async () => {
    renderSeries(
      series({
        status: 'live',
        teams: [
          {
            team: card(FOXES, 'Red Foxes', 'FOX'),
            side: 'blue',
            score: 1,
            lineup: [
              { user: player('f2', 'Fox Support'), role: 'Support' },
              { user: player('f1', 'Fox Top'), role: 'Top' },
            ],
          },
          { team: null, side: 'red', lineup: [], score: 0 },
        ],
        games: [
          {
            number: 2,
            scrimId: 's2',
            blueTeamId: null,
            redTeamId: FOXES,
            status: 'scheduled',
            startsAt: '2030-05-01T18:50:00.000Z',
            sideChoice: null,
            tournamentCode: 'NA-CODE-2',
          },
          {
            number: 1,
            scrimId: 's1',
            blueTeamId: FOXES,
            redTeamId: null,
            status: 'finished',
            startsAt: '2030-05-01T18:00:00.000Z',
            sideChoice: null,
            winnerTeamId: FOXES,
          },
        ],
      }),
    );
    const lineup = await screen.findByRole('list', { name: 'Lineup of Red Foxes' });
    expect(
      within(lineup)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Fox Top', 'Fox Support']);
    expect(screen.getByText('1 – 0')).toBeInTheDocument();
    expect(screen.getByText('Red Foxes vs Deleted team', { selector: 'h1' })).toBeInTheDocument();
    const games = screen.getByRole('list', { name: 'Games' });
    const links = within(games).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/scrims/s1', '/scrims/s2']);
    expect(links[0]).toHaveAccessibleName('Open game 1');
    expect(within(links[0]!).getByText('Red Foxes won')).toBeInTheDocument();
    expect(within(links[1]!).queryByText(/NA-CODE-2/)).toBeNull();
    expect(within(games).getByText('Tournament code: NA-CODE-2')).toBeInTheDocument();
    expect(within(games).getByRole('button', { name: 'Copy the tournament code of game 2' })).toBeInTheDocument();
  });

  it('says so when the series does not exist', async () => {
    renderSeries(null);
    expect(await screen.findByText('This series does not exist.')).toBeInTheDocument();
  });

  it('a captain picks per role from the roster, prefilled by roster roles, and saves the lineup', async () => {
    const saved = series({
      teams: [
        {
          ...series().teams[0]!,
          lineup: [{ user: player('f6', 'Fox Mid Two'), role: 'Mid' }],
        },
        series().teams[1]!,
      ],
    });
    const calls = renderSeries(series({ can: foxCaptain }), {
      ...foxRoster(),
      [`PUT /series/${SERIES}/lineup`]: { series: saved },
    });
    expect(await screen.findByRole('heading', { name: 'Set the lineup of Red Foxes' })).toBeInTheDocument();
    // Only the Foxes' lineup is theirs to set: the Owls' is read-only.
    expect(screen.queryByRole('heading', { name: 'Set the lineup of Night Owls' })).toBeNull();
    expect(screen.getByText('No lineup yet: the captains set one before the start.')).toBeInTheDocument();
    expect(select('Top')).toHaveTextContent('Fox Top');
    expect(select('Mid')).toHaveTextContent('Fox Mid');
    expect(screen.getByText('Suggested from the roster’s roles: not saved yet.')).toBeInTheDocument();
    // A player picked in one role is not offered in another.
    await userEvent.click(select('Mid'));
    expect(await screen.findByRole('option', { name: /^Fox Top \(already Top\)/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('option', { name: /^Fox Mid Two/ }));
    await pick('Substitute 1', 'Fox Mid \\(roster');
    await pick('Substitute 2', 'Fox Coach');
    await userEvent.click(screen.getByRole('button', { name: 'Save lineup' }));
    await waitFor(() => expect(lastWrite(calls)?.path).toBe(`/series/${SERIES}/lineup`));
    expect(lastWrite(calls)).toMatchObject({
      method: 'PUT',
      body: {
        teamId: FOXES,
        players: [
          { userId: idOf('f1'), role: 'Top' },
          { userId: idOf('f2'), role: 'Jungle' },
          { userId: idOf('f6'), role: 'Mid' },
          { userId: idOf('f4'), role: 'ADC' },
          { userId: idOf('f5'), role: 'Support' },
          { userId: idOf('f3'), role: 'Sub' },
          { userId: idOf('f7'), role: 'Sub' },
        ],
      },
    });
    expect(await screen.findByText('Lineup saved: its starters are seated in game 1')).toBeInTheDocument();
  });

  it('the lineup editor starts from the current lineup and shows the server’s refusal', async () => {
    const lineup = FOX_ROSTER.slice(0, 5).map(({ user, role }) => ({ user, role: role as 'Top' }));
    const calls = renderSeries(
      series({
        can: foxCaptain,
        teams: [
          { ...series().teams[0]!, lineup: [...lineup.slice(1), { ...lineup[0]!, role: 'Sub' }] },
          series().teams[1]!,
        ],
      }),
      {
        ...foxRoster(),
        [`PUT /series/${SERIES}/lineup`]: () => ({
          status: 409,
          body: {
            error: 'Lineups lock 15 minutes before the start: this one can no longer change',
            code: 'LINEUP_LOCKED',
          },
        }),
      },
    );
    await screen.findByRole('heading', { name: 'Set the lineup of Red Foxes' });
    expect(select('Top')).toHaveTextContent('No player');
    expect(select('Substitute 1')).toHaveTextContent('Fox Top');
    // Top is empty: the form says so and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Save lineup' }));
    expect(await screen.findByText('Pick a player for each of the five roles')).toBeInTheDocument();
    expect(lastWrite(calls)).toBeUndefined();
    await pick('Top', 'Fox Mid Two');
    await userEvent.click(screen.getByRole('button', { name: 'Save lineup' }));
    expect(
      await screen.findByText('Lineups lock 15 minutes before the start: this one can no longer change'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Pick a player for each of the five roles')).toBeNull();
  });

  it('the loser’s captain picks a side for the next game, posted to that game, until the due time', async () => {
    const dueAt = new Date(Date.now() + 4 * 60_000).toISOString();
    const calls = renderSeries(
      series({
        status: 'live',
        can: { captainOf: [FOXES], editLineup: false, chooseSide: true, cancel: false },
        games: [
          game({ status: 'finished', winnerTeamId: OWLS }),
          game({ number: 2, scrimId: 's2', blueTeamId: OWLS, redTeamId: FOXES, sideChoice: { teamId: FOXES, dueAt } }),
        ],
      }),
      { [`POST /series/${SERIES}/games/2/side`]: { series: series({ status: 'live' }) } },
    );
    const group = await screen.findByRole('group', { name: 'Pick your side for game 2' });
    expect(
      within(group).getByText(/^Until .+ \([34]:\d\d left\); otherwise the sides alternate\.$/),
    ).toBeInTheDocument();
    // The lineups cannot change any more: no editor.
    expect(screen.queryByRole('button', { name: 'Save lineup' })).toBeNull();
    await userEvent.click(within(group).getByRole('button', { name: 'Play blue side' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({ path: `/series/${SERIES}/games/2/side`, body: { side: 'blue' } }),
    );
    expect(await screen.findByText('You play the blue side')).toBeInTheDocument();
  });

  it('a captain cancels with a reason, warned when it is late, and the page shows the cancel', async () => {
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const cancelled = series({
      startsAt,
      status: 'cancelled',
      cancel: { byTeamId: FOXES, reason: 'Our jungler is sick', late: true },
    });
    const calls = renderSeries(
      series({ startsAt, can: { captainOf: [FOXES], editLineup: false, chooseSide: false, cancel: true } }),
      { [`POST /series/${SERIES}/cancel`]: { series: cancelled } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this series?' });
    expect(
      within(dialog).getByText(
        'The series starts in less than 6 hours: cancelling now counts against your team’s reliability.',
      ),
    ).toBeInTheDocument();
    await typeReason(dialog, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the series' }));
    expect(await within(dialog).findByText('Say why the series is cancelled')).toBeInTheDocument();
    expect(lastWrite(calls)).toBeUndefined();
    await typeReason(dialog, 'Our jungler is sick  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the series' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({
        method: 'POST',
        path: `/series/${SERIES}/cancel`,
        body: { reason: 'Our jungler is sick' },
      }),
    );
    expect(await screen.findByText('Cancelled by Red Foxes')).toBeInTheDocument();
    expect(screen.getByText('Reason: Our jungler is sick')).toBeInTheDocument();
    expect(screen.getByText('Late cancel')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the cancel dialog states the rule ahead of time and shows the server’s refusal', async () => {
    renderSeries(series({ can: { captainOf: [OWLS], editLineup: false, chooseSide: false, cancel: true } }), {
      [`POST /series/${SERIES}/cancel`]: () => ({
        status: 409,
        body: { error: 'This series is over: it was finished or cancelled', code: 'SERIES_OVER' },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this series?' });
    expect(
      within(dialog).getByText('Cancelling under 6 hours before the start counts against your team’s reliability.'),
    ).toBeInTheDocument();
    await typeReason(dialog, 'Roster change');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the series' }));
    expect(await within(dialog).findByText('This series is over: it was finished or cancelled')).toBeInTheDocument();
  });

  it('a cancelled series says who cancelled and why, without the late mark when it was in time', async () => {
    renderSeries(series({ status: 'cancelled', cancel: { byTeamId: OWLS, reason: 'Double booked', late: false } }));
    expect(await screen.findByText('Cancelled by Night Owls')).toBeInTheDocument();
    expect(screen.getByText('Reason: Double booked')).toBeInTheDocument();
    expect(screen.queryByText('Late cancel')).toBeNull();
  });

  it('shows no action when the server’s `can` says no, only who picks a side until when', async () => {
    const dueAt = new Date(Date.now() + 4 * 60_000).toISOString();
    renderSeries(
      series({
        status: 'live',
        // A captain of the Foxes, but the server allows nothing now.
        can: { captainOf: [FOXES], editLineup: false, chooseSide: false, cancel: false },
        games: [
          game({ status: 'finished', winnerTeamId: FOXES }),
          game({ number: 2, scrimId: 's2', sideChoice: { teamId: OWLS, dueAt } }),
        ],
      }),
    );
    expect(await screen.findByText(/^Night Owls picks its side for this game until /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /side$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel series' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save lineup' })).toBeNull();
  });
});
