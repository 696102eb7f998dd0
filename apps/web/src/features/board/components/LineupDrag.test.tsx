import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLES, type Series, type TeamMember } from '@scrim-gym/shared';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { LineupEditor } from './LineupEditor';

vi.setConfig({ testTimeout: 20_000 });

const SERIES = '00000000-0000-4000-8000-0000000000e2';
const TEAM = '00000000-0000-4000-8000-00000000dddd';
const userId = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const names = ['Ash Top', 'Birch Jungle', 'Cedar Mid', 'Dune ADC', 'Elm Support', 'Fern Mid'];
const roster: TeamMember[] = names.map((name, i) => ({
  user: { _id: userId(i), name, summonerTagline: 'NA1', region: 'NA', rank: 'Gold 1' },
  role: i < ROLES.length ? ROLES[i]! : 'Mid',
  isCaptain: i === 0,
  isOwner: i === 0,
  joinedAt: '2030-01-01T00:00:00.000Z',
}));
const teamCard = {
  _id: TEAM,
  name: 'Oak Tree',
  tag: 'OAK',
  logoUrl: null,
  region: 'NA' as const,
  rank: 'Gold 2',
  reliability: { score: null, played: 0, lateCancels: 0, noShows: 0 },
};
const series: Series = {
  _id: SERIES,
  postId: null,
  region: 'NA',
  format: 'bo3',
  fearless: false,
  draft: 'none',
  startsAt: '2030-05-01T18:00:00.000Z',
  status: 'scheduled',
  teams: [
    { team: teamCard, side: 'blue', lineup: [], score: 0 },
    { team: null, side: 'red', lineup: [], score: 0 },
  ],
  games: [],
  cancel: null,
  can: { captainOf: [TEAM], editLineup: true, chooseSide: false, cancel: false },
  createdAt: '2030-04-20T18:00:00.000Z',
};

function renderEditor() {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    [`GET /teams/${TEAM}`]: { team: { members: roster } },
    [`PUT /series/${SERIES}/lineup`]: { series },
  });
  renderAt(`/series/${SERIES}`, '/series/:id', <LineupEditor series={series} team={series.teams[0]!} />);
  return calls;
}

const role = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

/** Picks up the roster's player by the keyboard, moves `steps` roles down the lineup and drops them there. */
async function dragByKeyboard(name: string, steps: number) {
  screen.getByRole('button', { name: new RegExp(`^${name}, `) }).focus();
  await userEvent.keyboard('[Space]');
  for (let i = 0; i < steps; i++) await userEvent.keyboard('[ArrowDown]');
  await userEvent.keyboard('[Space]');
}

describe('dragging players onto the lineup', () => {
  it('places a roster player on a role by the keyboard, told to screen readers, and swaps two placed players', async () => {
    const calls = renderEditor();
    expect(await screen.findByRole('list', { name: 'Roster' })).toBeInTheDocument();
    expect(role('Mid')).toHaveTextContent('Cedar Mid');
    // The roster says where each player stands, and how to drag one.
    expect(screen.getByRole('button', { name: 'Fern Mid, roster: Mid' })).toHaveAttribute(
      'aria-roledescription',
      'draggable',
    );
    expect(screen.getByText(/press Space or Enter to pick them up/)).toBeInTheDocument();

    // Fern onto Mid (Top, Jungle, Mid): Cedar goes back to the roster.
    await dragByKeyboard('Fern Mid', 3);
    await waitFor(() => expect(role('Mid')).toHaveTextContent('Fern Mid'));
    expect(await screen.findByText('Fern Mid placed as Mid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cedar Mid, roster: Mid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fern Mid, Mid' })).toBeInTheDocument();

    // Ash (Top) onto Jungle: Birch takes Ash's place.
    await dragByKeyboard('Ash Top', 2);
    await waitFor(() => expect(role('Jungle')).toHaveTextContent('Ash Top'));
    expect(role('Top')).toHaveTextContent('Birch Jungle');

    await userEvent.click(screen.getByRole('button', { name: 'Save lineup' }));
    await waitFor(() => expect(lastWrite(calls)?.path).toBe(`/series/${SERIES}/lineup`));
    expect(lastWrite(calls)?.body).toEqual({
      teamId: TEAM,
      players: [
        { userId: userId(1), role: 'Top' },
        { userId: userId(0), role: 'Jungle' },
        { userId: userId(5), role: 'Mid' },
        { userId: userId(3), role: 'ADC' },
        { userId: userId(4), role: 'Support' },
      ],
    });
  });

  it('leaves the lineup as it was when a drag is cancelled with Escape', async () => {
    renderEditor();
    await screen.findByRole('list', { name: 'Roster' });
    screen.getByRole('button', { name: /^Fern Mid, / }).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Escape]');
    expect(await screen.findByText('Moving Fern Mid was cancelled: nothing changed.')).toBeInTheDocument();
    expect(role('Top')).toHaveTextContent('Ash Top');
    expect(screen.getByRole('button', { name: 'Fern Mid, roster: Mid' })).toBeInTheDocument();
  });
});
