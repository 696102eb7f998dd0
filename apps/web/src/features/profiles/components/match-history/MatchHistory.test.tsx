import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MATCH_MESSAGES,
  type UserChampionStats,
  type UserMatchRow,
  type UserMatchesResponse,
  type UserRoleStats,
} from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../../test/render';
import { MatchHistory } from './MatchHistory';

vi.setConfig({ testTimeout: 20_000 });

const USER_ID = '00000000-0000-4000-8000-0000000000aa';

const row = (n: number, overrides: Partial<UserMatchRow> = {}): UserMatchRow => ({
  scrimId: `scrim-${n}`,
  scrimTitle: `Inhouse #${n}`,
  matchId: `NA1_${1000 + n}`,
  playedAt: new Date(2026, 4, n, 21, 5).toISOString(),
  durationSeconds: 1800,
  win: n % 2 === 1,
  side: 'blue',
  champion: 'Ahri',
  role: 'Mid',
  kills: 5,
  deaths: 2,
  assists: 7,
  cs: 240,
  gold: 12_000,
  damage: 25_000,
  vision: 22,
  level: 16,
  items: [3089, 0, 0, 0, 0, 0, 3340],
  spells: [4, 14],
  keystone: 8112,
  teamGame: null,
  ...overrides,
});

const CHAMPIONS: UserChampionStats = [
  {
    champion: 'Ahri',
    games: 4,
    wins: 3,
    kills: 20,
    deaths: 8,
    assists: 28,
    cs: 960,
    damage: 100_000,
    vision: 88,
    seconds: 7200,
  },
  {
    champion: 'MonkeyKing',
    games: 1,
    wins: 0,
    kills: 2,
    deaths: 5,
    assists: 3,
    cs: 150,
    damage: 9_000,
    vision: 20,
    seconds: 1500,
  },
];
const ROLES_STATS: UserRoleStats = [
  {
    role: 'Top',
    games: 1,
    wins: 0,
    kills: 2,
    deaths: 5,
    assists: 3,
    cs: 150,
    damage: 9_000,
    vision: 20,
    seconds: 1500,
  },
  { role: 'Jungle', games: 0, wins: 0, kills: 0, deaths: 0, assists: 0, cs: 0, damage: 0, vision: 0, seconds: 0 },
  {
    role: 'Mid',
    games: 4,
    wins: 3,
    kills: 20,
    deaths: 8,
    assists: 28,
    cs: 960,
    damage: 100_000,
    vision: 88,
    seconds: 7200,
  },
];

