import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES, DRAFT_TEXTS, type DraftState, type Scrim } from '@scrim-gym/shared';
import { lastWrite, testUser } from '../../../../test/render';
import { abilities, championHandlers, CHAMPIONS_URL, endsIn, makeDraft } from '../../test/draft-factory';
import { renderScrimPage } from '../../test/render-scrim';
import { makeScrim, players, scrimUser } from '../../test/scrim-factory';
import { withFakeSocket } from '../../../../test/socket';

vi.setConfig({ testTimeout: 20_000 });

/** A stand-in socket, connected: a test fires the server's events to every listener. */
const fake = (() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    on: (event: string, fn: (...args: unknown[]) => void) =>
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn)),
    off: (event: string, fn: (...args: unknown[]) => void) => listeners.get(event)?.delete(fn),
    disconnect: () => {},
    emit: () => {},
  };
  const fire = (event: string, payload?: unknown) => listeners.get(event)?.forEach((fn) => fn(payload));
  const listening = (event: string) => (listeners.get(event)?.size ?? 0) > 0;
  return { socket, listeners, fire, listening };
})();
withFakeSocket(fake.socket);

/** Player 7 plays Red (teamTwo's Jungle); players 1–5 are Blue. */
const ME = testUser({ _id: scrimUser(7)._id, name: 'Player 7' });
const SPECTATOR = testUser({ _id: scrimUser(50)._id, name: 'Spectator' });
const draftScrim = (overrides: Partial<Scrim> = {}) => makeScrim({ ...players(10), draft: 'tournament', ...overrides });
const draftPath = (scrim: Scrim) => `/scrims/${scrim._id}/draft`;

/**
 * What the server answers Red's drafter (Player 7) on Red's turn (draftAbilitiesOf): suggest (a side's member), lock
 * (the drafter whose turn it is), ask to reset (a drafter who does not run the scrim).
 */
const RED_DRAFTER_ON_TURN = abilities({ hover: true, lock: true, reset: 'ask' });
/** …and on Blue's turn: no lock. */
const RED_DRAFTER_OFF_TURN = abilities({ hover: true, reset: 'ask' });

/**
 * Red's second pick (turn 9 of 20): three bans a side, Blue picked Wukong, Red Kai'Sa; Syndra gone (fearless). As
 * answered to Red's drafter (ME), unless `can` says otherwise.
 */
const midDraft = (scrim: Scrim, overrides: Partial<DraftState> = {}) =>
  makeDraft(scrim._id, {
    status: 'running',
    version: 12,
    turn: { index: 8, side: 'red', action: 'pick', endsAt: endsIn(20) },
    ready: { blue: true, red: true },
    drafters: { blue: scrimUser(1)._id, red: ME._id },
    blue: { bans: ['Zed', 'Leona', null], picks: [{ champion: 'MonkeyKing' }] },
    red: { bans: ['Jinx', 'Garen', 'Thresh'], picks: [{ champion: 'Kaisa', role: 'ADC' }] },
    unavailable: ['Syndra'],
    hovers: { [scrimUser(8)._id]: 'Ahri' },
    can: RED_DRAFTER_ON_TURN,
    ...overrides,
  });

/** Blue's turn after Red's second pick (Ahri): as answered to Red's drafter, unless told otherwise. */
const afterRedPick = (scrim: Scrim, overrides: Partial<DraftState> = {}) =>
  midDraft(scrim, {
    version: 20,
    turn: { index: 9, side: 'blue', action: 'pick', endsAt: endsIn(30) },
    red: { bans: ['Jinx', 'Garen', 'Thresh'], picks: [{ champion: 'Kaisa' }, { champion: 'Ahri' }] },
    can: RED_DRAFTER_OFF_TURN,
    ...overrides,
  });

/** A state as `draftChange` pushes it: the same for a whole side or room, so without the viewer's abilities. */
function pushed(draft: DraftState): DraftState {
  const copy = { ...draft };
  delete copy.can;
  return copy;
}

