import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, playerRating, players, scrimUser } from '../test/scrim-factory';
import { imageProblem } from './PostGameImage';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser();
const ADMIN = testUser({ isAdmin: true });
const meAsPlayer = (role: 'Top' | 'ADC' = 'Top') => ({
  _user: scrimUser(0, { _id: ME._id, name: ME.name }),
  role,
  team: { name: 'teamOne' as const },
  rating: playerRating,
});

const renderScrim = (scrim: Scrim, { user = ME, handlers = {} }: { user?: typeof ME; handlers?: object } = {}) =>
  renderScrimPage(scrim, user, handlers);

const team = (name: RegExp) => screen.getByRole('list', { name });

describe('an abandoned scrim (not full 30 minutes after its start)', () => {
  it('is labelled Abandoned, says why, and offers no join, cast or winner', async () => {
    const scrim = makeScrim({
      ...players(6),
      gameStartTime: hoursFromNow(-1),
      abandonedAt: hoursFromNow(-0.5),
      isWithCasters: true,
      maxCastersAllowedCount: 2,
    });
    renderScrim(scrim, { user: ADMIN });
    expect(await screen.findByText('Abandoned')).toBeInTheDocument();
    expect(screen.getByText('ABANDONED')).toBeInTheDocument();
    expect(
      screen.getByText('Only 6/10 players 30 minutes after the start: this scrim was closed and will not be played.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Kick|Leave|won$/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Please get/)).not.toBeInTheDocument();
  });
});

describe('slots: join, move, leave, kick', () => {
  it('offers Join on empty slots to a user who is not in the game', async () => {
    renderScrim(makeScrim(players(3)));
    expect(await screen.findByRole('button', { name: 'Join Team One (Blue Side) as ADC' })).toHaveTextContent('Join');
    expect(within(team(/Team Two/)).getAllByRole('button', { name: /^Join Team Two/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Kick|Leave/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Player 1/ })).toHaveAttribute(
      'href',
      '/users/Player%201?region=NA&tagline=NA1',
    );
  });

  it('offers Move to a player, and Leave on their own slot', async () => {
    const scrim = makeScrim({ teamOne: [meAsPlayer()], teamTwo: [] });
    const calls = renderScrim(scrim, {
      handlers: { [`PATCH /scrims/${scrim._id}/remove-player/${ME._id}`]: { ...scrim, teamOne: [] } },
    });
    expect(await screen.findByRole('button', { name: 'Move to Team Two (Red Side) as Mid' })).toHaveTextContent('Move');
    await userEvent.click(screen.getByRole('button', { name: 'Leave this game' }));
    // Leaving asks first, with an optional reason (LeaveSlotButton.test.tsx).
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('button', { name: 'Join Team One (Blue Side) as Top' })).toBeInTheDocument();
    expect(lastWrite(calls)).toMatchObject({ method: 'PATCH', path: `/scrims/${scrim._id}/remove-player/${ME._id}` });
  });

  it('joins a slot and shows the returned scrim', async () => {
    const scrim = makeScrim();
    const calls = renderScrim(scrim, {
      handlers: {
        [`PATCH /scrims/${scrim._id}/insert-player/${ME._id}`]: {
          ...scrim,
          teamTwo: [{ ...meAsPlayer('ADC'), team: { name: 'teamTwo' } }],
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Team Two (Red Side) as ADC' }));
    expect(await screen.findByRole('button', { name: 'Leave this game' })).toBeInTheDocument();
    expect(lastWrite(calls)!.body).toEqual({ playerData: { role: 'ADC', team: { name: 'teamTwo' } } });
  });

  it("ignores 'Player already exists in game…' on join, shows other errors and takes the scrim from the error body", async () => {
    const scrim = makeScrim();
    const taken = {
      ...scrim,
      teamOne: [
        { _user: scrimUser(7), role: 'Top' as const, team: { name: 'teamOne' as const }, rating: playerRating },
      ],
    };
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        error: 'Player already exists in game. Did you mean to move the player? use the /move-player endpoint instead.',
        code: 'ALREADY_PLAYER',
      },
    };
    renderScrim(scrim, { handlers: { [`PATCH /scrims/${scrim._id}/insert-player/${ME._id}`]: () => answer } });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Team One (Blue Side) as Top' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join Team One (Blue Side) as Top' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = {
      status: 409,
      body: { error: 'spot taken! spots available for Team One (Blue Side): Jungle', code: 'SPOT_TAKEN', scrim: taken },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Join Team One (Blue Side) as Top' }));
    expect(await screen.findByText('spot taken! spots available for Team One (Blue Side): Jungle')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Player 7/ })).toBeInTheDocument();
  });

  it('lets an admin kick after a confirm', async () => {
    const scrim = makeScrim(players(2));
    const calls = renderScrim(scrim, {
      user: ADMIN,
      handlers: {
        [`PATCH /scrims/${scrim._id}/remove-player/${scrimUser(1)._id}`]: { ...scrim, teamOne: scrim.teamOne.slice(1) },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Kick Player 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to kick Player 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    expect(await screen.findByText('Successfully kicked Player 1 from the game')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.path.endsWith(`remove-player/${scrimUser(1)._id}`))).toBe(true);
  });

  it('removes join, leave and kick once a winner is set, and names the winner', async () => {
    renderScrim(
      makeScrim({
        ...players(9),
        teamOne: [meAsPlayer(), ...players(9).teamOne.slice(1)],
        gameStartTime: hoursFromNow(-1),
        teamWon: 'teamOne',
      }),
      {
        user: { ...ME, isAdmin: true },
      },
    );
    expect(await screen.findByText('TEAM ONE (BLUE SIDE) WON!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Join|Move|Kick|Leave)/ })).not.toBeInTheDocument();
  });
});

describe('centre info box and banners', () => {
  it("counts down before the start: 'Game starting in...'", async () => {
    renderScrim(makeScrim({ gameStartTime: hoursFromNow(2) }));
    expect(await screen.findByText('Game starting in...')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^1h 59m \d\ds|^2h 00m 00s/);
    expect(screen.queryByRole('status', { name: /WAITING/ })).not.toBeInTheDocument();
  });

  it('asks for players after the start when a team is short', async () => {
    renderScrim(makeScrim({ ...players(6), gameStartTime: hoursFromNow(-0.5) }));
    expect(await screen.findByText('WAITING FOR PLAYERS')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Not enough players: 6/10. Please get 0 players in Team 1 and 4 in Team 2 to unlock lobby name and password',
      ),
    ).toBeInTheDocument();
  });

  it("shows GAME READY and the click-to-copy lobby name and password with the catalogue's messages", async () => {
    const user = userEvent.setup();
    renderScrim(
      makeScrim({
        ...players(10),
        gameStartTime: hoursFromNow(-0.5),
        lobbyName: 'Friday Lobby',
        lobbyPassword: 'Xy7pQ2mN',
      }),
    );
    expect(await screen.findByText('GAME READY')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lobby Name Friday Lobby' }));
    expect(await screen.findByText('Lobby name copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Friday Lobby');
    await user.click(screen.getByRole('button', { name: 'Password Xy7pQ2mN' }));
    expect(await screen.findByText('Password copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Xy7pQ2mN');
  });

  it('shows the tournament code with its steps, click to copy', async () => {
    const user = userEvent.setup();
    const riotTournament = {
      tournamentCode: 'NA04-TOURNEY',
      providerId: 1,
      tournamentId: 2,
      setupCompleted: true,
      lobbyCreated: false,
      lastError: null,
      participants: null,
    };
    renderScrim(
      makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.5), useTournamentCode: true, riotTournament }),
    );
    await user.click(await screen.findByRole('button', { name: 'Tournament Code NA04-TOURNEY' }));
    expect(
      await screen.findByText('Tournament code copied! Paste it in the League client to join.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Paste the code and join the lobby.')).toBeInTheDocument();
  });

  it('offers no tournament code nor its join steps once the result is in', async () => {
    const riotTournament = {
      tournamentCode: 'NA04-TOURNEY',
      providerId: 1,
      tournamentId: 2,
      setupCompleted: true,
      lobbyCreated: true,
      lastError: null,
      participants: null,
    };
    const played = { gameStartTime: hoursFromNow(-1), useTournamentCode: true, riotTournament, teamWon: 'teamOne' };
    renderScrim(makeScrim({ ...players(10), ...played, status: 'finished' } as Partial<Scrim>));
    expect(await screen.findByText('TEAM ONE (BLUE SIDE) WON!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tournament Code/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Paste the code and join the lobby.')).not.toBeInTheDocument();
  });

  it('tells a viewer without the lobby details who gets them', async () => {
    renderScrim(makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.5) }));
    expect(
      await screen.findByText("The lobby name and password are shown to this game's players and casters."),
    ).toBeInTheDocument();
  });
});

describe('clipboard and sharing', () => {
  it("copies the share link and a player's discord", async () => {
    const user = userEvent.setup();
    const scrim = makeScrim(players(1));
    renderScrim(scrim);
    await user.click(await screen.findByRole('button', { name: 'Copy share link' }));
    expect(await screen.findByText('copied game link to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/scrims/${scrim._id}`);
    await user.click(screen.getByRole('button', { name: 'Copy discord player1' }));
    expect(await screen.findByText('copied player discord (player1) to clipboard')).toBeInTheDocument();
  });
});

describe('winner and post-game image', () => {
  it("lets the lobby captain report the winner after a 'You cannot reverse this.' confirm", async () => {
    const scrim = makeScrim({
      ...players(10),
      gameStartTime: hoursFromNow(-1),
      lobbyHost: scrimUser(0, { _id: ME._id }),
    });
    const calls = renderScrim(scrim, {
      handlers: { [`PATCH /scrims/${scrim._id}/set-winner`]: { ...scrim, teamWon: 'teamTwo' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Team Two (Red Side) won' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Team Two (Red Side) as the winner?' });
    expect(within(dialog).getByText('You cannot reverse this.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('TEAM TWO (RED SIDE) WON!')).toBeInTheDocument();
    expect(lastWrite(calls)!.body).toEqual({ winnerTeamName: 'teamTwo' });
    expect(screen.queryByRole('button', { name: /won$/ })).not.toBeInTheDocument();
  });

  it('does not tell an admin "You cannot reverse this": they can, in the edit form', async () => {
    const scrim = makeScrim({ ...players(10), gameStartTime: hoursFromNow(-1) });
    renderScrim(scrim, { user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Team One (Blue Side) won' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Team One (Blue Side) as the winner?' });
    expect(dialog).not.toHaveTextContent(/cannot reverse/i);
    expect(dialog).toHaveTextContent('You can still change it later in the edit form.');
  });

  it('hides the winner buttons from other players and before the start', async () => {
    renderScrim(makeScrim({ ...players(10), gameStartTime: hoursFromNow(-1) }));
    expect(await screen.findByText('GAME READY')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /won$/ })).not.toBeInTheDocument();
  });

  it("checks the file's type and size with the catalogue's messages", () => {
    expect(imageProblem({ name: 'clip.gif', type: 'image/gif', size: 10 })).toBe(
      'File clip.gif is not an image! only images are allowed.',
    );
    expect(imageProblem({ name: 'big.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'File big.png is too big! max allowed size: 2 MB.',
    );
    expect(imageProblem({ name: 'ok.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
  });

  it('uploads an image after a confirm (captain), then offers View Image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const scrim = makeScrim({
      ...players(10),
      gameStartTime: hoursFromNow(-1),
      lobbyHost: scrimUser(0, { _id: ME._id }),
    });
    const calls = renderScrim(scrim, {
      handlers: {
        [`PATCH /scrims/${scrim._id}/add-image`]: {
          ...scrim,
          postGameImage: { location: `/api/scrims/${scrim._id}/image?v=1` },
        },
      },
    });
    await screen.findByRole('button', { name: 'Upload Image' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('File notes.txt is not an image! only images are allowed.')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'win #1.png', { type: 'image/png' });
    await user.upload(input, file);
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to upload this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('image uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View Image' })).toHaveAttribute(
      'href',
      `/api/scrims/${scrim._id}/image?v=1`,
    );
    expect(screen.queryByRole('button', { name: 'Upload Image' })).not.toBeInTheDocument();
    // The file itself is the body, as binary with its own type; its name is in the query. The upload is looked up
    // by method, as the lazy scoreboard's GET /match may land after it on a busy machine.
    const upload = calls.find((call) => call.method === 'PATCH');
    expect(upload).toMatchObject({
      method: 'PATCH',
      path: `/scrims/${scrim._id}/add-image`,
      query: 'fileName=win%20%231.png',
      headers: { 'content-type': 'image/png' },
    });
    expect(upload!.body).toBe(file);
  });

  it('lets an admin delete the image after a confirm', async () => {
    const scrim = makeScrim({ ...players(10), gameStartTime: hoursFromNow(-1), postGameImage: { location: '/api/x' } });
    renderScrim(scrim, {
      user: ADMIN,
      handlers: { [`PATCH /scrims/${scrim._id}/remove-image`]: { ...scrim, postGameImage: null } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this image?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Image' }));
    expect(await screen.findByText('image deleted successfully')).toBeInTheDocument();
  });
});

describe('casting', () => {
  it('offers Join Cast while there is room, Leave Cast to a caster', async () => {
    const scrim = makeScrim({ isWithCasters: true, maxCastersAllowedCount: 2, casters: [scrimUser(40)] });
    renderScrim(scrim, {
      handlers: {
        [`PATCH /scrims/${scrim._id}/insert-caster/${ME._id}`]: {
          ...scrim,
          casters: [scrimUser(40), scrimUser(0, { _id: ME._id, name: ME.name })],
        },
      },
    });
    expect(await screen.findByText('Casters (1/2):')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join Cast' }));
    expect(await screen.findByRole('button', { name: 'Leave Cast' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Cast' })).not.toBeInTheDocument();
  });
});

describe('detail page', () => {
  it('is titled after the scrim', async () => {
    renderScrim(makeScrim({ title: '' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Creator's Scrim" })).toBeInTheDocument();
    expect(document.title).toBe("Creator's Scrim");
  });

  it("goes to /scrims with 'Scrim not found!, redirecting to home' for a missing scrim", async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: ME, identity: null } });
    renderAt('/scrims/00000000-0000-4000-8000-00000000dead', '/scrims/:id', <ScrimDetailPage />);
    expect(await screen.findByText('scrims page')).toBeInTheDocument();
    expect(await screen.findByText('Scrim not found!, redirecting to home')).toBeInTheDocument();
  });

  it("goes to /scrims with 'Error finding scrim, redirecting to home' on other failures", async () => {
    stubApi({
      'GET /auth/session': { token: 't', user: ME, identity: null },
      'GET /scrims/x': () => ({ status: 500, body: {} }),
    });
    renderAt('/scrims/x', '/scrims/:id', <ScrimDetailPage />);
    expect(await screen.findByText('Error finding scrim, redirecting to home')).toBeInTheDocument();
  });
});