function renderHistory(pages: UserMatchesResponse[], { champions = CHAMPIONS, roles = ROLES_STATS } = {}) {
  let page = 0;
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    'GET /riot/ddragon-version': { version: '14.24.1', baseUrl: 'https://cdn.test' },
    [`GET /users/${USER_ID}/matches`]: () => ({ body: pages[Math.min(page++, pages.length - 1)] }),
    [`GET /users/${USER_ID}/champions`]: champions,
    [`GET /users/${USER_ID}/match-roles`]: roles,
  });
  renderAt('/users/Pete', '/users/:name', <MatchHistory userId={USER_ID} />);
  const matchQueries = () => calls.filter((c) => c.path === `/users/${USER_ID}/matches`).map((c) => c.query);
  return { calls, matchQueries };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("The profile's match history", () => {
  it('lists the recent games with champion, result, KDA, CS, duration, scrim link and date', async () => {
    renderHistory([
      { rows: [row(3), row(2, { champion: 'MonkeyKing', kills: 0, deaths: 0, assists: 0 })], nextCursor: null },
    ]);
    const list = await screen.findByRole('list', { name: MATCH_MESSAGES.historyTitle });
    const rows = within(list).getAllByTestId('match-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Inhouse #3' })).toHaveAttribute('href', '/scrims/scrim-3');
    expect(within(first).getByText('Win')).toBeInTheDocument();
    expect(within(first).getByText('5/2/7')).toBeInTheDocument();
    expect(first).toHaveTextContent('(6.00 KDA) · 240 CS (8.0/min) · 30:00');
    expect(first).toHaveTextContent('Ahri · Mid · 05/03/2026 09:05 PM');
    await waitFor(() =>
      expect(within(first).getByRole('img', { name: 'Ahri' })).toHaveAttribute(
        'src',
        'https://cdn.test/cdn/14.24.1/img/champion/Ahri.png',
      ),
    );
    expect(within(rows[1]!).getByText('Loss')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('0/0/0')).toBeInTheDocument();
    // The trend over the two games, oldest first.
    expect(screen.getByTestId('match-trend')).toHaveAttribute('data-games', '2');
    expect(screen.getByTestId('trend-average-KDA')).toHaveTextContent('avg 3.00');
  });

  it('marks a team game with its teams and links its series; a scrim of ten has no mark', async () => {
    const seriesId = '00000000-0000-4000-8000-0000000000d1';
    renderHistory([
      {
        rows: [
          row(4, { teamGame: { seriesId, number: 2, teamTag: 'NOWL', opponentTag: 'FOX' } }),
          row(3, { teamGame: { seriesId, number: 1, teamTag: 'NOWL', opponentTag: null } }),
          row(2),
        ],
        nextCursor: null,
      },
    ]);
    const list = await screen.findByRole('list', { name: MATCH_MESSAGES.historyTitle });
    const [second, first, solo] = within(list).getAllByTestId('match-row');
    expect(within(second!).getByText('Team game')).toBeInTheDocument();
    const link = within(second!).getByRole('link', { name: 'Team game: NOWL vs FOX, game 2 of the series' });
    expect(link).toHaveAttribute('href', `/series/${seriesId}`);
    expect(link).toHaveTextContent('NOWL vs FOX · Game 2');
    expect(within(first!).getByRole('link', { name: /NOWL vs Deleted team, game 1/ })).toBeInTheDocument();
    expect(within(solo!).queryByText('Team game')).toBeNull();
  });

  it('sends the role and champion filters to the server', async () => {
    const user = userEvent.setup();
    const { matchQueries } = renderHistory([{ rows: [row(1)], nextCursor: null }]);
    await screen.findAllByTestId('match-row');
    expect(matchQueries()).toEqual(['limit=20']);
    await user.click(screen.getByRole('combobox', { name: MATCH_MESSAGES.roleFilter }));
    await user.click(await screen.findByRole('option', { name: 'Jungle' }));
    await waitFor(() => expect(matchQueries()).toContain('limit=20&role=Jungle'));
    await user.click(screen.getByRole('combobox', { name: MATCH_MESSAGES.championFilter }));
    // Champion options come from the champion pool.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([MATCH_MESSAGES.allChampions, 'Ahri', 'MonkeyKing']);
    await user.click(screen.getByRole('option', { name: 'MonkeyKing' }));
    await waitFor(() => expect(matchQueries()).toContain('limit=20&role=Jungle&champion=MonkeyKing'));
    await user.click(screen.getByRole('combobox', { name: MATCH_MESSAGES.roleFilter }));
    await user.click(await screen.findByRole('option', { name: MATCH_MESSAGES.allRoles }));
    await waitFor(() => expect(matchQueries()).toContain('limit=20&champion=MonkeyKing'));
  });

  it('loads more with the next cursor until the last page', async () => {
    const user = userEvent.setup();
    const { matchQueries } = renderHistory([
      { rows: [row(5), row(4)], nextCursor: 'cursor-2' },
      { rows: [row(3)], nextCursor: null },
    ]);
    expect(await screen.findAllByTestId('match-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: MATCH_MESSAGES.loadMore }));
    await waitFor(() => expect(screen.getAllByTestId('match-row')).toHaveLength(3));
    expect(matchQueries()).toEqual(['limit=20', 'limit=20&cursor=cursor-2']);
    expect(screen.queryByRole('button', { name: MATCH_MESSAGES.loadMore })).not.toBeInTheDocument();
  });

  it('shows the champion pool and the averages per role', async () => {
    renderHistory([{ rows: [row(1)], nextCursor: null }]);
    const pool = await screen.findByRole('table', { name: MATCH_MESSAGES.championPoolTitle });
    const [ahri, wukong] = within(pool).getAllByTestId('champion-pool-row');
    // 4 games, 3 wins → 75 %, (20 + 28) / 8 = 6.00, 960 CS in 120 min = 8.0.
    expect(ahri).toHaveTextContent(/^Ahri4\s*75%6\.008\.0$/);
    expect(wukong).toHaveTextContent(/^MonkeyKing1\s*0%1\.006\.0$/);
    const roles = screen.getByRole('table', { name: MATCH_MESSAGES.rolesTitle });
    const roleRows = within(roles).getAllByTestId('role-row');
    // Roles without games are left out.
    expect(roleRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Top', 'Mid']);
    expect(roleRows[1]).toHaveTextContent('5.0 / 2.0 / 7.0');
    expect(roleRows[1]).toHaveTextContent('25.0k');
    expect(roleRows[1]).toHaveTextContent('22.0');
  });

  it("says 'No games with Riot stats yet.' without a game", async () => {
    renderHistory([{ rows: [], nextCursor: null }], { champions: [], roles: [] });
    expect(await screen.findByText(MATCH_MESSAGES.noMatches)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
