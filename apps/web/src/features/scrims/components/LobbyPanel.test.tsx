import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim, ScrimPlayer } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';
import { hoursFromNow, makeScrim, playerRating, players, scrimUser } from '../test/scrim-factory';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser();
const ADMIN = testUser({ isAdmin: true });
const meIn = (team: 'teamOne' | 'teamTwo', role: ScrimPlayer['role']): ScrimPlayer => ({
  _user: scrimUser(0, { _id: ME._id, name: ME.name }),
  role,
  team: { name: team },
  rating: playerRating,
});
const LOBBY = { lobbyName: 'Newcomer Test Scrim Friday Night Lobby', lobbyPassword: 'k7Pq2xWz' };

/** Ten players, ME as teamOne Top, started 10 minutes ago. */
function fullWithMe(overrides: Partial<Scrim> = {}): Scrim {
  const ten = players(10);
  return makeScrim({
    teamOne: [meIn('teamOne', 'Top'), ...ten.teamOne.slice(1)],
    teamTwo: ten.teamTwo,
    gameStartTime: hoursFromNow(-1 / 6),
    lobbyHost: scrimUser(7),
    ...LOBBY,
    ...overrides,
  });
}

function renderScrim(
  scrim: Scrim,
  {
    user = ME,
    tournamentCodes = false,
    handlers = {},
  }: { user?: typeof ME; tournamentCodes?: boolean; handlers?: Record<string, unknown> } = {},
) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user, identity: null },
    'GET /auth/providers': { providers: [], devLogin: true, tournamentCodes },
    [`GET /scrims/${scrim._id}`]: scrim,
    ...handlers,
  });
  renderAt(`/scrims/${scrim._id}`, '/scrims/:id', <ScrimDetailPage />);
  return calls;
}

const panel = () => screen.findByRole('region', { name: /Lobby ready|Result/ });

