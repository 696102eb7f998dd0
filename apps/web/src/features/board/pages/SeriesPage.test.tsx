import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Series, TeamCard } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { SeriesPage } from './SeriesPage';

vi.setConfig({ testTimeout: 20_000 });

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

function renderSeries(shown: Series | null) {
  stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    ...(shown && { [`GET /series/${SERIES}`]: { series: shown } }),
  });
  renderAt(`/series/${SERIES}`, '/series/:id', <SeriesPage />);
}

describe('SeriesPage', () => {
  it('a booked series: both teams with their side of game 1, how and when, and what is not set yet', async () => {
    renderSeries(series());
    expect(await screen.findByRole('heading', { level: 1, name: 'Red Foxes vs Night Owls' })).toBeInTheDocument();
    expect(screen.getByText('Blue side in game 1')).toBeInTheDocument();
    expect(screen.getByText('Red side in game 1')).toBeInTheDocument();
    expect(screen.getByText('0 – 0')).toBeInTheDocument();
    for (const text of ['Scheduled', 'Best of 3', 'Fearless draft']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getAllByText('No lineup yet: the captains set one before the start.')).toHaveLength(2);
    expect(screen.getByText(/^No game yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Red Foxes/ })).toHaveAttribute('href', `/teams/${FOXES}`);
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
    expect(within(links[1]!).getByText('Tournament code: NA-CODE-2')).toBeInTheDocument();
  });

  it('says so when the series does not exist', async () => {
    renderSeries(null);
    expect(await screen.findByText('This series does not exist.')).toBeInTheDocument();
  });
});
