import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DRAFT_STATS_TEXTS,
  TEAM_TEXTS,
  type TeamAbilities,
  type TeamMember,
  type TeamRatingHistory,
  type TeamSeriesEntry,
  type TeamView,
} from '@scrim-gym/shared';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { TeamPage } from './TeamPage';

vi.setConfig({ testTimeout: 20_000 });

const TEAM_ID = '00000000-0000-4000-8000-00000000aaaa';
const viewer = testUser();
const member = (id: string, name: string, overrides: Partial<TeamMember> = {}): TeamMember => ({
  user: { _id: id, name, summonerTagline: 'NA1', region: 'NA', rank: 'Gold 2' },
  role: 'Mid',
  isCaptain: false,
  isOwner: false,
  joinedAt: '2026-11-01T18:00:00.000Z',
  ...overrides,
});
const NOTHING: TeamAbilities = {
  edit: false,
  invite: false,
  manageMembers: false,
  transferOwnership: false,
  delete: false,
  leave: false,
};
const team = (can: Partial<TeamAbilities>, members?: TeamMember[]): TeamView => ({
  _id: TEAM_ID,
  name: 'Night Owls',
  tag: 'NOWL',
  region: 'NA',
  logoUrl: null,
  createdAt: '2026-11-01T18:00:00.000Z',
  members: members ?? [
    member('00000000-0000-4000-8000-0000000000b1', 'Owner Olly', { isOwner: true, isCaptain: true, role: 'Top' }),
    member(viewer._id, viewer.name, { role: 'Jungle' }),
    member('00000000-0000-4000-8000-0000000000b3', 'Support Sam', { role: 'Support' }),
  ],
  rating: { mu: 25, sigma: 8.3, display: 1500, provisional: true },
  reliability: { score: null, played: 0, lateCancels: 0, noShows: 0 },
  record: { wins: 0, losses: 0 },
  can: { ...NOTHING, ...can },
});

const NO_HISTORY: TeamRatingHistory = { season: 1, history: [] };

const entry = (n: number, overrides: Partial<TeamSeriesEntry>): TeamSeriesEntry => ({
  _id: `00000000-0000-4000-8000-00000000e00${n}`,
  format: 'bo3',
  fearless: false,
  startsAt: `2026-12-0${n}T20:00:00.000Z`,
  status: 'scheduled',
  opponent: { _id: `00000000-0000-4000-8000-00000000f00${n}`, name: `Rivals ${n}`, tag: `RV${n}`, logoUrl: null },
  score: { team: 0, opponent: 0 },
  outcome: null,
  cancel: null,
  ...overrides,
});

function renderTeam(shown: TeamView, writes: Record<string, unknown> = {}) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: viewer, identity: null },
    [`GET /teams/${TEAM_ID}`]: { team: shown },
    [`GET /teams/${TEAM_ID}/rating-history`]: NO_HISTORY,
    [`GET /teams/${TEAM_ID}/invites`]: { invites: [] },
    [`GET /teams/${TEAM_ID}/series`]: { upcoming: [], recent: [] },
    ...writes,
  });
  renderAt(`/teams/${TEAM_ID}`, '/teams/:id', <TeamPage />, { '/teams': 'teams page' });
  return calls;
}