describe('the pinned lobby panel', () => {
  it('shows a player the whole lobby name, the password, the host and the captain once started and full', async () => {
    renderScrim(fullWithMe());
    const box = within(await panel());
    expect(box.getByRole('heading', { name: 'Lobby ready' })).toBeInTheDocument();
    expect(box.getByRole('button', { name: `Lobby Name ${LOBBY.lobbyName}` })).toHaveTextContent(LOBBY.lobbyName);
    expect(box.getByRole('button', { name: `Password ${LOBBY.lobbyPassword}` })).toBeInTheDocument();
    expect(box.getByText('Creator')).toBeInTheDocument();
    expect(box.getByText('Player 7#NA1')).toBeInTheDocument();
    // Not the captain: no captain line, no winner buttons.
    expect(box.queryByText(/You're the captain/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /won$/ })).not.toBeInTheDocument();
    // The centre box does not repeat the lobby.
    expect(screen.getAllByRole('button', { name: /^Password / })).toHaveLength(1);
  });

  it('without a Riot API key never says a code is being generated, even with the option on', async () => {
    renderScrim(fullWithMe({ useTournamentCode: true }));
    await panel();
    expect(screen.getByRole('button', { name: `Password ${LOBBY.lobbyPassword}` })).toBeInTheDocument();
    expect(screen.queryByText('Generating Tournament Code...')).not.toBeInTheDocument();
  });

  it('with a key: the password at once and "Generating Tournament Code..." beside it; a code is shown with it', async () => {
    renderScrim(fullWithMe({ useTournamentCode: true }), { tournamentCodes: true });
    const box = within(await panel());
    expect(box.getByRole('button', { name: `Password ${LOBBY.lobbyPassword}` })).toBeInTheDocument();
    expect(await box.findByText('Generating Tournament Code...')).toBeInTheDocument();
  });

  it('shows the tournament code beside the password when there is one', async () => {
    const riotTournament = {
      tournamentCode: 'NA04-CODE',
      providerId: 1,
      tournamentId: 2,
      setupCompleted: true,
      lobbyCreated: false,
      lastError: null,
      participants: null,
    };
    renderScrim(fullWithMe({ useTournamentCode: true, riotTournament }), { tournamentCodes: true });
    const box = within(await panel());
    expect(box.getByRole('button', { name: 'Tournament Code NA04-CODE' })).toBeInTheDocument();
    expect(box.getByRole('button', { name: `Password ${LOBBY.lobbyPassword}` })).toBeInTheDocument();
  });

  describe("the code's players follow the roster", () => {
    const withCode = (participants: NonNullable<Scrim['riotTournament']>['participants']) =>
      fullWithMe({
        useTournamentCode: true,
        riotTournament: {
          tournamentCode: 'NA04-CODE',
          providerId: 1,
          tournamentId: 2,
          setupCompleted: true,
          lobbyCreated: false,
          lastError: null,
          participants,
        },
      });
    const eight = scrimUser(8);

    it('tells a player Riot does not know to link or refresh their account, and that the update is pending', async () => {
      renderScrim(withCode({ state: 'pending', cannotJoin: [ME._id, eight._id], updatedAt: null }), {
        tournamentCodes: true,
      });
      const box = within(await panel());
      expect(box.getByText("Updating the Riot lobby's players…")).toBeInTheDocument();
      expect(box.getByText(/Riot does not know your account.*link or refresh your Riot account/)).toBeInTheDocument();
      // Another player's account is the scrim's runners' business, not theirs.
      expect(box.queryByText(/Player 8#NA1/)).not.toBeInTheDocument();
    });

    it("shows an admin who cannot join and that Riot's refusal is being retried", async () => {
      renderScrim(withCode({ state: 'retrying', cannotJoin: [eight._id], updatedAt: null }), {
        user: ADMIN,
        tournamentCodes: true,
      });
      const box = within(await panel());
      expect(box.getByText('Riot refused the update; retrying')).toBeInTheDocument();
      expect(box.getByText(/Not on the code's list .*: Player 8#NA1\./)).toBeInTheDocument();
    });

    it('says nothing while the code lets in everyone seated', async () => {
      renderScrim(withCode({ state: 'current', cannotJoin: [], updatedAt: new Date().toISOString() }), {
        tournamentCodes: true,
      });
      const box = within(await panel());
      expect(box.getByRole('button', { name: 'Tournament Code NA04-CODE' })).toBeInTheDocument();
      expect(screen.queryByTestId('code-players')).not.toBeInTheDocument();
    });
  });

  it('tells the captain plainly and puts the winner buttons in the panel', async () => {
    const calls = renderScrim(fullWithMe({ lobbyHost: scrimUser(0, { _id: ME._id, name: ME.name }) }), {
      handlers: {
        [`PATCH /scrims/00000000-0000-4000-8000-000000000001/set-winner`]: fullWithMe({ teamWon: 'teamOne' }),
      },
    });
    const box = within(await panel());
    expect(box.getByText("You're the captain: create the lobby, then report the winner here")).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'Team One (Blue Side) won' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/set-winner'))).toBe(true));
    // The winner buttons are only in the panel.
    expect(screen.queryAllByRole('button', { name: /^Team Two \(Red Side\) won$/ }).length).toBeLessThanOrEqual(1);
  });

  it('no panel and no winner buttons before the start, or while a team is short', async () => {
    renderScrim(fullWithMe({ gameStartTime: hoursFromNow(1) }), { user: ADMIN });
    expect(await screen.findByText('Game starting in...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lobby ready' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('after a leave since the start (nine left, still ready): the lobby stays, no "WAITING FOR PLAYERS"', async () => {
    const scrim = fullWithMe();
    renderScrim({ ...scrim, teamTwo: scrim.teamTwo.slice(1), lobbyReady: true, status: 'live' });
    const box = within(await panel());
    expect(box.getByRole('button', { name: `Password ${LOBBY.lobbyPassword}` })).toBeInTheDocument();
    expect(screen.getByText('GAME READY')).toBeInTheDocument();
    expect(screen.queryByText('WAITING FOR PLAYERS')).not.toBeInTheDocument();
    expect(screen.queryByText(/Not enough players/)).not.toBeInTheDocument();
  });

  it('no winner buttons for an admin while a team is short', async () => {
    renderScrim(makeScrim({ ...players(9), gameStartTime: hoursFromNow(-0.2), ...LOBBY }), { user: ADMIN });
    expect(await screen.findByText('WAITING FOR PLAYERS')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /won$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lobby ready' })).not.toBeInTheDocument();
  });

  it('after the result: the outcome and my EXP and level change, as the profile counts them', async () => {
    // teamTwo won: I (teamOne) lost. The profile's stats count this game: 3 wins + 1 loss = 9.5 EXP.
    renderScrim(fullWithMe({ teamWon: 'teamTwo' }), {
      handlers: {
        [`GET /users/${ME._id}/scrims`]: {
          scrims: [],
          nextCursor: null,
          total: 4,
          stats: { userWins: 3, userLosses: 1, userGamesCastedCount: 0 },
        },
      },
    });
    const box = within(await panel());
    expect(box.getByText('Team Two (Red Side) won')).toBeInTheDocument();
    expect(box.getByText('Defeat')).toBeInTheDocument();
    expect(box.getByText('+0.5 EXP')).toBeInTheDocument();
    expect(await box.findByText('Level 1 · 9.5/10 EXP')).toBeInTheDocument();
  });

  it("a captain's report waiting for the other team shows its state, not the outcome", async () => {
    const reported = {
      status: 'pending' as const,
      source: 'captain' as const,
      reportedBy: scrimUser(7)._id,
      reportedAt: hoursFromNow(-0.05),
      confirmedAt: null,
      confirmBy: hoursFromNow(0.4),
      dispute: null,
      unrated: null,
      confirmedBy: null,
      evidence: null,
    };
    renderScrim(fullWithMe({ teamWon: 'teamTwo', result: reported }));
    const box = within(await panel());
    expect(box.getByText('Result pending: Team Two (Red Side) reported a win')).toBeInTheDocument();
    expect(box.queryByText('Team Two (Red Side) won')).not.toBeInTheDocument();
    expect(box.getByRole('status')).toHaveTextContent(/confirms itself/);
    expect(box.queryByText('Defeat')).not.toBeInTheDocument();
    expect(box.queryByText(/EXP/)).not.toBeInTheDocument();
  });

  it('a win that crosses a level says so', async () => {
    renderScrim(fullWithMe({ teamWon: 'teamOne' }), {
      handlers: {
        [`GET /users/${ME._id}/scrims`]: {
          scrims: [],
          nextCursor: null,
          total: 4,
          stats: { userWins: 4, userLosses: 0, userGamesCastedCount: 0 },
        },
      },
    });
    const box = within(await panel());
    expect(box.getByText('Victory')).toBeInTheDocument();
    expect(box.getByText('+3 EXP')).toBeInTheDocument();
    expect(await box.findByText('Level up! 1 → 2')).toBeInTheDocument();
  });
});

describe('actions that would fail are not offered', () => {
  it("'Regenerate Tournament Code' only on a server that makes codes", async () => {
    renderScrim(fullWithMe({ useTournamentCode: true }), { user: ADMIN });
    await panel();
    expect(screen.queryByRole('button', { name: 'Regenerate Tournament Code' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("'Regenerate Tournament Code' for an admin with a key", async () => {
    renderScrim(fullWithMe({ useTournamentCode: true }), { user: ADMIN, tournamentCodes: true });
    expect(await screen.findByRole('button', { name: 'Regenerate Tournament Code' })).toBeInTheDocument();
  });

  it('a player of the scrim gets no Join Cast', async () => {
    renderScrim(
      makeScrim({
        teamOne: [meIn('teamOne', 'Top')],
        isWithCasters: true,
        maxCastersAllowedCount: 2,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Leave this game' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Cast' })).not.toBeInTheDocument();
  });

  it('a caster gets "Switch to player" instead of Join, done in one call', async () => {
    const me = scrimUser(0, { _id: ME._id, name: ME.name });
    const scrim = makeScrim({ ...players(3), isWithCasters: true, maxCastersAllowedCount: 2, casters: [me] });
    const after = makeScrim({ ...players(3), isWithCasters: true, maxCastersAllowedCount: 2 });
    after.teamTwo = [meIn('teamTwo', 'Mid')];
    const calls = renderScrim(scrim, {
      handlers: { [`PATCH /scrims/${scrim._id}/insert-player/${ME._id}`]: after },
    });
    const button = await screen.findByRole('button', { name: 'Switch to player: Team Two (Red Side) as Mid' });
    expect(button).toHaveTextContent('Switch to player');
    expect(screen.queryByRole('button', { name: /^Join Team/ })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Leave this game' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        path: `/scrims/${scrim._id}/insert-player/${ME._id}`,
        body: { playerData: { role: 'Mid', team: { name: 'teamTwo' } }, leaveCast: true },
      }),
    ]);
  });
});
