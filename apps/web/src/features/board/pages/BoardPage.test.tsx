import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  BOARD_MESSAGES,
  type ScrimPost,
  type ScrimRequest,
  type TeamCard,
  type TeamMember,
  type TeamView,
} from '@scrim-gym/shared';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { BoardPage } from './BoardPage';
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

const viewer = testUser();
const OWLS = '00000000-0000-4000-8000-00000000aaaa';
const FOXES = '00000000-0000-4000-8000-00000000bbbb';
const EUW_TEAM = '00000000-0000-4000-8000-00000000cccc';
const POST = '00000000-0000-4000-8000-0000000000c1';
const REQUEST = '00000000-0000-4000-8000-0000000000d1';
const SERIES = '00000000-0000-4000-8000-0000000000e1';

const card = (id: string, name: string, tag: string, rank = 'Gold 2'): TeamCard => ({
  _id: id,
  name,
  tag,
  logoUrl: null,
  region: 'NA',
  rank,
  reliability: { score: 95, played: 4, lateCancels: 0, noShows: 0 },
});
const post = (team: TeamCard, overrides: Partial<ScrimPost> = {}): ScrimPost => ({
  _id: POST,
  team,
  region: 'NA',
  startsAt: '2030-05-01T18:00:00.000Z',
  format: 'bo3',
  fearless: true,
  draft: 'fearless',
  rankMin: 'Gold 4',
  rankMax: 'Platinum 1',
  note: 'Scrims with VOD review',
  status: 'open',
  requestCount: 1,
  createdAt: '2030-04-20T18:00:00.000Z',
  ...overrides,
});
const request = (team: TeamCard): ScrimRequest => ({
  _id: REQUEST,
  postId: POST,
  team,
  note: 'We play at 8',
  status: 'open',
  createdAt: '2030-04-21T18:00:00.000Z',
});
const teamView = (id: string, name: string, tag: string, isCaptain: boolean): TeamView => {
  const me: TeamMember = {
    user: { _id: viewer._id, name: viewer.name, summonerTagline: 'NA1', region: 'NA', rank: 'Gold 2' },
    role: 'Mid',
    isCaptain,
    isOwner: isCaptain,
    joinedAt: '2026-11-01T18:00:00.000Z',
  };
  return {
    _id: id,
    name,
    tag,
    region: 'NA',
    logoUrl: null,
    createdAt: '2026-11-01T18:00:00.000Z',
    members: [me],
    rating: { mu: 25, sigma: 8.3, display: 1500, provisional: true },
    reliability: { score: null, played: 0, lateCancels: 0, noShows: 0 },
    record: { wins: 0, losses: 0 },
    can: {
      edit: isCaptain,
      invite: isCaptain,
      manageMembers: isCaptain,
      transferOwnership: false,
      delete: false,
      leave: true,
    },
  };
};

/** The viewer on one team (Night Owls), as a captain or not, and the board's answers. */
function renderBoard({
  captain,
  rows,
  more = {},
  teams,
}: {
  captain: boolean | null;
  rows: ScrimPost[];
  more?: Record<string, unknown>;
  /** The viewer's teams when not only Night Owls (none captained). */
  teams?: { _id: string; name: string; region: string }[];
}) {
  const owls = teamView(OWLS, 'Night Owls', 'NOWL', Boolean(captain));
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: viewer, identity: null },
    [`GET /users/${viewer._id}/teams`]: {
      teams: teams
        ? teams.map((team) => ({ ...owls, ...team, memberCount: 1 }))
        : captain === null
          ? []
          : [{ ...owls, memberCount: 1 }],
    },
    [`GET /teams/${OWLS}`]: { team: owls },
    'GET /scrim-posts': { rows, nextCursor: null },
    ...more,
  });
  renderAt('/board', '/board', <BoardPage />, { '/series/:id': 'series page', '/teams': 'teams page' });
  return calls;
}