describe('TeamPage', () => {
  it("draws the team's rating over its rated series games of the season", async () => {
    const point = (before: number, after: number, won: boolean, n: number) => ({
      scrimId: `00000000-0000-4000-8000-00000000c00${n}`,
      seriesId: '00000000-0000-4000-8000-00000000d001',
      before,
      after,
      won,
      at: `2026-11-0${n}T20:00:00.000Z`,
    });
    renderTeam(team({ leave: true }), {
      [`GET /teams/${TEAM_ID}/rating-history`]: {
        season: 1,
        history: [point(1500, 1540, true, 1), point(1540, 1520, false, 2), point(1520, 1561, true, 3)],
      },
    });
    const chart = await screen.findByRole('figure', {
      name: 'Rating this season: from 1500 to 1561 over 3 rated games',
    });
    expect(within(chart).getByText('1561')).toBeInTheDocument();
    expect(within(chart).getByText('1500')).toBeInTheDocument();
  });

  it("shows the team's drafted games from each side of the draft and per champion picked", async () => {
    renderTeam(team({ leave: true }), {
      'GET /riot/ddragon-version': { version: '15.1.1', baseUrl: 'http://dd.test' },
      [`GET /teams/${TEAM_ID}/draft-stats`]: {
        games: 2,
        firstPick: { games: 1, wins: 1 },
        secondPick: { games: 1, wins: 0 },
        champions: [
          { champion: 'Aatrox', games: 2, wins: 1 },
          { champion: 'Ahri', games: 1, wins: 1 },
        ],
      },
    });
    const section = await screen.findByRole('region', { name: DRAFT_STATS_TEXTS.title });
    expect(within(section).getByText('2 drafted games')).toBeInTheDocument();
    const rows = (id: string) =>
      within(section)
        .getAllByTestId(id)
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows('draft-side-row')).toEqual([
      [DRAFT_STATS_TEXTS.firstPick, '1', '1', '100%'],
      [DRAFT_STATS_TEXTS.secondPick, '1', '0', '0%'],
    ]);
    expect(rows('draft-champion-row').map((cells) => cells.slice(1))).toEqual([
      ['2', '1', '50%'],
      ['1', '1', '100%'],
    ]);
    expect(within(section).getByRole('img', { name: 'Aatrox' })).toHaveAttribute(
      'src',
      'http://dd.test/cdn/15.1.1/img/champion/Aatrox.png',
    );
  });

  it('tells a member the chart waits for series games', async () => {
    renderTeam(team({ leave: true }));
    expect(await screen.findByText(/No rated series games yet this season\. Each confirmed/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the Scrim Board' })).toBeNull();
  });

  it('points a captain of a team without rated games to the Scrim Board', async () => {
    renderTeam(team({ edit: true, invite: true, manageMembers: true }));
    expect(await screen.findByText(/Post on the Scrim Board or ask for another team/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Scrim Board' })).toHaveAttribute('href', '/board');
  });

  it('lists the upcoming series (live first) and the recent ones with scores, each a link to its series', async () => {
    renderTeam(team({ leave: true }), {
      [`GET /teams/${TEAM_ID}/series`]: {
        upcoming: [
          entry(1, { status: 'live', format: 'bo5', fearless: true }),
          entry(2, { format: 'games3', opponent: null }),
        ],
        recent: [
          entry(3, { status: 'cancelled', cancel: { late: true, byTeam: true } }),
          entry(4, { status: 'finished', score: { team: 2, opponent: 1 }, outcome: 'won' }),
          entry(5, { status: 'finished', format: 'bo2', score: { team: 1, opponent: 1 }, outcome: 'drawn' }),
        ],
      },
    });
    // Each link reads: the logo (its tag without one), name, [tag], format, fearless, start, then score and chip.
    const upcoming = within(await screen.findByRole('list', { name: 'Upcoming series' })).getAllByRole('link');
    expect(upcoming.map((link) => link.getAttribute('href'))).toEqual([
      '/series/00000000-0000-4000-8000-00000000e001',
      '/series/00000000-0000-4000-8000-00000000e002',
    ]);
    expect(upcoming[0]).toHaveTextContent(/^RV1Rivals 1\[RV1\]Best of 5Fearless.+Live$/);
    expect(upcoming[1]).toHaveTextContent(/^\?Deleted team\[\?\]3 games/);
    expect(upcoming[1]).not.toHaveTextContent('Fearless');
    const recent = within(screen.getByRole('list', { name: 'Recent series' })).getAllByRole('link');
    expect(recent.map((link) => link.getAttribute('href'))).toEqual([
      '/series/00000000-0000-4000-8000-00000000e003',
      '/series/00000000-0000-4000-8000-00000000e004',
      '/series/00000000-0000-4000-8000-00000000e005',
    ]);
    expect(recent[0]).toHaveTextContent(/^RV3Rivals 3\[RV3\]Best of 3.+Cancelled \(late\)$/);
    expect(recent[0]).not.toHaveTextContent('0–0');
    expect(recent[1]).toHaveTextContent(/2–1Won$/);
    expect(recent[2]).toHaveTextContent(/^RV5Rivals 5\[RV5\]Best of 2.+1–1Drawn$/);
  });

  it('points a captain without series to the Scrim Board, and tells a member plainly', async () => {
    renderTeam(team({ edit: true, invite: true, manageMembers: true }));
    const upcoming = await screen.findByRole('region', { name: 'Upcoming series' });
    expect(upcoming).toHaveTextContent('No series booked: post on the Scrim Board, or ask for another team’s post.');
    expect(within(upcoming).getByRole('link', { name: 'Find a series on the Scrim Board' })).toHaveAttribute(
      'href',
      '/board',
    );
    expect(screen.getByRole('region', { name: 'Recent series' })).toHaveTextContent(
      'No series played yet: once a booked series ends, its score shows here.',
    );
  });

  it('tells a member without series there are none, with nothing to do', async () => {
    renderTeam(team({ leave: true }));
    expect(await screen.findByRole('region', { name: 'Upcoming series' })).toHaveTextContent(
      /^Upcoming seriesNo series booked\.$/,
    );
    expect(screen.getByRole('region', { name: 'Recent series' })).toHaveTextContent(
      /^Recent seriesNo series played yet\.$/,
    );
    expect(screen.queryByRole('link', { name: 'Find a series on the Scrim Board' })).toBeNull();
  });

  it('a member sees the team, its numbers and roster in role order, and only Leave', async () => {
    renderTeam(team({ leave: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeInTheDocument();
    expect(screen.getByText('[NOWL] · NA')).toBeInTheDocument();
    expect(screen.getByText('1500')).toBeInTheDocument();
    expect(screen.getByText(TEAM_TEXTS.provisional)).toBeInTheDocument();
    expect(screen.getByText('Not counted yet')).toBeInTheDocument();
    expect(screen.getByText('0 series decided, shown from 5')).toBeInTheDocument();
    const roster = screen.getByRole('list', { name: 'Roster' });
    const names = within(roster)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Owner Olly', viewer.name, 'Support Sam']);
    expect(within(roster).getByText('Owner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
    for (const hidden of ['Edit team', 'Delete team', 'Create invite link', 'Make owner'])
      expect(screen.queryByRole('button', { name: hidden })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a captain sets a role, makes a captain and removes a member (after a confirm), never the owner', async () => {
    const calls = renderTeam(team({ edit: true, invite: true, manageMembers: true, leave: true }), {
      [`PUT /teams/${TEAM_ID}/members/00000000-0000-4000-8000-0000000000b3`]: { team: team({}) },
      [`DELETE /teams/${TEAM_ID}/members/00000000-0000-4000-8000-0000000000b3`]: { team: team({}) },
    });
    await screen.findByRole('list', { name: 'Roster' });
    expect(screen.queryByRole('button', { name: 'Remove Owner Olly' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Remove ${viewer.name}` })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Owner Olly is a captain' })).toBeDisabled();

    // Each row's role select is named for its player.
    expect(screen.getByRole('combobox', { name: 'Role of Support Sam' })).toHaveTextContent('Support');
    expect(screen.getAllByRole('combobox', { name: /^Role of / })).toHaveLength(3);

    await userEvent.click(screen.getByRole('switch', { name: 'Support Sam is a captain' }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'PUT',
      path: `/teams/${TEAM_ID}/members/00000000-0000-4000-8000-0000000000b3`,
      body: { role: 'Support', isCaptain: true },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Support Sam' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Support Sam from the team?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'DELETE',
      path: `/teams/${TEAM_ID}/members/00000000-0000-4000-8000-0000000000b3`,
    });
  });

  it('a captain makes an invite link: shown with its expiry, copied, and revocable', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const url = 'https://scrimgym.test/teams/join/abc';
    const calls = renderTeam(team({ invite: true, manageMembers: true }), {
      [`POST /teams/${TEAM_ID}/invites`]: () => ({
        status: 201,
        body: { _id: '00000000-0000-4000-8000-0000000000c1', url, token: 'abc', expiresAt: '2026-12-05T18:00:00.000Z' },
      }),
      [`DELETE /teams/${TEAM_ID}/invites/00000000-0000-4000-8000-0000000000c1`]: () => ({ status: 204, body: null }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByRole('textbox', { name: 'Invite link' })).toHaveValue(url);
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByText(/^Works until /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'DELETE',
      path: `/teams/${TEAM_ID}/invites/00000000-0000-4000-8000-0000000000c1`,
    });
    expect(await screen.findByRole('button', { name: 'Create invite link' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("a captain sees the team's open links, who made them and until when, and revokes one", async () => {
    const link = (id: string, by: string | null) => ({
      _id: `00000000-0000-4000-8000-0000000000${id}`,
      createdAt: '2026-11-27T18:00:00.000Z',
      expiresAt: '2026-12-04T18:00:00.000Z',
      createdBy: by ? { _id: '00000000-0000-4000-8000-0000000000b1', name: by } : null,
    });
    const calls = renderTeam(team({ invite: true }), {
      [`GET /teams/${TEAM_ID}/invites`]: { invites: [link('d1', 'Owner Olly'), link('d2', null)] },
      [`DELETE /teams/${TEAM_ID}/invites/00000000-0000-4000-8000-0000000000d1`]: () => ({ status: 204, body: null }),
    });
    const section = await screen.findByRole('region', { name: 'Open links' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Made by Owner Olly .* · works until /);
    expect(items[1]).not.toHaveTextContent('by ');
    await userEvent.click(within(items[0]!).getByRole('button', { name: /^Revoke the link made by Owner Olly / }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'DELETE',
      path: `/teams/${TEAM_ID}/invites/00000000-0000-4000-8000-0000000000d1`,
    });
    expect(await screen.findByText('The invite link no longer works')).toBeInTheDocument();
  });

  it('the owner edits the team: a bad tag is caught before sending, a good one is saved', async () => {
    const calls = renderTeam(team({ edit: true, delete: true, transferOwnership: true, manageMembers: true }), {
      [`PATCH /teams/${TEAM_ID}`]: { team: team({}) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit team' }));
    const tag = screen.getByRole('textbox', { name: 'Tag' });
    await userEvent.clear(tag);
    await userEvent.type(tag, 'n');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Tag must be 2 to 5 characters, capital letters A-Z or digits')).toBeInTheDocument();
    expect(lastWrite(calls)).toBeUndefined();
    await userEvent.type(tag, 'ite');
    expect(tag).toHaveValue('NITE');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'PATCH',
      body: { name: 'Night Owls', tag: 'NITE', logoUrl: null },
    });
    expect(screen.getAllByRole('button', { name: 'Make owner' })).toHaveLength(2);
  });

  it('says so when the team does not exist', async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: viewer, identity: null } });
    renderAt(`/teams/${TEAM_ID}`, '/teams/:id', <TeamPage />);
    expect(await screen.findByText('This team does not exist, or it was deleted.')).toBeInTheDocument();
  });
});
