import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES, MATCH_MESSAGES, type ScrimMatch, type ScrimMatchResponse } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { makeMatch } from '../test/match-factory';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, players, scrimUser } from '../test/scrim-factory';
import { withFakeSocket } from '../../../test/socket';

/** A fake socket: the test pushes server events to whoever listens. */
const socket = (() => {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    connected: true,
    emitted: [] as Array<[string, unknown]>,
    on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
    off: (event: string) => listeners.delete(event),
    disconnect: () => {},
    emit(event: string, payload: unknown) {
      this.emitted.push([event, payload]);
    },
  };
})();
withFakeSocket(socket);

vi.setConfig({ testTimeout: 20_000 });

const ME = testUser({ _id: scrimUser(7)._id, name: 'Player 7' });
/** Played an hour ago, Blue won, all ten in. */
const played = () => makeScrim({ ...players(10), gameStartTime: hoursFromNow(-1), teamWon: 'teamOne' });
const DDRAGON = { version: '14.24.1', baseUrl: 'http://dd.test/' };

const ready = (): ScrimMatchResponse => ({ status: 'ready', riotConfigured: true, match: makeMatch() });

function renderMatch(answer: ScrimMatchResponse | (() => ScrimMatchResponse), scrim = played()) {
  const calls = renderScrimPage(scrim, ME, {
    [`GET /scrims/${scrim._id}/match`]: typeof answer === 'function' ? () => ({ body: answer() }) : answer,
    'GET /riot/ddragon-version': DDRAGON,
  });
  return { calls, scrim, matchRequests: () => calls.filter((c) => c.path === `/scrims/${scrim._id}/match`) };
}