/** A server answer a test releases when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

type DraftAnswer = { status?: number; body: unknown };

function renderDraft(
  scrim: Scrim,
  draft: DraftState | (() => DraftAnswer | Promise<DraftAnswer>),
  user = ME,
  handlers: Record<string, unknown> = {},
) {
  return renderScrimPage(scrim, user, {
    ...championHandlers,
    [`GET ${draftPath(scrim)}`]: draft,
    ...handlers,
  });
}

const section = () => screen.findByRole('region', { name: DRAFT_TEXTS.title });
const draftReads = (calls: ReturnType<typeof renderDraft>, scrim: Scrim) =>
  calls.filter((c) => c.method === 'GET' && c.path === draftPath(scrim)).length;
/** Every control the draft room may offer, by name. */
const DRAFT_CONTROL = /Ready|Hand|Reset|Lock/i;
const champion = (name: string) => screen.findByRole('button', { name });

beforeEach(() => fake.listeners.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the draft section', () => {
  it('is absent from a scrim without a draft', async () => {
    const scrim = makeScrim({ ...players(10) });
    renderDraft(scrim, makeDraft(scrim._id));
    expect(await screen.findByText('Friday Night Customs')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: DRAFT_TEXTS.title })).not.toBeInTheDocument();
  });

  it('shows both sides from the state: drafters, bans with "no ban", picks in turn order by display name', async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim));
    const draft = await section();
    const blue = await within(draft).findByRole('region', { name: 'Blue side' });
    const red = within(draft).getByRole('region', { name: 'Red side' });
    expect(within(blue).getByText('Drafter: Player 1')).toBeInTheDocument();
    expect(within(red).getByText('Drafter: Player 7')).toBeInTheDocument();
    expect(await within(blue).findByRole('listitem', { name: 'Blue ban 1: Zed' })).toBeInTheDocument();
    expect(within(blue).getByRole('listitem', { name: 'Blue ban 3: No ban' })).toBeInTheDocument();
    expect(within(blue).getByRole('listitem', { name: 'Blue ban 4: empty' })).toBeInTheDocument();
    expect(within(blue).getByRole('listitem', { name: 'Blue pick 1: Wukong' })).toBeInTheDocument();
    expect(within(red).getByRole('listitem', { name: "Red pick 1: Kai'Sa" })).toBeInTheDocument();
    expect(within(red).getByText('ADC')).toBeInTheDocument();
    expect(within(red).getByRole('listitem', { name: 'Red pick 2: empty' })).toBeInTheDocument();
    expect(within(draft).getByText(/Red picks/)).toBeInTheDocument();
    expect(within(draft).getByText(DRAFT_TEXTS.fearlessUnavailable(1))).toBeInTheDocument();
    // Nobody plays in the draft before it starts again: no Ready once it runs.
    expect(within(draft).queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument();
  });

  it("counts the turn down from the server's endsAt, so a reload shows the time left", async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim, { turn: { index: 8, side: 'red', action: 'pick', endsAt: endsIn(2) } }));
    expect(await screen.findByRole('timer', { name: /^[12] seconds? left$/ })).toBeInTheDocument();
    expect(await screen.findByRole('timer', { name: '0 seconds left' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('greys banned, picked and fearless-unavailable champions and keeps them from being clicked', async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim));
    expect(await champion('Zed, banned')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wukong, picked' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Kai'Sa, picked" })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Syndra, picked earlier in the series' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lee Sin' })).toBeEnabled();
  });

  it("hovers on click, shows a teammate's suggestion, and locks the drafter's choice on their turn", async () => {
    const scrim = draftScrim();
    const calls = renderDraft(scrim, midDraft(scrim), ME, {
      [`POST ${draftPath(scrim)}/hover`]: midDraft(scrim, { version: 13, hovers: { [ME._id]: 'LeeSin' } }),
      [`POST ${draftPath(scrim)}/lock`]: afterRedPick(scrim, {
        version: 14,
        red: { bans: ['Jinx', 'Garen', 'Thresh'], picks: [{ champion: 'Kaisa' }, { champion: 'LeeSin' }] },
      }),
    });
    expect(await champion('Ahri, suggested by Player 8')).toBeEnabled();
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.lockNothing })).toBeDisabled();
    expect(screen.getByText(/Your turn/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Lee Sin' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({ path: `${draftPath(scrim)}/hover`, body: { champion: 'LeeSin' } }),
    );
    // The drafter's choice shows faintly in the slot the turn fills.
    expect(screen.getByRole('listitem', { name: 'Red pick 2: empty' })).toHaveTextContent('Lee Sin (suggested)');

    await userEvent.click(screen.getByRole('button', { name: 'Lock Lee Sin' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({
        path: `${draftPath(scrim)}/lock`,
        body: { champion: 'LeeSin', turn: 8 },
      }),
    );
    expect(await screen.findByRole('listitem', { name: 'Red pick 2: Lee Sin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lee Sin, picked' })).toBeDisabled();
    // Blue's turn now: the answer grants Red's drafter no lock, so the grid offers none.
    expect(screen.queryByRole('button', { name: /^Lock/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your turn/)).not.toBeInTheDocument();
  });

  it('sends the turn it locks for, read from the state it shows', async () => {
    const scrim = draftScrim();
    // Red's first pick (turn 8 of 20), then, by a live change, Red's second (Red picks twice in a row).
    const firstPick = midDraft(scrim, {
      version: 10,
      turn: { index: 7, side: 'red', action: 'pick', endsAt: endsIn(30) },
      red: { bans: ['Jinx', 'Garen', 'Thresh'], picks: [] },
      hovers: undefined,
    });
    let current = firstPick;
    const calls = renderDraft(scrim, () => ({ body: current }), ME, {
      [`POST ${draftPath(scrim)}/hover`]: () => ({ body: current }),
      [`POST ${draftPath(scrim)}/lock`]: () => ({ status: 204, body: null }),
    });
    await userEvent.click(await champion('Lee Sin'));
    await userEvent.click(screen.getByRole('button', { name: 'Lock Lee Sin' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toEqual(
        expect.objectContaining({ path: `${draftPath(scrim)}/lock`, body: { champion: 'LeeSin', turn: 7 } }),
      ),
    );

    await waitFor(() => expect(fake.listening('draftChange')).toBe(true));
    current = midDraft(scrim, { version: 12, hovers: undefined });
    fake.fire('draftChange', { scrimId: scrim._id, draft: pushed(current) });
    expect(await screen.findByRole('listitem', { name: 'Red pick 2: empty' })).toBeInTheDocument();
    // The lock granted for turn 8 came with the answer the page read after the change.
    await userEvent.click(screen.getByRole('button', { name: 'Ahri' }));
    await userEvent.click(await champion('Lock Ahri'));
    await waitFor(() =>
      expect(lastWrite(calls)).toEqual(
        expect.objectContaining({ path: `${draftPath(scrim)}/lock`, body: { champion: 'Ahri', turn: 8 } }),
      ),
    );
  });

  it("never shows the other side's hovers, even if a state carried one", async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim, { hovers: { [scrimUser(8)._id]: 'Ahri', [scrimUser(2)._id]: 'LeeSin' } }));
    expect(await champion('Ahri, suggested by Player 8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lee Sin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /suggested by Player 2/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal as an error", async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim), ME, {
      [`POST ${draftPath(scrim)}/hover`]: midDraft(scrim, { version: 13 }),
      [`POST ${draftPath(scrim)}/lock`]: () => ({
        status: 409,
        body: { error: DRAFT_MESSAGES.turnPassed, code: 'TURN_PASSED' },
      }),
    });
    await userEvent.click(await champion('Ahri, suggested by Player 8'));
    await userEvent.click(screen.getByRole('button', { name: 'Lock Ahri' }));
    expect(await screen.findByText(DRAFT_MESSAGES.turnPassed)).toBeInTheDocument();
  });

  it('searches by display name and filters by class', async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim));
    const grid = await screen.findByRole('group', { name: DRAFT_TEXTS.champions });
    await userEvent.type(screen.getByRole('searchbox', { name: DRAFT_TEXTS.search }), 'wu');
    await waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(1));
    expect(within(grid).getByRole('button', { name: 'Wukong, picked' })).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: DRAFT_TEXTS.search }));
    await userEvent.click(screen.getByRole('combobox', { name: DRAFT_TEXTS.classFilter }));
    await userEvent.click(await screen.findByRole('option', { name: 'Support' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: DRAFT_TEXTS.champions }))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Leona', 'Thresh']),
    );
  });

  it('keeps the newest state from draftChange and ignores an older one', async () => {
    const scrim = draftScrim();
    // The server's draft as it stands: what a read after a change answers.
    let current = midDraft(scrim);
    renderDraft(scrim, () => ({ body: current }));
    await screen.findByRole('listitem', { name: 'Red pick 2: empty' });
    await waitFor(() => expect(fake.listening('draftChange')).toBe(true));
    current = afterRedPick(scrim);
    fake.fire('draftChange', { scrimId: scrim._id, draft: pushed(current) });
    expect(await screen.findByRole('listitem', { name: 'Red pick 2: Ahri' })).toBeInTheDocument();
    fake.fire('draftChange', { scrimId: scrim._id, draft: pushed(midDraft(scrim, { version: 15 })) });
    fake.fire('draftChange', { scrimId: 'another-scrim', draft: makeDraft('another-scrim', { version: 99 }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('listitem', { name: 'Red pick 2: Ahri' })).toBeInTheDocument();
    expect(screen.getByText(/Blue picks/)).toBeInTheDocument();
  });

  it('reads the draft again when the socket reconnects', async () => {
    const scrim = draftScrim();
    let answered = 0;
    const calls = renderDraft(scrim, () => ({ body: midDraft(scrim, { version: ++answered }) }));
    await screen.findByRole('listitem', { name: 'Red pick 2: empty' });
    await waitFor(() => expect(fake.listening('draftChange')).toBe(true));
    const before = draftReads(calls, scrim);
    fake.fire('connect');
    await waitFor(() => expect(draftReads(calls, scrim)).toBeGreaterThan(before));
  });

  it("keeps the last answer's controls through a live change, and reads the draft again for the viewer's", async () => {
    const scrim = draftScrim();
    let reread = deferred<{ body: DraftState }>();
    let answered = 0;
    const calls = renderDraft(scrim, () => (answered++ === 0 ? { body: midDraft(scrim) } : reread.promise));
    expect(await champion('Ahri, suggested by Player 8')).toBeEnabled();
    await waitFor(() => expect(fake.listening('draftChange')).toBe(true));
    const before = draftReads(calls, scrim);

    // A teammate's suggestion: pushed to Red without anyone's abilities.
    const suggested = midDraft(scrim, {
      version: 13,
      hovers: { [scrimUser(8)._id]: 'Ahri', [scrimUser(9)._id]: 'LeeSin' },
    });
    fake.fire('draftChange', { scrimId: scrim._id, draft: pushed(suggested) });
    expect(await champion('Lee Sin, suggested by Player 9')).toBeEnabled();
    // The grid, the lock and the reset the last answer granted stay while the page asks the server again.
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.lockNothing })).toBeDisabled();
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.askReset })).toBeInTheDocument();
    expect(screen.getByText(/Your turn/)).toBeInTheDocument();
    await waitFor(() => expect(draftReads(calls, scrim)).toBeGreaterThan(before));
    reread.resolve({ body: suggested });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.lockNothing })).toBeInTheDocument();

    // Blue's turn: the read after it answers what Red's drafter may do now, and the page follows it.
    reread = deferred();
    const afterPick = draftReads(calls, scrim);
    fake.fire('draftChange', { scrimId: scrim._id, draft: pushed(afterRedPick(scrim)) });
    expect(await screen.findByRole('listitem', { name: 'Red pick 2: Ahri' })).toBeInTheDocument();
    // A lock is granted for one turn: not carried over to Blue's, even before the answer.
    expect(screen.queryByRole('button', { name: /^Lock/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your turn/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.askReset })).toBeInTheDocument();
    await waitFor(() => expect(draftReads(calls, scrim)).toBeGreaterThan(afterPick));
    reread.resolve({ body: afterRedPick(scrim) });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Lock/ })).not.toBeInTheDocument());
    expect(screen.queryByText(/Your turn/)).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: DRAFT_TEXTS.champions })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.askReset })).toBeInTheDocument();
  });

  it('does not read the draft again on a live change for a spectator, who may do nothing in it', async () => {
    const scrim = draftScrim();
    const calls = renderDraft(scrim, midDraft(scrim, { hovers: undefined, can: abilities() }), SPECTATOR);
    expect(await screen.findByRole('listitem', { name: 'Red pick 2: empty' })).toBeInTheDocument();
    await waitFor(() => expect(fake.listening('draftChange')).toBe(true));
    const before = draftReads(calls, scrim);
    fake.fire('draftChange', { scrimId: scrim._id, draft: pushed(afterRedPick(scrim, { hovers: undefined })) });
    expect(await screen.findByRole('listitem', { name: 'Red pick 2: Ahri' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(draftReads(calls, scrim)).toBe(before);
    expect(screen.queryByRole('button', { name: DRAFT_CONTROL })).not.toBeInTheDocument();
  });
});

describe('before the start', () => {
  it("offers Ready to a side's players while it has no drafter, and sends the side", async () => {
    const scrim = draftScrim();
    // A player of Red, which has no drafter yet: the server grants Red's Ready, and nothing once it is given.
    const calls = renderDraft(scrim, makeDraft(scrim._id, { can: abilities({ ready: ['red'] }) }), ME, {
      [`POST ${draftPath(scrim)}/ready`]: makeDraft(scrim._id, {
        version: 2,
        ready: { blue: false, red: true },
        drafters: { blue: null, red: ME._id },
        can: abilities(),
      }),
    });
    const draft = await section();
    expect(within(draft).getByText(DRAFT_TEXTS.waiting)).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: 'Ready (Blue)' })).not.toBeInTheDocument();
    await userEvent.click(await within(draft).findByRole('button', { name: 'Ready (Red)' }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({ path: `${draftPath(scrim)}/ready`, body: { side: 'red' } }),
    );
    expect(await within(draft).findByText('Red is ready')).toBeInTheDocument();
    expect(within(draft).getByText('Drafter: Player 7')).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument();
  });

  it("offers a side's player no control once another of them drafts it", async () => {
    // Player 7 plays Red, which Player 8 drafts; Player 2 captains the lobby: the server grants Player 7 nothing.
    const scrim = draftScrim({ lobbyHost: scrimUser(2) });
    renderDraft(scrim, makeDraft(scrim._id, { drafters: { blue: null, red: scrimUser(8)._id }, can: abilities() }));
    const draft = await section();
    expect(await within(draft).findByText('Drafter: Player 8')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(draft).queryByRole('button', { name: DRAFT_CONTROL })).not.toBeInTheDocument();
  });

  it('shows a spectator the draft without Ready, hand-over or champions', async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim, { hovers: undefined, can: abilities() }), SPECTATOR);
    const draft = await section();
    expect(await within(draft).findByRole('listitem', { name: 'Blue pick 1: Wukong' })).toBeInTheDocument();
    expect(within(draft).queryByRole('group', { name: DRAFT_TEXTS.champions })).not.toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: DRAFT_CONTROL })).not.toBeInTheDocument();
  });

  it('says plainly when the champion list cannot be read, and offers no Ready', async () => {
    const scrim = draftScrim();
    // The server read its list and grants Ready; the page could not read Data Dragon, so it cannot draft.
    renderDraft(scrim, makeDraft(scrim._id, { can: abilities({ ready: ['red'] }) }), ME, {
      [`GET ${CHAMPIONS_URL}`]: () => ({ status: 503, body: {} }),
    });
    const draft = await section();
    expect(await within(draft).findByText(DRAFT_MESSAGES.championsUnreadable)).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument();
  });

  it("says so too when the server's state has no champions", async () => {
    const scrim = draftScrim();
    // Ready needs the champion list: the server grants none without it.
    renderDraft(scrim, makeDraft(scrim._id, { championsAvailable: false, can: abilities() }));
    const draft = await section();
    expect(await within(draft).findByText(DRAFT_MESSAGES.championsUnreadable)).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument();
  });

  it("lets the lobby captain hand a side's drafting to another of its players", async () => {
    const captain = scrimUser(2);
    const scrim = draftScrim({ lobbyHost: captain });
    // The lobby captain chooses both sides' drafters; as Blue's drafter they also ready Blue, until they hand it.
    const calls = renderDraft(
      scrim,
      makeDraft(scrim._id, {
        drafters: { blue: captain._id, red: null },
        can: abilities({ ready: ['blue'], chooseDrafter: ['blue', 'red'] }),
      }),
      testUser({ _id: captain._id, name: captain.name }),
      {
        [`POST ${draftPath(scrim)}/drafter`]: makeDraft(scrim._id, {
          version: 2,
          drafters: { blue: scrimUser(4)._id, red: null },
          can: abilities({ chooseDrafter: ['blue', 'red'] }),
        }),
      },
    );
    expect(await screen.findByRole('button', { name: 'Ready (Blue)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: DRAFT_TEXTS.handTo }));
    const dialog = await screen.findByRole('dialog', { name: DRAFT_TEXTS.handTo });
    // Both sides are theirs to hand: Blue first.
    expect(within(dialog).getByRole('radiogroup', { name: DRAFT_TEXTS.handSideLabel })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: "Hand Blue's drafting to" }));
    const options = await screen.findAllByRole('option');
    // The current drafter is not offered; Blue's other four are.
    expect(options.map((o) => o.textContent)).toEqual(['Player 1#NA1', 'Player 3#NA1', 'Player 4#NA1', 'Player 5#NA1']);
    await userEvent.click(screen.getByRole('option', { name: 'Player 4#NA1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: DRAFT_TEXTS.handToSubmit }));
    await waitFor(() =>
      expect(lastWrite(calls)).toMatchObject({
        path: `${draftPath(scrim)}/drafter`,
        body: { side: 'blue', userId: scrimUser(4)._id },
      }),
    );
    expect(await screen.findByText('Drafter: Player 4')).toBeInTheDocument();
    // Blue's Ready is its new drafter's now.
    expect(screen.queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument();
  });

  it("shows exactly the controls the server grants, whatever the viewer's role", async () => {
    // Player 7 is neither the lobby captain nor a runner: yet a grant is a grant, and the page shows it.
    const scrim = draftScrim({ lobbyHost: scrimUser(2) });
    renderDraft(scrim, makeDraft(scrim._id, { can: abilities({ ready: ['blue'], chooseDrafter: ['red'] }) }));
    const draft = await section();
    expect(await within(draft).findByRole('button', { name: 'Ready (Blue)' })).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: 'Ready (Red)' })).not.toBeInTheDocument();
    await userEvent.click(within(draft).getByRole('button', { name: DRAFT_TEXTS.handTo }));
    const dialog = await screen.findByRole('dialog', { name: DRAFT_TEXTS.handTo });
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: "Hand Red's drafting to" })).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: /reset/i })).not.toBeInTheDocument();
  });

  it('shows a running draft to a player of it the server grants nothing: no grid, lock or reset', async () => {
    const scrim = draftScrim();
    // Player 7 plays Red, which Player 8 drafts, and the server lost its champion list: no suggesting either.
    renderDraft(
      scrim,
      midDraft(scrim, {
        drafters: { blue: scrimUser(1)._id, red: scrimUser(8)._id },
        championsAvailable: false,
        can: abilities(),
      }),
    );
    const draft = await section();
    expect(await within(draft).findByRole('listitem', { name: 'Blue pick 1: Wukong' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(draft).queryByRole('group', { name: DRAFT_TEXTS.champions })).not.toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: DRAFT_CONTROL })).not.toBeInTheDocument();
    expect(within(draft).queryByText(/Your turn/)).not.toBeInTheDocument();
    expect(within(draft).getByText(DRAFT_MESSAGES.championsUnreadable)).toBeInTheDocument();
  });
});