describe('BoardPage', () => {
  it('watches the board of the region shown: reads it again on board:changed and on a reconnect', async () => {
    const calls = renderBoard({ captain: false, rows: [post(card(FOXES, 'Red Foxes', 'FOX'))] });
    await screen.findByRole('article', { name: /^Scrim post of Red Foxes, / });
    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/scrim-posts').length;
    // The socket connects once the page has read the board: it joins the room and reads again.
    const before = reads();
    await waitFor(() => expect(fake.listening('connect')).toBe(true));
    fake.fire('connect');
    expect(fake.emitted).toContainEqual(['board:watch', { regions: ['NA'] }]);
    await waitFor(() => expect(reads()).toBe(before + 1));
    const connected = reads();
    fake.fire('board:changed', { region: 'NA' });
    await waitFor(() => expect(reads()).toBe(connected + 1));
  });

  it('shows each open post: team, rank, reliability, start, format, fearless, wanted ranks, note and requests', async () => {
    renderBoard({ captain: false, rows: [post(card(FOXES, 'Red Foxes', 'FOX'))] });
    const article = await screen.findByRole('article', { name: /^Scrim post of Red Foxes, / });
    for (const text of [
      'Red Foxes',
      '[FOX] · NA',
      'Team rank Gold 2',
      '95% reliable',
      'Best of 3',
      'Fearless draft',
      'Wants Gold 4 – Platinum 1',
      'Scrims with VOD review',
      '1 request',
    ])
      expect(within(article).getByText(text)).toBeInTheDocument();
    // A player who captains no team is not offered to ask.
    expect(within(article).queryByRole('button', { name: 'Request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post a scrim' })).toBeNull();
    expect(await screen.findByText(/^Only a team’s captains post and ask for scrims/)).toBeInTheDocument();
  });

  it('filters: the region starts as the viewer’s, and a format and a day range reach the query', async () => {
    const calls = renderBoard({ captain: false, rows: [] });
    await screen.findByText(/No open post matches these filters/);
    expect(calls.findLast((call) => call.path === '/scrim-posts')?.query).toBe('region=NA');
    await userEvent.click(screen.getByRole('combobox', { name: 'Format' }));
    await userEvent.click(await screen.findByRole('option', { name: '3 games' }));
    await waitFor(() =>
      expect(calls.findLast((call) => call.path === '/scrim-posts')?.query).toBe('region=NA&format=games3'),
    );
    await userEvent.type(screen.getByLabelText('From day'), '2030-05-01');
    await waitFor(() => {
      const query = new URLSearchParams(calls.findLast((call) => call.path === '/scrim-posts')?.query);
      expect(new Date(query.get('from')!).getDate()).toBe(1);
      expect(new Date(query.get('from')!).getHours()).toBe(0);
    });
  });

  it('tells a player without a captaincy to create or join a team', async () => {
    renderBoard({ captain: null, rows: [] });
    expect(
      await screen.findByText(
        'No open post matches these filters. Only a team’s captains post and ask for scrims: create a team, or ask your captain.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Create or join a team' }));
    expect(await screen.findByText('teams page')).toBeInTheDocument();
  });

  it('a captain posts a scrim: checked before sending, then sent with the start as an instant', async () => {
    const calls = renderBoard({
      captain: true,
      rows: [],
      more: { 'POST /scrim-posts': () => ({ status: 201, body: { post: post(card(OWLS, 'Night Owls', 'NOWL')) } }) },
    });
    const empty = await screen.findByText(
      'No open post matches these filters. Post a scrim and let other teams come to you.',
    );
    await userEvent.click(within(empty.parentElement!).getByRole('button', { name: 'Post a scrim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a scrim' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).getByText('Pick a start date and time')).toBeInTheDocument();
    expect(lastWrite(calls)).toBeUndefined();

    await userEvent.type(within(dialog).getByLabelText(/^Start date/), '2030-05-01');
    await userEvent.type(within(dialog).getByLabelText(/^Start time/), '20:30');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Best of 5' }));
    const draftRoom = within(dialog).getByRole('combobox', { name: 'Draft room' });
    await userEvent.click(draftRoom);
    // Not fearless yet: the draft room offers the tournament draft.
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Tournament draft']);
    await userEvent.click(screen.getByRole('option', { name: 'Tournament draft' }));
    // Ticking Fearless with a draft room makes it the fearless draft.
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Fearless draft' }));
    expect(draftRoom).toHaveTextContent('Fearless draft');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Bring a coach');
    const announce = within(dialog).getByRole('checkbox', { name: 'Announce on Discord' });
    expect(announce).not.toBeChecked();
    await userEvent.click(announce);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'POST',
      path: '/scrim-posts',
      body: {
        teamId: OWLS,
        region: 'NA',
        startsAt: new Date(2030, 4, 1, 20, 30).toISOString(),
        format: 'bo5',
        fearless: true,
        draft: 'fearless',
        note: 'Bring a coach',
        announce: true,
      },
    });
    expect(await screen.findByText('Your scrim is on the board')).toBeInTheDocument();
  });

  it('posts without a draft room unless asked, and unticking Fearless turns a fearless draft into the tournament draft', async () => {
    const calls = renderBoard({
      captain: true,
      rows: [],
      more: { 'POST /scrim-posts': () => ({ status: 201, body: { post: post(card(OWLS, 'Night Owls', 'NOWL')) } }) },
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Post a scrim' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Post a scrim' });
    const draftRoom = within(dialog).getByRole('combobox', { name: 'Draft room' });
    expect(draftRoom).toHaveTextContent('None');
    const fearless = within(dialog).getByRole('switch', { name: 'Fearless draft' });
    await userEvent.click(fearless);
    // Ticking Fearless without a draft room keeps none; the room then offers the fearless draft.
    expect(draftRoom).toHaveTextContent('None');
    await userEvent.click(draftRoom);
    await userEvent.click(await screen.findByRole('option', { name: 'Fearless draft' }));
    await userEvent.click(fearless);
    expect(draftRoom).toHaveTextContent('Tournament draft');
    await userEvent.type(within(dialog).getByLabelText(/^Start date/), '2030-05-01');
    await userEvent.type(within(dialog).getByLabelText(/^Start time/), '20:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({ path: '/scrim-posts', body: { fearless: false, draft: 'tournament' } }),
    );
  });

  it("shows the server's refusal in the post dialog", async () => {
    renderBoard({
      captain: true,
      rows: [],
      more: {
        'POST /scrim-posts': () => ({
          status: 400,
          body: { error: 'A scrim post starts at least 30 minutes from now', code: 'START_TOO_SOON' },
        }),
      },
    });
    // The header's button; the empty board offers one too.
    await userEvent.click((await screen.findAllByRole('button', { name: 'Post a scrim' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Post a scrim' });
    await userEvent.type(within(dialog).getByLabelText(/^Start date/), '2030-05-01');
    await userEvent.type(within(dialog).getByLabelText(/^Start time/), '20:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('A scrim post starts at least 30 minutes from now')).toBeInTheDocument();
  });

  it("shows the announced posts' budget refusal in the post dialog", async () => {
    const calls = renderBoard({
      captain: true,
      rows: [],
      more: {
        'POST /scrim-posts': () => ({
          status: 409,
          body: { error: BOARD_MESSAGES.announcedPostOpen, code: 'ANNOUNCED_POST_OPEN' },
        }),
      },
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Post a scrim' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Post a scrim' });
    await userEvent.type(within(dialog).getByLabelText(/^Start date/), '2030-05-01');
    await userEvent.type(within(dialog).getByLabelText(/^Start time/), '20:30');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Announce on Discord' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText(BOARD_MESSAGES.announcedPostOpen)).toBeInTheDocument();
    expect(lastWrite(calls)).toMatchObject({ body: { announce: true } });
  });

  it("another team's captain asks for a post, then sees the request and withdraws it", async () => {
    let asked = false;
    const owls = card(OWLS, 'Night Owls', 'NOWL');
    const calls = renderBoard({
      captain: true,
      rows: [post(card(FOXES, 'Red Foxes', 'FOX'))],
      more: {
        [`GET /scrim-posts/${POST}/requests`]: () => ({ body: { requests: asked ? [request(owls)] : [] } }),
        [`POST /scrim-posts/${POST}/requests`]: () => {
          asked = true;
          return { status: 201, body: { request: request(owls) } };
        },
        [`DELETE /scrim-requests/${REQUEST}`]: () => ({ status: 204, body: null }),
      },
    });
    const article = await screen.findByRole('article', { name: /^Scrim post of Red Foxes/ });
    await userEvent.click(await within(article).findByRole('button', { name: 'Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Red Foxes to scrim' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'We play at 8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'POST', body: { teamId: OWLS, note: 'We play at 8' } });
    expect(await within(article).findByText(/^Night Owls asked for this scrim/)).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Withdraw request' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw request' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'DELETE', path: `/scrim-requests/${REQUEST}` });
  });

  it("the poster's captain sees the requests, accepts one (after a confirm) and lands on the series", async () => {
    let accepted = false;
    const calls = renderBoard({
      captain: true,
      rows: [post(card(OWLS, 'Night Owls', 'NOWL'))],
      more: {
        // The accepted post is closed: the board read again after the accept no longer lists it (its card unmounts).
        'GET /scrim-posts': () => ({
          body: { rows: accepted ? [] : [post(card(OWLS, 'Night Owls', 'NOWL'))], nextCursor: null },
        }),
        // …and the requests, read again too, answer after the card has gone.
        [`GET /scrim-posts/${POST}/requests`]: () =>
          accepted
            ? new Promise((resolve) => {
                const answer = () =>
                  // (Hidden from the accessibility tree while the confirm is open: found by its tag.)
                  document.querySelector('article') ? setTimeout(answer, 10) : resolve({ body: { requests: [] } });
                answer();
              })
            : { body: { requests: [request(card(FOXES, 'Red Foxes', 'FOX'))] } },
        [`POST /scrim-requests/${REQUEST}/accept`]: () => {
          accepted = true;
          return { body: { series: { _id: SERIES } } };
        },
      },
    });
    const article = await screen.findByRole('article', { name: /^Scrim post of Night Owls/ });
    expect(await within(article).findByText('Your team’s post')).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Request' })).toBeNull();
    const requests = await within(article).findByRole('list', { name: 'Requests for the post of Night Owls' });
    expect(within(requests).getByText('We play at 8')).toBeInTheDocument();
    // The viewer plays on a team of the region shown: "fits my team" is offered.
    expect(screen.getByText('Posts that want a team of Night Owls’s rank')).toBeInTheDocument();

    await userEvent.click(within(requests).getByRole('button', { name: 'Accept Red Foxes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Play Red Foxes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'POST', path: `/scrim-requests/${REQUEST}/accept` });
    expect(await screen.findByText('series page')).toBeInTheDocument();
  });

  it('"fits my team" asks the server for the posts that fit the team, for a member of a team without a post', async () => {
    const calls = renderBoard({ captain: false, rows: [post(card(FOXES, 'Red Foxes', 'FOX'))] });
    await userEvent.click(await screen.findByRole('switch', { name: 'Fits my team' }));
    await waitFor(() =>
      expect(calls.findLast((call) => call.path === '/scrim-posts')?.query).toBe(`region=NA&fitsTeamId=${OWLS}`),
    );
    expect(screen.getByRole('combobox', { name: 'Lowest rank' })).toHaveAttribute('aria-disabled', 'true');
    // One team in the region: nothing to choose.
    expect(screen.queryByRole('combobox', { name: 'Team to fit' })).toBeNull();
  });

  it('"fits my team" is offered only for a team of the region shown, and lets a player on two choose', async () => {
    const calls = renderBoard({
      captain: false,
      rows: [],
      teams: [
        { _id: OWLS, name: 'Night Owls', region: 'NA' },
        { _id: FOXES, name: 'Red Foxes', region: 'NA' },
        { _id: EUW_TEAM, name: 'Euro Stars', region: 'EUW' },
      ],
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Fits my team' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Team to fit' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Night Owls', 'Red Foxes']);
    await userEvent.click(screen.getByRole('option', { name: 'Red Foxes' }));
    await waitFor(() =>
      expect(calls.findLast((call) => call.path === '/scrim-posts')?.query).toBe(`region=NA&fitsTeamId=${FOXES}`),
    );
    // Another region's board: that region's team.
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(screen.getByRole('option', { name: 'EUW' }));
    await waitFor(() =>
      expect(calls.findLast((call) => call.path === '/scrim-posts')?.query).toBe(`region=EUW&fitsTeamId=${EUW_TEAM}`),
    );
    expect(screen.getByText('Posts that want a team of Euro Stars’s rank')).toBeInTheDocument();
  });

  it('offers no "fits my team" to a player on no team of the region', async () => {
    renderBoard({ captain: null, rows: [post(card(FOXES, 'Red Foxes', 'FOX'))] });
    await screen.findByRole('article', { name: /^Scrim post of Red Foxes, / });
    expect(screen.queryByRole('switch', { name: 'Fits my team' })).toBeNull();
  });

  it("a captain takes their team's post down after a confirm", async () => {
    const calls = renderBoard({
      captain: true,
      rows: [post(card(OWLS, 'Night Owls', 'NOWL'), { requestCount: 0 })],
      more: {
        [`GET /scrim-posts/${POST}/requests`]: { requests: [] },
        [`DELETE /scrim-posts/${POST}`]: () => ({ status: 204, body: null }),
      },
    });
    const article = await screen.findByRole('article', { name: /^Scrim post of Night Owls/ });
    await userEvent.click(await within(article).findByRole('button', { name: 'Take down' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take this post down?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Take down' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'DELETE', path: `/scrim-posts/${POST}` });
  });

  it('loads the next page by its cursor', async () => {
    const foxes = card(FOXES, 'Red Foxes', 'FOX');
    const calls = renderBoard({
      captain: false,
      rows: [],
      more: {
        'GET /scrim-posts': () => {
          const query = new URLSearchParams(calls.at(-1)?.query);
          return query.get('cursor') === 'page-2'
            ? {
                body: { rows: [post(foxes, { _id: `${POST.slice(0, -2)}c2`, note: 'Second page' })], nextCursor: null },
              }
            : { body: { rows: [post(foxes)], nextCursor: 'page-2' } };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