/** The window is `width` px wide for useMinWidth. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width:(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  socket.listeners.clear();
  socket.emitted.length = 0;
  viewport(1280);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const teamSection = (name: string) => screen.getByRole('region', { name });

describe('The scoreboard on the scrim page', () => {
  it('shows both teams side by side with links, a stranger unlinked, icons from the server’s Data Dragon and the MVP', async () => {
    renderMatch(ready());
    const board = await screen.findByRole('region', { name: MATCH_MESSAGES.scoreboardTitle });
    expect(within(board).getByText(/Duration 30:34/)).toHaveTextContent('Duration 30:34 · Patch 14.24');
    const blue = teamSection('Team One (Blue Side)');
    const red = teamSection('Team Two (Red Side)');
    // Side by side: no tabs at 1280 px, Blue first.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(blue.compareDocumentPosition(red) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(blue).getByText('Victory')).toBeInTheDocument();
    expect(within(red).getByText('Defeat')).toBeInTheDocument();
    expect(
      within(blue).getByText(/Towers 9 · Inhibitors 2 · Dragons 3 · Barons 1 · Heralds 1 · Grubs 6/),
    ).toBeVisible();
    expect(within(blue).getAllByTestId('scoreboard-player')).toHaveLength(5);
    expect(within(red).getAllByTestId('scoreboard-player')).toHaveLength(5);

    // A scrim player links to their profile; strangers show their Riot ID or "Not on Scrim Gym", unlinked.
    expect(within(blue).getByRole('link', { name: 'Player 2' })).toHaveAttribute(
      'href',
      '/users/Player%202?region=NA&tagline=NA1',
    );
    const wanderer = within(red).getByText('Wanderer#EUW');
    expect(wanderer.closest('a')).toBeNull();
    expect(wanderer).toHaveAttribute('title', MATCH_MESSAGES.stranger);
    expect(within(red).getByText(MATCH_MESSAGES.stranger).closest('a')).toBeNull();
    expect(within(red).getAllByRole('link')).toHaveLength(3);

    // The MVP: Player 2 (12/1/8, a third of Blue's damage), one badge, in their row.
    const badges = screen.getAllByTestId('mvp-badge');
    expect(badges).toHaveLength(1);
    const mvpRow = badges[0]!.closest('li')!;
    expect(within(mvpRow).getByRole('link', { name: 'Player 2' })).toBeInTheDocument();
    expect(within(mvpRow).getByText('12/1/8')).toBeInTheDocument();
    expect(within(mvpRow).getByText('20.00 KDA')).toBeInTheDocument();
    expect(within(mvpRow).getByText('214 CS')).toBeInTheDocument();
    expect(within(mvpRow).getByText('7.0/min')).toBeInTheDocument();
    expect(within(mvpRow).getByText('32.0k')).toBeInTheDocument();
    // 32k of Blue's 72k damage.
    expect(within(mvpRow).getByRole('img', { name: "44% of the team's damage" })).toBeInTheDocument();
    expect(within(mvpRow).getByTestId('damage-share')).toHaveStyle({ width: '44%' });

    // Every icon from the server's base URL; an unknown keystone is its name in text, not a broken image.
    const icon = (name: string) => within(mvpRow).getAllByRole('img', { name })[0]!;
    await waitFor(() =>
      expect(icon('LeeSin')).toHaveAttribute('src', 'http://dd.test/cdn/14.24.1/img/champion/LeeSin.png'),
    );
    expect(icon('Flash')).toHaveAttribute('src', 'http://dd.test/cdn/14.24.1/img/spell/SummonerFlash.png');
    expect(icon('Ignite')).toHaveAttribute('src', 'http://dd.test/cdn/14.24.1/img/spell/SummonerDot.png');
    expect(icon('Item 3031')).toHaveAttribute('src', 'http://dd.test/cdn/14.24.1/img/item/3031.png');
    expect(icon('Rune 9999').tagName).toBe('SPAN');
    expect(icon('Level 14')).toHaveTextContent('14');
    const other = within(blue).getAllByTestId('scoreboard-player')[0]!;
    expect(within(other).getByRole('img', { name: 'Conqueror' })).toHaveAttribute(
      'src',
      'http://dd.test/cdn/img/perk-images/Styles/Precision/Conqueror/Conqueror.png',
    );
    expect(within(blue).getByRole('img', { name: 'Yasuo' })).toHaveAttribute(
      'src',
      'http://dd.test/cdn/14.24.1/img/champion/Yasuo.png',
    );
    expect(within(blue).getByRole('img', { name: MATCH_MESSAGES.noBan }).tagName).toBe('SPAN');
  });

  it('says quietly when the game is being fetched, is unavailable, or needs tournament codes; nothing otherwise', async () => {
    const cases: Array<[ScrimMatchResponse, string | null]> = [
      [{ status: 'pending', riotConfigured: true }, MATCH_MESSAGES.statsPending],
      [{ status: 'failed', riotConfigured: true }, MATCH_MESSAGES.statsUnavailable],
      [{ status: 'none', riotConfigured: false }, MATCH_MESSAGES.statsComeWithCodes],
      [{ status: 'none', riotConfigured: true }, null],
    ];
    for (const [answer, text] of cases) {
      const { matchRequests } = renderMatch(answer);
      await screen.findByText('Friday Night Customs');
      await waitFor(() => expect(matchRequests()).toHaveLength(1));
      if (text) expect(await screen.findByText(text)).toBeInTheDocument();
      else {
        // Give the answer time to render: still nothing of the match.
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (const other of [
          MATCH_MESSAGES.statsPending,
          MATCH_MESSAGES.statsUnavailable,
          MATCH_MESSAGES.statsComeWithCodes,
        ])
          expect(screen.queryByText(other)).not.toBeInTheDocument();
      }
      expect(screen.queryByRole('region', { name: MATCH_MESSAGES.scoreboardTitle })).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('asks nothing for a scrim that has not started', async () => {
    const { matchRequests } = renderMatch(ready(), makeScrim({ ...players(10), gameStartTime: hoursFromNow(2) }));
    await screen.findByText('Friday Night Customs');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(matchRequests()).toHaveLength(0);
    expect(screen.queryByText(MATCH_MESSAGES.statsComeWithCodes)).not.toBeInTheDocument();
  });

  it("shows the scoreboard live when the socket says 'scrimMatch' for this scrim", async () => {
    let answer: ScrimMatchResponse = { status: 'pending', riotConfigured: true };
    const { matchRequests, scrim } = renderMatch(() => answer);
    expect(await screen.findByText(MATCH_MESSAGES.statsPending)).toBeInTheDocument();
    await waitFor(() => expect(socket.listeners.has('scrimMatch')).toBe(true));
    answer = ready();
    socket.listeners.get('scrimMatch')!({ scrimId: scrim._id, status: 'ready' });
    expect(await screen.findByRole('region', { name: MATCH_MESSAGES.scoreboardTitle })).toBeInTheDocument();
    expect(screen.queryByText(MATCH_MESSAGES.statsPending)).not.toBeInTheDocument();
    expect(matchRequests()).toHaveLength(2);
    // Another scrim's event asks nothing.
    socket.listeners.get('scrimMatch')!({ scrimId: 'another', status: 'failed' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(matchRequests()).toHaveLength(2);
  });

  it('shows one team at a time on a phone, the viewer’s first, with Blue/Red tabs', async () => {
    viewport(390);
    const user = userEvent.setup();
    renderMatch(ready());
    await screen.findByRole('region', { name: MATCH_MESSAGES.scoreboardTitle });
    // The viewer (Player 7) played Red: Red shows first.
    expect(screen.getByRole('tab', { name: 'Team Two (Red Side)' })).toHaveAttribute('aria-selected', 'true');
    expect(teamSection('Team Two (Red Side)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team One (Blue Side)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Team One (Blue Side)' }));
    expect(teamSection('Team One (Blue Side)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team Two (Red Side)' })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('link', { name: 'Player 2' }));
  });
});

describe("The scoreboard's check against the draft", () => {
  const withCheck = (draftCheck: ScrimMatch['draftCheck']): ScrimMatchResponse => ({
    status: 'ready',
    riotConfigured: true,
    match: makeMatch({ draftCheck }),
  });

  it('flags each champion played or banned that the draft did not have, by display name', async () => {
    renderMatch(
      withCheck({
        mismatches: [
          { action: 'pick', side: 'red', played: 'Ahri', drafted: 'Syndra' },
          { action: 'pick', side: 'blue', played: 'Viego', drafted: 'MonkeyKing' },
          { action: 'ban', side: 'blue', played: 'Zed', drafted: null },
          { action: 'ban', side: 'red', played: 'Jax', drafted: 'KSante' },
          { action: 'ban', side: 'red', played: null, drafted: 'Yone' },
        ],
        names: { Ahri: 'Ahri', Syndra: 'Syndra', Viego: 'Viego', MonkeyKing: 'Wukong', Zed: 'Zed', Jax: 'Jax' },
      }),
    );
    const flags = await screen.findByRole('region', { name: DRAFT_MESSAGES.draftCheckTitle });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Red played Ahri; the draft had Syndra',
      'Blue played Viego; the draft had Wukong',
      'Blue banned Zed; the draft had no ban',
      // A champion without a display name is shown by its key.
      'Red banned Jax; the draft had KSante',
      'Red made no ban; the draft had Yone',
    ]);
    // On the scoreboard, under its title.
    const board = screen.getByRole('region', { name: MATCH_MESSAGES.scoreboardTitle });
    expect(board).toContainElement(flags);
  });

  it('shows nothing for a game played as drafted, or a scrim without a finished draft', async () => {
    for (const draftCheck of [{ mismatches: [], names: {} }, null]) {
      renderMatch(withCheck(draftCheck));
      expect(await screen.findByRole('region', { name: MATCH_MESSAGES.scoreboardTitle })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: DRAFT_MESSAGES.draftCheckTitle })).not.toBeInTheDocument();
      cleanup();
    }
  });
});

describe('Attaching a match by id (admins)', () => {
  const ADMIN = testUser({ _id: scrimUser(60)._id, name: 'Admin', isAdmin: true });

  function renderAsAdmin(user: ReturnType<typeof testUser>, answer: ScrimMatchResponse, attach?: () => unknown) {
    const scrim = played();
    const calls = renderScrimPage(scrim, user, {
      [`GET /scrims/${scrim._id}/match`]: answer,
      'GET /riot/ddragon-version': DDRAGON,
      ...(attach && { [`POST /admin/scrims/${scrim._id}/attach-match`]: attach }),
    });
    return { calls, scrim };
  }

  it('sends the id, shows the server’s refusal under the field, then the scoreboard once attached', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls, scrim } = renderAsAdmin(ADMIN, { status: 'failed', riotConfigured: true }, () =>
      refuse
        ? {
            status: 422,
            body: { error: MATCH_MESSAGES.tooFewPlayers(6), code: 'MATCH_PLAYERS_MISMATCH' },
          }
        : { body: ready() },
    );
    const form = await screen.findByRole('form', { name: MATCH_MESSAGES.attachTitle });
    const field = within(form).getByRole('textbox', { name: MATCH_MESSAGES.attachLabel });
    const button = within(form).getByRole('button', { name: MATCH_MESSAGES.attachButton });
    expect(button).toBeDisabled();
    await user.type(field, ' na1_4812345678 ');
    await user.click(button);
    expect(await within(form).findByText(MATCH_MESSAGES.tooFewPlayers(6))).toBeInTheDocument();
    const posts = () =>
      calls.filter((c) => c.method === 'POST' && c.path === `/admin/scrims/${scrim._id}/attach-match`);
    expect(posts().map((c) => c.body)).toEqual([{ matchId: 'na1_4812345678' }]);

    refuse = false;
    await user.click(button);
    expect(await screen.findByRole('region', { name: MATCH_MESSAGES.scoreboardTitle })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: MATCH_MESSAGES.attachTitle })).not.toBeInTheDocument();
    expect(posts()).toHaveLength(2);
  });

  it('is not offered to players, nor without a Riot key, nor while Riot is being asked', async () => {
    const cases: Array<[ReturnType<typeof testUser>, ScrimMatchResponse, string]> = [
      [ME, { status: 'failed', riotConfigured: true }, MATCH_MESSAGES.statsUnavailable],
      [ADMIN, { status: 'none', riotConfigured: false }, MATCH_MESSAGES.statsComeWithCodes],
      [ADMIN, { status: 'pending', riotConfigured: true }, MATCH_MESSAGES.statsPending],
    ];
    for (const [user, answer, text] of cases) {
      renderAsAdmin(user, answer);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: MATCH_MESSAGES.attachTitle })).not.toBeInTheDocument();
      cleanup();
    }
  });
});
