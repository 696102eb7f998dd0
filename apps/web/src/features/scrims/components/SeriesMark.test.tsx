import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIM_ABILITIES, type Scrim, type ScrimAbilities } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { makeScrim, players } from '../test/scrim-factory';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser();
const SERIES_ID = '00000000-0000-4000-8000-000000000777';

/** Game 2 of FOX vs OWL, a Bo3: casters allowed; `rosterIds` the two teams' players. */
const seriesGame = (overrides: Partial<Scrim> = {}, rosterIds: string[] = []) =>
  makeScrim({
    title: 'FOX vs OWL · Game 2',
    isPrivate: true,
    isWithCasters: true,
    maxCastersAllowedCount: 2,
    series: {
      _id: SERIES_ID,
      gameNumber: 2,
      format: 'bo3',
      teams: [
        { _id: 'team-fox', name: 'Foxes', tag: 'FOX' },
        { _id: 'team-owl', name: 'Owls', tag: 'OWL' },
      ],
      rosterIds,
    },
    ...overrides,
  });

describe("a series game's scrim page", () => {
  it('marks the game and links to its series; a stranger takes no slot but may cast', async () => {
    renderScrimPage(seriesGame(players(8)), ME);
    const mark = await screen.findByRole('link', { name: 'Game 2 of FOX vs OWL (Bo3)' });
    expect(mark).toHaveAttribute('href', `/series/${SERIES_ID}`);
    expect(
      screen.getByText('Its slots are the lineups the teams’ captains set: nobody else joins them or waits for one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join Team/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Cast' })).toBeInTheDocument();
  });

  it('any other full scrim offers its waitlist', async () => {
    renderScrimPage(makeScrim({ ...players(10), isPrivate: true }), ME);
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });

  it('offers a full series game no waitlist', async () => {
    renderScrimPage(seriesGame(players(10)), ME);
    await screen.findByRole('link', { name: 'Game 2 of FOX vs OWL (Bo3)' });
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
  });

  it('does not offer the cast to a player of one of its teams (its roster or lineup)', async () => {
    renderScrimPage(seriesGame(players(10), [ME._id]), ME);
    await screen.findByRole('link', { name: 'Game 2 of FOX vs OWL (Bo3)' });
    expect(screen.queryByRole('button', { name: 'Join Cast' })).not.toBeInTheDocument();
  });

  it("follows the server's answer where it has one", async () => {
    const can = Object.fromEntries(SCRIM_ABILITIES.map((ability) => [ability, false])) as ScrimAbilities;
    renderScrimPage(seriesGame({ ...players(8), can }), ME);
    await screen.findByRole('link', { name: 'Game 2 of FOX vs OWL (Bo3)' });
    expect(screen.queryByRole('button', { name: 'Join Cast' })).not.toBeInTheDocument();
  });
});
