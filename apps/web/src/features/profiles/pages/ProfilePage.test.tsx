import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_STATS_TEXTS,
  computeStats,
  type ParticipatedScrimsResponse,
  type ProfileScrim,
  type UserProfile,
} from '@scrim-gym/shared';
import { RequireUser } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ProfilePage } from './ProfilePage';
import { withFakeSocket } from '../../../test/socket';

/** A fake socket: the test pushes `getUsers` to whoever listens. */
const socket = (() => {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    emitted: [] as Array<[string, unknown]>,
    on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
    off: (event: string) => listeners.delete(event),
    disconnect: () => {},
    emit(event: string, payload: unknown) {
      this.emitted.push([event, payload]);
    },
    io: { on: () => {}, off: () => {} },
  };
})();
withFakeSocket(socket);
// The charts have their own test (charts/ProfileCharts.test.tsx); recharts cannot measure anything in jsdom.
vi.mock('../charts/ProfileCharts', () => ({
  ProfileCharts: ({ stats }: { stats: { userWinrate: number } }) => <p>charts: {stats.userWinrate}%</p>,
}));
const openChat = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/open-chat', () => ({ requestOpenChat: openChat }));

const OWNER_ID = '00000000-0000-4000-8000-0000000000aa';
const VIEWER_ID = '00000000-0000-4000-8000-000000000001';

const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  _id: OWNER_ID,
  name: 'Pentakill Pete',
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 4',
  discord: 'pentakill_pete#1010',
  isAdmin: false,
  isDonator: false,
  profileBackgroundImg: 'Summoners Rift',
  profileBackgroundBlur: '20',
  createdAt: '2026-01-01T00:00:00.000Z',
  verified: false,
  rankSource: 'self',
  friendsCount: 2,
  ...overrides,
});

const scrim = (overrides: Partial<ProfileScrim> = {}): ProfileScrim => ({
  _id: `s-${Math.random().toString(36).slice(2)}`,
  title: 'Weekly Inhouse #1',
  region: 'NA',
  gameStartTime: new Date(2026, 0, 5, 20, 7).toISOString(),
  isPrivate: false,
  teamWon: 'teamOne',
  abandoned: false,
  playersCount: 10,
  participation: 'player',
  team: 'teamOne',
  role: 'Mid',
  isLobbyHost: false,
  result: 'won',
  ...overrides,
});

const STATS = computeStats({ wins: 16, losses: 9, casts: 7 });
const participated = (
  scrims: ProfileScrim[] = [scrim()],
  nextCursor: string | null = null,
): ParticipatedScrimsResponse => ({
  scrims,
  nextCursor,
  total: scrims.length,
  stats: STATS,
});

interface Setup {
  viewer?: Parameters<typeof testUser>[0];
  target?: Partial<UserProfile>;
  friendStatus?: 'none' | 'sent' | 'received' | 'friends' | 'self';
  path?: string;
  extra?: Parameters<typeof stubApi>[0];
}

function renderProfile({ viewer = {}, target = {}, friendStatus = 'none', path, extra = {} }: Setup = {}) {
  const user = testUser(viewer);
  const shown = profile(target);
  const calls = stubApi({
    'GET /auth/session': { token: 't', user, identity: null },
    [`GET /users/${encodeURIComponent(shown.name)}`]: shown,
    [`GET /users/${shown._id}/scrims`]: participated(),
    [`GET /users/${shown._id}/created-scrims`]: {
      scrims: [scrim({ title: 'Made By Me', result: null, participation: null, role: null, team: null })],
      nextCursor: null,
      total: 1,
    },
    [`GET /users/${shown._id}/activity`]: {
      from: '2026-05-23',
      to: '2026-11-22',
      timeZone: 'UTC',
      bucket: 'week',
      points: [{ start: '2026-05-18', played: 2, casted: 1 }],
    },
    'GET /riot/summoner': { profileIconId: 29, summonerLevel: 0, rankedData: [], fallback: true },
    'GET /riot/ddragon-version': { version: '14.24.1' },
    [`GET /friend-requests/check-friend-request-sent/${shown._id}`]: {
      status: friendStatus,
      friendRequestSent: friendStatus === 'sent',
    },
    ...extra,
  });
  renderAt(
    path ?? `/users/${encodeURIComponent(shown.name)}?region=NA&tagline=NA1`,
    '/users/:name',
    <RequireUser>
      <ProfilePage />
    </RequireUser>,
  );
  return { calls, user, shown };
}

