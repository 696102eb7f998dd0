import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleStats } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import type { UserRatingView } from '../api/rating';
import { RatingCard } from './RatingCard';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const rating = (overrides: Partial<UserRatingView> = {}): UserRatingView => ({
  rating: 1234,
  mu: 27.1,
  sigma: 5.2,
  provisional: true,
  gamesRated: 3,
  history: [
    { scrimId: 's1', before: 1100, after: 1160, at: '2026-11-01T20:00:00.000Z' },
    { scrimId: 's2', before: 1160, after: 1120, at: '2026-11-02T20:00:00.000Z' },
    { scrimId: 's3', before: 1120, after: 1234, at: '2026-11-03T20:00:00.000Z' },
  ],
  recalculating: false,
  ...overrides,
});
const roles: RoleStats = {
  roles: [
    { role: 'Top', games: 0, wins: 0 },
    { role: 'Jungle', games: 1, wins: 0 },
    { role: 'Mid', games: 2, wins: 2 },
    { role: 'ADC', games: 0, wins: 0 },
    { role: 'Support', games: 0, wins: 0 },
  ],
};

function renderCard(answer: UserRatingView | null, roleStats: RoleStats = roles) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    [`GET /users/${USER_ID}/rating`]: answer ?? (() => ({ status: 404, body: { error: 'x', code: 'NOT_FOUND' } })),
    [`GET /users/${USER_ID}/roles`]: roleStats,
  });
  const view = renderAt('/p', '/p', <RatingCard userId={USER_ID} />);
  return { calls, ...view };
}

describe('RatingCard', () => {
  it('shows the display rating with the provisional mark, the history line and the roles played', async () => {
    const { container } = renderCard(rating());
    // The rating, and the top of the chart's scale.
    expect(await screen.findAllByText('1234')).toHaveLength(2);
    expect(screen.getByText('1100')).toBeInTheDocument();
    expect(screen.getByText('Provisional')).toBeInTheDocument();
    expect(screen.getByText('3 rated games this season')).toBeInTheDocument();
    // The chart: one point before the first game, one after each; its words for screen readers.
    const line = container.querySelectorAll('svg path')[1]!.getAttribute('d')!;
    expect(line.match(/[ML]/g)).toHaveLength(4);
    expect(
      screen.getByRole('figure', { name: 'Rating history: from 1100 to 1234 over 3 rated games' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Mid: 2 played, 2 won')).toBeInTheDocument();
    expect(screen.getByLabelText('Jungle: 1 played, 0 won')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
  });

  it('drops the provisional mark after the first games, and says when there is no history yet', async () => {
    renderCard(rating({ provisional: false, gamesRated: 0, history: [] }), {
      roles: roles.roles.map((r) => ({ ...r, games: 0, wins: 0 })),
    });
    expect(await screen.findByText('1234')).toBeInTheDocument();
    expect(screen.queryByText('Provisional')).toBeNull();
    expect(screen.getAllByText('No rated games yet this season.').length).toBeGreaterThan(0);
  });

  it('says when the ratings are being recalculated, and nothing once they are final', async () => {
    renderCard(rating({ recalculating: true }));
    expect(await screen.findByText('Ratings are being recalculated')).toBeInTheDocument();
  });

  it('shows no recalculation note on final ratings', async () => {
    renderCard(rating());
    expect(await screen.findAllByText('1234')).toHaveLength(2);
    expect(screen.queryByText('Ratings are being recalculated')).toBeNull();
  });

  it('shows nothing when the rating cannot be read', async () => {
    const { calls, container } = renderCard(null);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path === `/users/${USER_ID}/rating`)).toBe(true);
    expect(container.textContent).toBe('');
  });
});