describe('a series game', () => {
  const SERIES = '00000000-0000-4000-8000-0000000000e1';
  const OWLS = '00000000-0000-4000-8000-00000000aaaa';
  const FOXES = '00000000-0000-4000-8000-00000000bbbb';
  const seriesGame = () =>
    draftScrim({
      draft: 'fearless',
      series: {
        _id: SERIES,
        gameNumber: 2,
        format: 'bo3',
        teams: [
          { _id: OWLS, name: 'Night Owls', tag: 'NOWL' },
          { _id: FOXES, name: 'Red Foxes', tag: 'FOX' },
        ],
        rosterIds: [],
      },
    });

  it("offers Ready and the hand-over to the team's captain, for their side only", async () => {
    const scrim = seriesGame();
    // Player 7 captains the Foxes (Red): Red's drafter by default, who readies Red and chooses its drafter.
    renderDraft(
      scrim,
      makeDraft(scrim._id, {
        mode: 'fearless',
        unavailable: ['Ahri', 'Syndra'],
        drafters: { blue: null, red: ME._id },
        can: abilities({ ready: ['red'], chooseDrafter: ['red'] }),
      }),
    );
    const draft = await section();
    expect(await within(draft).findByRole('button', { name: 'Ready (Red)' })).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: 'Ready (Blue)' })).not.toBeInTheDocument();
    expect(within(draft).getByText(DRAFT_TEXTS.fearlessUnavailable(2))).toBeInTheDocument();
    await userEvent.click(within(draft).getByRole('button', { name: DRAFT_TEXTS.handTo }));
    const dialog = await screen.findByRole('dialog', { name: DRAFT_TEXTS.handTo });
    // Only Red's drafting is the Foxes captain's to hand.
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: "Hand Red's drafting to" })).toBeInTheDocument();
  });

  it('offers nothing to a lineup player who captains neither team', async () => {
    const scrim = seriesGame();
    // Red's captain drafts it by default: a lineup player may neither ready Red nor choose its drafter.
    const calls = renderDraft(
      scrim,
      makeDraft(scrim._id, { mode: 'fearless', drafters: { blue: null, red: scrimUser(70)._id }, can: abilities() }),
    );
    const draft = await section();
    expect(await within(draft).findByText(DRAFT_TEXTS.waiting)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(draft).queryByRole('button', { name: DRAFT_CONTROL })).not.toBeInTheDocument();
    // The page asks the server what the viewer may do, not the series.
    expect(calls.some((c) => c.path === `/series/${SERIES}`)).toBe(false);
  });
});

