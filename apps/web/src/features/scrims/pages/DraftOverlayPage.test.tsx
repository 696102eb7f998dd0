import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_TEXTS, type CurrentUser, type DraftState, type Scrim } from '@scrim-gym/shared';
import { renderAt, signedOut, stubApi, testUser } from '../../../test/render';
import { championHandlers, endsIn, makeDraft } from '../test/draft-factory';
import { makeScrim, players, scrimUser } from '../test/scrim-factory';
import { DraftOverlayPage } from './DraftOverlayPage';

vi.setConfig({ testTimeout: 20_000 });

const CASTER = testUser({ _id: scrimUser(40)._id, name: 'Caster' });

const seriesGame = (): Scrim =>
  makeScrim({
    ...players(10),
    draft: 'fearless',
    series: {
      _id: '00000000-0000-4000-8000-0000000000e1',
      gameNumber: 2,
      format: 'bo3',
      teams: [
        { _id: '00000000-0000-4000-8000-00000000aaaa', name: 'Night Owls', tag: 'NOWL' },
        { _id: '00000000-0000-4000-8000-00000000bbbb', name: 'Red Foxes', tag: 'FOX' },
      ],
      rosterIds: [],
    },
  });

const running = (scrim: Scrim, overrides: Partial<DraftState> = {}) =>
  makeDraft(scrim._id, {
    mode: 'fearless',
    status: 'running',
    version: 7,
    turn: { index: 7, side: 'red', action: 'pick', endsAt: endsIn(25) },
    ready: { blue: true, red: true },
    drafters: { blue: scrimUser(1)._id, red: scrimUser(6)._id },
    blue: { bans: ['Zed', null, 'Leona'], picks: [{ champion: 'MonkeyKing' }] },
    red: { bans: ['Jinx', 'Garen', 'Thresh'], picks: [{ champion: 'Kaisa' }] },
    unavailable: ['Syndra'],
    ...overrides,
  });

function renderOverlay(
  scrim: Scrim,
  draft: DraftState | (() => { status?: number; body: unknown }),
  session: CurrentUser | null = CASTER,
) {
  const calls = stubApi({
    'GET /auth/session': session ? { token: 't', user: session, identity: null } : signedOut,
    [`GET /scrims/${scrim._id}`]: scrim,
    [`GET /scrims/${scrim._id}/draft`]: draft,
    ...championHandlers,
  });
  renderAt(`/scrims/${scrim._id}/draft/overlay`, '/scrims/:id/draft/overlay', <DraftOverlayPage />);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the draft overlay', () => {
  it("shows each team's name, drafter, picks and bans, and the turn's clock, with no control", async () => {
    const scrim = seriesGame();
    renderOverlay(scrim, running(scrim));
    const blue = await screen.findByRole('region', { name: 'Night Owls' });
    const red = screen.getByRole('region', { name: 'Red Foxes' });
    expect(within(blue).getByRole('heading', { name: 'Night Owls' })).toBeInTheDocument();
    expect(within(blue).getByText('Drafter: Player 1')).toBeInTheDocument();
    expect(await within(blue).findByRole('listitem', { name: 'Blue pick 1: Wukong' })).toBeInTheDocument();
    expect(within(blue).getByRole('listitem', { name: 'Blue ban 2: No ban' })).toBeInTheDocument();
    expect(within(red).getByRole('listitem', { name: "Red pick 1: Kai'Sa" })).toBeInTheDocument();
    expect(within(red).getByRole('listitem', { name: 'Red pick 2: empty' })).toBeInTheDocument();
    expect(screen.getByText('Red picks')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /^2[45] seconds left$/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Wukong' })).toHaveAttribute(
      'src',
      'http://dd.test/cdn/14.24.1/img/champion/MonkeyKing.png',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(document.title).toBe(DRAFT_TEXTS.overlayTitle('Friday Night Customs'));
    // A stream sees through the page.
    expect(document.body.style.background).toBe('transparent');
  });

  it('names the sides Blue and Red in a pick-up scrim, and says when the draft is over', async () => {
    const scrim = makeScrim({ ...players(10), draft: 'tournament' });
    renderOverlay(scrim, running(scrim, { status: 'done', turn: undefined }));
    expect(await screen.findByRole('region', { name: 'Blue side' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Red side' })).toBeInTheDocument();
    expect(screen.getByText(DRAFT_TEXTS.done)).toBeInTheDocument();
  });

  it('reads the draft again every few seconds for a signed-out browser source', async () => {
    const scrim = makeScrim({ ...players(10), draft: 'tournament' });
    let version = 0;
    const calls = renderOverlay(scrim, () => ({ body: running(scrim, { version: ++version }) }), null);
    await screen.findByRole('region', { name: 'Blue side' });
    const reads = () => calls.filter((c) => c.path === `/scrims/${scrim._id}/draft`).length;
    const first = reads();
    await waitFor(() => expect(reads()).toBeGreaterThan(first), { timeout: 8000 });
  });

  it('says plainly when the draft cannot be shown', async () => {
    const scrim = makeScrim({ ...players(10), draft: 'tournament' });
    renderOverlay(scrim, () => ({ status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } }));
    expect(await screen.findByText(DRAFT_TEXTS.overlayUnavailable)).toBeInTheDocument();
  });
});
