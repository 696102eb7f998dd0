import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaderboardResponse, LeaderboardRow, TeamLeaderboardRow } from '@scrim-gym/shared';
import { renderAt, signedOut, stubApi, testUser } from '../../../test/render';
import { LeaderboardPage } from './LeaderboardPage';

vi.setConfig({ testTimeout: 20_000 });

const VIEWER_ID = '00000000-0000-4000-8000-000000000001';
const row = (rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  rank,
  player: {
    _id: `00000000-0000-4000-9000-${String(rank).padStart(12, '0')}`,
    name: `Player ${rank}`,
    summonerTagline: 'NA1',
    region: 'NA',
    rank: 'Gold 2',
  },
  verified: false,
  rating: 2000 - rank,
  games: 20,
  winRate: 55,
  mainRole: 'Mid',
  provisional: false,
  ...overrides,
});
const page = (
  rows: LeaderboardRow[],
  nextCursor: string | null = null,
  me: LeaderboardRow | null = null,
  recalculating = false,
) => ({ rows, nextCursor, me, recalculating }) satisfies LeaderboardResponse;

const teamRow = (rank: number, overrides: Partial<TeamLeaderboardRow> = {}): TeamLeaderboardRow => ({
  rank,
  team: {
    _id: `00000000-0000-4000-a000-${String(rank).padStart(12, '0')}`,
    name: `Squad ${rank}`,
    tag: `SQ${rank}`,
    logoUrl: null,
    region: 'NA',
  },
  rating: 1500 - rank,
  games: 12,
  wins: 8,
  losses: 4,
  provisional: false,
  ...overrides,
});

/** A wide screen (the table) or a phone (the compact list). */
function screenWidth(px: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: px >= Number(/min-width:(\d+)px/.exec(query)?.[1] ?? 0),
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}
afterEach(() => vi.unstubAllGlobals());

const me = row(120, {
  player: { _id: VIEWER_ID, name: 'Tester', summonerTagline: 'NA1', region: 'NA', rank: 'Gold 2' },
  rating: 1400,
});

function renderBoard({
  signedIn = true,
  path = '/leaderboard',
  seasons = [
    { id: 2, name: 'Season 2', startedAt: '2026-06-01T00:00:00.000Z', endedAt: null, current: true },
    {
      id: 1,
      name: 'Season 1',
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-06-01T00:00:00.000Z',
      current: false,
    },
  ],
  board = (query: URLSearchParams) =>
    query.get('cursor') === 'c2'
      ? page([row(51), row(52)], null, me)
      : page(
          [row(1, { verified: true }), row(2, { provisional: true, games: 3 }), row(3, { mainRole: 'Fill' })],
          'c2',
          me,
        ),
}: {
  signedIn?: boolean;
  path?: string;
  seasons?: unknown;
  board?: (query: URLSearchParams) => LeaderboardResponse;
} = {}) {
  let lastQuery = new URLSearchParams();
  const calls = stubApi({
    'GET /auth/session': signedIn ? { token: 't', user: testUser(), identity: null } : signedOut,
    'GET /seasons': signedIn
      ? seasons
      : () => ({ status: 401, body: { error: 'Please sign in', code: 'UNAUTHORIZED' } }),
    'GET /leaderboard': () => ({ body: board(lastQuery) }),
    'GET /leaderboard/teams': () => ({
      body: {
        rows: lastQuery.get('region') === 'EUW' ? [] : [teamRow(1), teamRow(2, { provisional: true })],
        nextCursor: null,
      },
    }),
  });
  // The handler reads the query of the call being answered.
  const realFetch = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    lastQuery = new URLSearchParams(String(input).split('?')[1] ?? '');
    return realFetch(input, init);
  });
  renderAt(path, '/leaderboard', <LeaderboardPage />);
  return { calls };
}

const boardCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.path === '/leaderboard');