const requestsTo = (prefix: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url, init]) => ({ url: String(url), method: (init as RequestInit | undefined)?.method ?? 'GET' }))
    .filter((c) => c.url.startsWith(`/api${prefix}`));

// Whole-page renders with MUI and user-event: generous under a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  socket.listeners.clear();
  socket.emitted.length = 0;
  openChat.mockReset();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('User profile', () => {
  it('shows the player, their level from the stats formula, and the lists with dates as MM/DD/yyyy hh:mm A', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pentakill Pete' })).toBeInTheDocument();
    expect(screen.getByText('#NA1')).toBeInTheDocument();
    expect(screen.getByText('Gold 4')).toBeInTheDocument();
    expect(await screen.findByTestId('user-level')).toHaveTextContent('Level 6');
    expect(screen.getByTestId('exp-progress')).toHaveTextContent('9.5 / 10 EXP');
    expect(screen.getByTestId('friends-count')).toHaveTextContent('2');
    expect(await screen.findByText('charts: 64%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /summoner stats on op\.gg/ })).toHaveAttribute(
      'href',
      'https://op.gg/lol/summoners/na/Pentakill%20Pete-NA1',
    );
    const list = screen.getByRole('region', { name: /Scrims Participated In/ });
    expect(within(list).getByRole('link', { name: 'Weekly Inhouse #1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/scrims\//),
    );
    expect(within(list).getByText(/01\/05\/2026 08:07 PM/)).toBeInTheDocument();
    expect(within(list).getByText('Won')).toBeInTheDocument();
    // Someone else's profile, not an admin: no created list, no ban button.
    expect(screen.queryByRole('region', { name: /Created Scrims/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban This User' })).not.toBeInTheDocument();
    expect(requestsTo('/users/').some((c) => c.url.includes('created-scrims'))).toBe(false);
  });

  it('marks a result not confirmed yet as pending or disputed in the list, never Won or Lost', async () => {
    renderProfile({
      extra: {
        [`GET /users/${OWNER_ID}/scrims`]: participated([
          scrim({ title: 'Reported', result: 'pending' }),
          scrim({ title: 'Contested', result: 'disputed', teamWon: 'teamTwo' }),
        ]),
      },
    });
    const list = await screen.findByRole('region', { name: /Scrims Participated In/ });
    expect(await within(list).findByText('Result pending')).toBeInTheDocument();
    expect(within(list).getByText('Result disputed')).toBeInTheDocument();
    expect(within(list).queryByText(/^(Won|Lost)$/)).not.toBeInTheDocument();
  });

  it("alerts 'User {name} was not found in {region}' and goes home", async () => {
    stubApi({
      'GET /auth/session': { token: 't', user: testUser(), identity: null },
      'GET /users/Ghost': () => ({
        status: 404,
        body: { error: 'User Ghost was not found in EUW', code: 'USER_NOT_FOUND' },
      }),
    });
    renderAt('/users/Ghost?region=EUW', '/users/:name', <ProfilePage />);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByText('User Ghost was not found in EUW')).toBeInTheDocument();
  });

  it('shows the donator and verified-admin badges', async () => {
    renderProfile({ target: { isDonator: true, isAdmin: true } });
    expect(await screen.findByText(/helped keep this app alive!/)).toBeInTheDocument();
    expect(screen.getByText('Verified admin')).toBeInTheDocument();
  });

  it("shows 'Last seen' from the profile, then the live presence from the socket", async () => {
    renderProfile({ target: { lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString() } });
    expect(await screen.findByText('Last seen 5 minutes ago')).toBeInTheDocument();
    await waitFor(() => expect(socket.emitted).toContainEqual(['watchPresence', { userIds: [OWNER_ID] }]));
    socket.listeners.get('getUsers')!([{ _id: OWNER_ID, isOnline: true, lastSeenAt: null }]);
    expect(await screen.findByText('Online')).toBeInTheDocument();
  });

  it('truncates name, tagline and discord on screens of 630 px and more', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('630'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderProfile({ target: { summonerTagline: 'FLASH' } });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Pentakill P…');
    expect(heading).toHaveAttribute('title', 'Pentakill Pete');
    expect(screen.getByText('#FLA…')).toBeInTheDocument();
    expect(screen.getByText(/pentakill…/)).toBeInTheDocument();
  });

  it('asks the server for another filter and sort of the participated list', async () => {
    const user = userEvent.setup();
    renderProfile();
    const list = await screen.findByRole('region', { name: /Scrims Participated In/ });
    await user.click(within(list).getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'Lobby Captain Games' }));
    await waitFor(() => expect(requestsTo(`/users/${OWNER_ID}/scrims?filter=captain&sort=desc`)).toHaveLength(1));
    await user.click(within(list).getByRole('button', { name: /Sort by date: Newest first/ }));
    await waitFor(() => expect(requestsTo(`/users/${OWNER_ID}/scrims?filter=captain&sort=asc`)).toHaveLength(1));
  });
});

describe('the friend button', () => {
  it("sends a request: 'Friend request sent to {name}!'", async () => {
    const user = userEvent.setup();
    const { calls } = renderProfile({
      extra: {
        [`POST /friend-requests/send-friend-request/${OWNER_ID}/${VIEWER_ID}`]: {
          newFriendRequest: null,
          newNotification: null,
          status: 'sent',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send Friend Request' }));
    expect(await screen.findByText('Friend request sent to Pentakill Pete!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/${OWNER_ID}/${VIEWER_ID}`))).toBe(true);
  });

  it("is disabled as 'Friend Request Sent' while the request waits", async () => {
    renderProfile({ friendStatus: 'sent' });
    expect(await screen.findByRole('button', { name: 'Friend Request Sent' })).toBeDisabled();
  });

  it("unfriends after a confirm: 'Unfriended {name}'", async () => {
    const user = userEvent.setup();
    const { calls } = renderProfile({
      friendStatus: 'friends',
      extra: { 'POST /friends/unfriend-user': { userFriends: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Unfriend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to unfriend Pentakill Pete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unfriend' }));
    expect(await screen.findByText('Unfriended Pentakill Pete')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/friends/unfriend-user')?.body).toEqual({ friendUserId: OWNER_ID });
  });
});

describe('the friends dialog ("{name}\'s Friends")', () => {
  const friend = {
    _id: '00000000-0000-4000-8000-0000000000bb',
    name: 'Jungle Diff',
    summonerTagline: 'NA1',
    region: 'NA',
    rank: 'Platinum 1',
  };

  it("lists someone's friends without message buttons", async () => {
    const user = userEvent.setup();
    renderProfile({ extra: { [`GET /friends/user-friends/${OWNER_ID}`]: { friends: [friend] } } });
    await user.click(await screen.findByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: "Pentakill Pete's Friends" });
    expect(await within(dialog).findByRole('link', { name: 'Jungle Diff' })).toHaveAttribute(
      'href',
      '/users/Jungle%20Diff?region=NA&tagline=NA1',
    );
    expect(within(dialog).queryByRole('button', { name: /Message|conversation/ })).not.toBeInTheDocument();
  });

  it("opens on the own profile from the drawer's My Friends, with a message button per friend", async () => {
    const user = userEvent.setup();
    renderProfile({
      viewer: { _id: OWNER_ID, name: 'Pentakill Pete' },
      path: '/users/Pentakill%20Pete?region=NA&tagline=NA1&friends=1',
      extra: {
        [`GET /friends/user-friends/${OWNER_ID}`]: { friends: [friend] },
        'GET /conversations/user': [],
      },
    });
    const dialog = await screen.findByRole('dialog', { name: "Pentakill Pete's Friends" });
    await user.click(await within(dialog).findByRole('button', { name: 'Start a conversation with Jungle Diff' }));
    expect(openChat).toHaveBeenCalledWith({ userId: friend._id, name: 'Jungle Diff' });
  });

  it("says 'No friends found' when there are none", async () => {
    const user = userEvent.setup();
    renderProfile({ extra: { [`GET /friends/user-friends/${OWNER_ID}`]: { friends: [] } } });
    await user.click(await screen.findByRole('button', { name: 'View' }));
    expect(await screen.findByText('No friends found')).toBeInTheDocument();
  });
});

describe('own profile', () => {
  it("has the background pickers instead of the friend button: 'Profile background updated!'", async () => {
    const user = userEvent.setup();
    const owner = testUser({ _id: OWNER_ID, name: 'Pentakill Pete' });
    const { calls } = renderProfile({
      viewer: { _id: OWNER_ID, name: 'Pentakill Pete' },
      extra: {
        'PUT /auth/update-user': { token: 't', user: { ...owner, profileBackgroundImg: 'Thresh' } },
      },
    });
    expect(await screen.findByRole('region', { name: /Created Scrims/ })).toBeInTheDocument();
    expect(await screen.findByText('Made By Me')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Friend Request' })).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-background')).toHaveAttribute('src', expect.stringContaining('summoners-rift'));
    await user.click(screen.getByRole('combobox', { name: 'Background' }));
    await user.click(await screen.findByRole('option', { name: 'Thresh' }));
    expect(await screen.findByText('Profile background updated!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/update-user')?.body).toEqual({ profileBackgroundImg: 'Thresh' });
    await waitFor(() =>
      expect(screen.getByTestId('profile-background')).toHaveAttribute('src', expect.stringContaining('thresh')),
    );
    await user.click(screen.getByRole('combobox', { name: 'Blur' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Min', 'Low', 'Medium', 'Ultra', 'Max']);
  });
});

describe('admin ban and unban', () => {
  const noBan = { isActive: false, dateFrom: null, dateTo: null, reason: null, _bannedBy: null };

  it('bans with the form: today, tomorrow, a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderProfile({
      viewer: { isAdmin: true },
      target: { currentBan: noBan },
      extra: {
        'POST /admin/banUser': { success: true, message: 'ok', _id: 'b', dateFrom: '', dateTo: '', _bannedBy: '' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ban This User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Pentakill Pete' });
    const from = within(dialog).getByLabelText(/Date From/) as HTMLInputElement;
    const to = within(dialog).getByLabelText(/Date To/) as HTMLInputElement;
    const today = new Date();
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(from.value).toBe(iso(today));
    expect(to.value).toBe(iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1)));
    // Without a reason nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Reason is empty!')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/banUser')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), 'flaming in chat');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('User banned successfully')).toBeInTheDocument();
    const body = calls.find((c) => c.path === '/admin/banUser')!.body as Record<string, string>;
    expect(body).toMatchObject({ banUserId: OWNER_ID, reason: 'flaming in chat' });
    expect(Date.parse(body.dateTo!)).toBeGreaterThan(Date.parse(body.dateFrom!));
  });

  it("shows 'Unban This User' while a ban is active: 'User unbanned successfully'", async () => {
    const user = userEvent.setup();
    const { calls } = renderProfile({
      viewer: { isAdmin: true },
      target: {
        currentBan: {
          isActive: true,
          dateFrom: '2026-01-01T00:00:00Z',
          dateTo: '2099-01-01T00:00:00Z',
          reason: 'afk',
          _bannedBy: null,
        },
      },
      extra: { 'POST /admin/unbanUser': { success: true, message: 'ok' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Unban This User' }));
    expect(await screen.findByText('User unbanned successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/unbanUser')?.body).toEqual({ bannedUserId: OWNER_ID });
  });

  it('offers no ban button on an admin', async () => {
    renderProfile({ viewer: { isAdmin: true }, target: { isAdmin: true, currentBan: noBan } });
    expect(await screen.findByRole('button', { name: 'Send Friend Request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban This User' })).not.toBeInTheDocument();
    // An admin sees the created list on any profile.
    expect(screen.getByRole('region', { name: /Created Scrims/ })).toBeInTheDocument();
  });
});

describe('profiles: nothing looks unfinished', () => {
  it('shows no summoner level badge when Riot gave no level (no stray "0" beside the level)', async () => {
    renderProfile();
    expect(await screen.findByTestId('user-level')).toHaveTextContent('Level 6');
    expect(screen.queryByLabelText(/Summoner level/i)).not.toBeInTheDocument();
  });

  it("shows Riot's summoner level when there is one", async () => {
    renderProfile({
      extra: { 'GET /riot/summoner': { profileIconId: 7, summonerLevel: 312, rankedData: [], fallback: false } },
    });
    expect(await screen.findByLabelText(/Summoner level/i)).toHaveTextContent('312');
  });

  it("offers 'Message' on a friend's profile, which opens the direct chat with them", async () => {
    renderProfile({ friendStatus: 'friends' });
    await userEvent.click(await screen.findByRole('button', { name: 'Message Pentakill Pete' }));
    expect(openChat).toHaveBeenCalledWith({ userId: OWNER_ID, name: 'Pentakill Pete' });
  });

  it('offers no Message button to someone who is not a friend', async () => {
    renderProfile({ friendStatus: 'none' });
    expect(await screen.findByRole('button', { name: 'Send Friend Request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument();
  });

  it('follows friendshipChanged live: accepted, then unfriended by the other user, without a reload', async () => {
    const { calls } = renderProfile({ friendStatus: 'sent' });
    expect(await screen.findByRole('button', { name: 'Friend Request Sent' })).toBeDisabled();
    await waitFor(() => expect(socket.listeners.has('friendshipChanged')).toBe(true));
    const profileReads = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/users/Pentakill')).length;
    const before = profileReads();

    socket.listeners.get('friendshipChanged')!({ userId: OWNER_ID, status: 'friends' });
    expect(await screen.findByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Pentakill Pete' })).toBeInTheDocument();
    // The friends count is read again.
    await waitFor(() => expect(profileReads()).toBeGreaterThan(before));

    socket.listeners.get('friendshipChanged')!({ userId: OWNER_ID, status: 'none' });
    expect(await screen.findByRole('button', { name: 'Send Friend Request' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument();
  });
});

describe('the draft section', () => {
  const DRAFTED = {
    games: 4,
    firstPick: { games: 3, wins: 2 },
    secondPick: { games: 1, wins: 0 },
    champions: [
      { champion: 'Ahri', games: 3, wins: 2 },
      { champion: 'MonkeyKing', games: 1, wins: 0 },
    ],
  };

  it('shows the drafted games: wins from each side of the draft and per champion, with icons', async () => {
    renderProfile({ extra: { [`GET /users/${OWNER_ID}/draft-stats`]: DRAFTED } });
    const section = await screen.findByRole('region', { name: DRAFT_STATS_TEXTS.title });
    expect(within(section).getByText(DRAFT_STATS_TEXTS.gamesDrafted(4))).toHaveTextContent('4 drafted games');
    const sides = within(section).getAllByTestId('draft-side-row');
    expect(sides.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      [DRAFT_STATS_TEXTS.firstPick, '3', '2', '67%'],
      [DRAFT_STATS_TEXTS.secondPick, '1', '0', '0%'],
    ]);
    const champions = within(section).getAllByTestId('draft-champion-row');
    expect(champions.map((row) => [...row.children].slice(1).map((cell) => cell.textContent))).toEqual([
      ['3', '2', '67%'],
      ['1', '0', '0%'],
    ]);
    expect(within(champions[0]!).getByRole('img', { name: 'Ahri' })).toHaveAttribute(
      'src',
      'https://ddragon.leagueoflegends.com/cdn/14.24.1/img/champion/Ahri.png',
    );
  });
});