describe('reset', () => {
  it('lets an admin reset a running draft at once', async () => {
    const scrim = draftScrim();
    const admin = testUser({ _id: scrimUser(60)._id, isAdmin: true });
    // An admin runs the scrim: reset at once while it runs, choose the drafters once it is back to waiting.
    const calls = renderDraft(scrim, midDraft(scrim, { hovers: undefined, can: abilities({ reset: 'now' }) }), admin, {
      [`GET /scrims/${scrim._id}`]: { ...scrim, can: { ...adminCan } },
      [`POST ${draftPath(scrim)}/reset`]: makeDraft(scrim._id, {
        status: 'reset',
        version: 30,
        can: abilities({ chooseDrafter: ['blue', 'red'] }),
      }),
    });
    expect(await screen.findByRole('button', { name: DRAFT_TEXTS.reset })).toBeInTheDocument();
    // Not a player: no grid, nothing to lock.
    expect(screen.queryByRole('group', { name: DRAFT_TEXTS.champions })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: DRAFT_TEXTS.reset }));
    await waitFor(() => expect(lastWrite(calls)).toMatchObject({ path: `${draftPath(scrim)}/reset` }));
    expect(await screen.findByText(DRAFT_TEXTS.wasReset)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DRAFT_TEXTS.handTo })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DRAFT_TEXTS.reset })).not.toBeInTheDocument();
  });

  it('lets a drafter ask, and shows that the other side asked', async () => {
    const scrim = draftScrim();
    const calls = renderDraft(scrim, midDraft(scrim, { resetAsked: { blue: true, red: false } }), ME, {
      [`POST ${draftPath(scrim)}/reset`]: makeDraft(scrim._id, { status: 'reset', version: 30, can: abilities() }),
    });
    expect(await screen.findByText(DRAFT_MESSAGES.resetAsked('Blue'))).toBeInTheDocument();
    // Blue asked already: Red's drafter agreeing resets it.
    await userEvent.click(screen.getByRole('button', { name: DRAFT_TEXTS.reset }));
    await waitFor(() => expect(lastWrite(calls)).toMatchObject({ path: `${draftPath(scrim)}/reset` }));
  });

  it("tells the drafter who asked that it waits for the other side's", async () => {
    const scrim = draftScrim();
    // The server still grants 'ask' (asking again changes nothing): the page offers no second ask.
    renderDraft(scrim, midDraft(scrim, { resetAsked: { blue: false, red: true } }));
    expect(await screen.findByText(DRAFT_TEXTS.youAskedReset)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /reset/i })).not.toBeInTheDocument();
  });

  it('offers a drafter "Ask to reset" while nobody asked', async () => {
    const scrim = draftScrim();
    renderDraft(scrim, midDraft(scrim));
    expect(await screen.findByRole('button', { name: DRAFT_TEXTS.askReset })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DRAFT_TEXTS.reset })).not.toBeInTheDocument();
  });
});

const adminCan = {
  edit: true,
  delete: true,
  assignPlayers: true,
  fillRandom: true,
  swapPlayers: true,
  kick: true,
  substitute: true,
  cancel: true,
  balance: true,
  setWinner: true,
  addImage: true,
  removeImage: true,
  regenerateTournamentCode: true,
  resolveDispute: true,
  takeSlot: true,
  joinCast: true,
};