describe('LeaderboardPage', () => {
  it('shows the table on a wide screen: rank, player with the verified badge, rating, games, win rate, main role, provisional', async () => {
    screenWidth(1280);
    renderBoard();
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Rank', 'Player', 'Rating', 'Games', 'Win rate', 'Main role']);
    expect(rows[1]).toHaveTextContent('1Player 1 #NA1Verified Riot account19992055%Mid');
    expect(within(rows[1]!).getByRole('img', { name: 'Verified Riot account' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Provisional')).toBeInTheDocument();
    expect(within(rows[3]!).queryByText('Provisional')).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: /Player 2/ })).toHaveAttribute(
      'href',
      '/users/Player%202?region=NA&tagline=NA1',
    );
  });

  it("pins the viewer's own row with their rank, and loads more with the cursor", async () => {
    screenWidth(1280);
    const { calls } = renderBoard();
    const own = await screen.findByRole('region', { name: 'Your rank' });
    expect(own).toHaveTextContent('120');
    expect(own).toHaveTextContent('Tester');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Player 52')).toBeInTheDocument();
    expect(boardCalls(calls).map((c) => c.query)).toEqual(['', 'cursor=c2']);
    // The last page has no cursor: no more button.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Player 1')).toBeInTheDocument();
  });

  it('says when the ratings are being recalculated, and nothing otherwise', async () => {
    screenWidth(1280);
    renderBoard({ board: () => page([row(1)], null, null, true) });
    expect(await screen.findByText('Ratings are being recalculated')).toBeInTheDocument();
    expect(screen.getByText('Player 1')).toBeInTheDocument();
  });

  it('shows no recalculation note on a settled board', async () => {
    screenWidth(1280);
    renderBoard();
    expect(await screen.findByRole('table', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByText('Ratings are being recalculated')).toBeNull();
  });

  it('highlights the own row in the list when it is on the page', async () => {
    screenWidth(1280);
    const top = row(1, { player: me.player });
    renderBoard({ board: () => page([top, row(2)], null, top) });
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const current = within(table)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('(You)');
  });

  it('filters by region and season through the address, seasons from /seasons', async () => {
    screenWidth(1280);
    const { calls } = renderBoard();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EUW' }));
    await waitFor(() => expect(boardCalls(calls).at(-1)?.query).toBe('region=EUW'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Season' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Current season', 'Season 1']);
    await userEvent.click(screen.getByRole('option', { name: 'Season 1' }));
    await waitFor(() => expect(boardCalls(calls).at(-1)?.query).toBe('region=EUW&season=1'));
  });

  it('reads the filters from the address and ignores unknown ones', async () => {
    screenWidth(1280);
    const { calls } = renderBoard({ path: '/leaderboard?region=XX&season=abc' });
    await screen.findByRole('table');
    expect(boardCalls(calls)[0]?.query).toBe('');
  });

  it('on a phone shows a compact list (no table), the provisional mark and the role, games and win rate', async () => {
    screenWidth(390);
    renderBoard();
    const list = await screen.findByRole('list', { name: 'Leaderboard' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Mid · 20 games · 55% won');
    expect(within(items[1]!).getByText('Provisional')).toBeInTheDocument();
  });

  it('is readable by a visitor: the current season only, no own row, names not linked', async () => {
    screenWidth(1280);
    const { calls } = renderBoard({ signedIn: false, board: () => page([row(1)], null, null) });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your rank' })).toBeNull();
    expect(calls.some((c) => c.path === '/seasons')).toBe(false);
  });

  it('tells a signed-in player without a rating that they are not on the board, and an empty board so', async () => {
    screenWidth(390);
    renderBoard({ board: () => page([], null, null) });
    expect(await screen.findByText(/You are not on this board yet/)).toBeInTheDocument();
    expect(screen.getByText('No rated players on this board yet.')).toBeInTheDocument();
  });

  it("switches to the teams' board through the address: rank, team, region, rating, games, record", async () => {
    screenWidth(1280);
    const { calls } = renderBoard();
    await screen.findByRole('table', { name: 'Leaderboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Teams' }));
    const table = await screen.findByRole('table', { name: 'Teams' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Rank', 'Team', 'Region', 'Rating', 'Games', 'Record']);
    expect(rows[1]).toHaveTextContent('1SQSquad 1 [SQ1]NA1499128–4');
    expect(within(rows[1]!).getByRole('link', { name: /Squad 1/ })).toHaveAttribute(
      'href',
      '/teams/00000000-0000-4000-a000-000000000001',
    );
    expect(within(rows[2]!).getByText('Provisional')).toBeInTheDocument();
    // The players' own row belongs to the players' board.
    expect(screen.queryByRole('region', { name: 'Your rank' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EUW' }));
    expect(await screen.findByText(/No rated teams on this board yet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/leaderboard/teams').map((c) => c.query)).toEqual(['', 'region=EUW']);
  });

  it("on a phone lists the teams compactly, and a visitor's team names are not linked", async () => {
    screenWidth(390);
    renderBoard({ signedIn: false, path: '/leaderboard?board=teams' });
    const list = await screen.findByRole('list', { name: 'Teams' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('NA · 8–4');
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it('shows the server’s error when the board cannot be read', async () => {
    screenWidth(1280);
    stubApi({
      'GET /auth/session': signedOut,
      'GET /leaderboard': () => ({
        status: 404,
        body: { error: 'Season 9 was not found', code: 'SEASON_NOT_FOUND' },
      }),
    });
    renderAt('/leaderboard?season=9', '/leaderboard', <LeaderboardPage />);
    expect(await screen.findByText('Season 9 was not found')).toBeInTheDocument();
  });
});
