import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES, DRAFT_TEXTS, type Scrim } from '@scrim-gym/shared';
import { RequireAdmin } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { hoursFromNow, makeScrim, players } from '../test/scrim-factory';
import { CreateScrimPage } from './CreateScrimPage';
import { EditScrimPage } from './EditScrimPage';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = testUser({ isAdmin: true, region: 'EUW' });
const session = {
  'GET /auth/session': { token: 't', user: ADMIN, identity: null },
  'GET /auth/providers': { providers: [], devLogin: true, tournamentCodes: true },
};
const probes = { '/scrims/:id': 'scrim detail page' };

function renderCreate(handlers: Record<string, unknown> = {}) {
  const calls = stubApi({ ...session, ...handlers });
  renderAt(
    '/scrims/new',
    '/scrims/new',
    <RequireAdmin>
      <CreateScrimPage />
    </RequireAdmin>,
    probes,
  );
  return calls;
}

describe("Create scrim: 'Create New Scrim'", () => {
  it('starts from the defaults: now + 30 min, random host, my region, public, no casters, tournament code on', async () => {
    const before = dayjs().add(30, 'minute');
    renderCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Scrim' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByLabelText(/^Start date/)).toHaveValue(before.format('YYYY-MM-DD'));
    const time = (screen.getByLabelText(/^Start time/) as HTMLInputElement).value;
    expect(Math.abs(dayjs(`${before.format('YYYY-MM-DD')}T${time}`).diff(before, 'minute'))).toBeLessThanOrEqual(1);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('EUW');
    expect(screen.getByRole('combobox', { name: 'Lobby host' })).toHaveTextContent('Random');
    expect(screen.getByRole('switch', { name: /Private/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Allow casters' })).not.toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Max casters' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Generate a tournament code' })).toBeChecked();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('without a Riot API key the tournament code is off by default and the form says why', async () => {
    const calls = renderCreate({
      'GET /auth/providers': { providers: [], devLogin: true, tournamentCodes: false },
      'POST /scrims': () => ({ status: 201, body: makeScrim() }),
    });
    expect(await screen.findByRole('switch', { name: 'Generate a tournament code' })).not.toBeChecked();
    expect(
      screen.getByText('This server has no Riot API key: players use the lobby name and password.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'No key');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    await screen.findByText('scrim detail page');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ useTournamentCode: false });
  });

  it('requires a title and sends nothing without one', async () => {
    const calls = renderCreate();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Scrim' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates the scrim (casters on: max 2), says so and opens it', async () => {
    const created = makeScrim({ _id: '00000000-0000-4000-8000-0000000000aa' });
    const calls = renderCreate({ 'POST /scrims': () => ({ status: 201, body: created }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Friday Night Customs');
    await userEvent.click(screen.getByRole('switch', { name: 'Allow casters' }));
    expect(screen.getByRole('combobox', { name: 'Max casters' })).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    expect(await screen.findByText('scrim detail page')).toBeInTheDocument();
    expect(await screen.findByText('scrim created successfully!')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Friday Night Customs',
      region: 'EUW',
      isPrivate: false,
      isWithCasters: true,
      maxCastersAllowedCount: 2,
      lobbyHost: 'random',
      useTournamentCode: true,
    });
    expect(new Date(body.gameStartTime as string).getSeconds()).toBe(0);
  });

  it('offers the team making: Pick slots by default, Balanced teams sent as mode balanced', async () => {
    const calls = renderCreate({ 'POST /scrims': () => ({ status: 201, body: makeScrim({ mode: 'balanced' }) }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Fair lobby');
    expect(screen.getByRole('combobox', { name: 'Team making' })).toHaveTextContent('Pick slots');
    await userEvent.click(screen.getByRole('combobox', { name: 'Team making' }));
    await userEvent.click(screen.getByRole('option', { name: 'Balanced teams' }));
    expect(screen.getByText(/Players sign up with their roles/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    expect(await screen.findByText('scrim detail page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Fair lobby', mode: 'balanced' });
  });

  it('tells how a private scrim is reached, and sends 0 max casters with casting off', async () => {
    const calls = renderCreate({ 'POST /scrims': () => ({ status: 201, body: makeScrim({ isPrivate: true }) }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Coaching');
    await userEvent.click(screen.getByRole('switch', { name: /Private/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    expect(
      await screen.findByText('Private scrim created, only users with the share link can access it'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      isPrivate: true,
      isWithCasters: false,
      maxCastersAllowedCount: 0,
    });
  });

  it("shows the server's error, else 'error creating scrim'", async () => {
    renderCreate({ 'POST /scrims': () => ({ status: 500, body: {} }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Broken');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    expect(await screen.findByText('error creating scrim')).toBeInTheDocument();
  });
});

describe("Edit scrim: 'Edit Scrim'", () => {
  const full = makeScrim({
    ...players(10),
    gameStartTime: hoursFromNow(3),
    lobbyName: 'Lobby',
    lobbyPassword: 'pw123456',
    isWithCasters: true,
    maxCastersAllowedCount: 1,
    useTournamentCode: false,
  });

  function renderEdit(handlers: Record<string, unknown> = {}) {
    const calls = stubApi({ ...session, [`GET /scrims/${full._id}`]: full, ...handlers });
    renderAt(`/scrims/${full._id}/edit`, '/scrims/:id/edit', <EditScrimPage />, probes);
    return calls;
  }

  it("goes home with 'Error finding scrim, returning to home page' when the scrim cannot be loaded", async () => {
    stubApi(session);
    renderAt('/scrims/nope/edit', '/scrims/:id/edit', <EditScrimPage />);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByText('Error finding scrim, returning to home page')).toBeInTheDocument();
  });

  it('fills the form, offers each participant as lobby host and N/A as winner, and saves after a confirm', async () => {
    const calls = renderEdit({ [`PUT /scrims/${full._id}`]: { ...full, title: 'Renamed' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Scrim' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('pw123456');
    expect(screen.getByRole('combobox', { name: 'Winner' })).toHaveTextContent('N/A');
    expect(screen.getByRole('combobox', { name: 'Max casters' })).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Lobby host' }));
    const hosts = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(hosts).toEqual(['Random', 'Me', ...Array.from({ length: 10 }, (_, i) => `Player ${i + 1}#NA1`)]);
    await userEvent.click(screen.getByRole('option', { name: 'Player 3#NA1' }));

    const title = screen.getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to update this scrim?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('scrim detail page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      title: 'Renamed',
      lobbyPassword: 'pw123456',
      lobbyHost: players(10).teamOne[2]!._user._id,
      teamWon: null,
      maxCastersAllowedCount: 1,
    });
  });

  it('keeps the team making while someone is in the scrim', async () => {
    renderEdit();
    const mode = await screen.findByRole('combobox', { name: 'Team making' });
    expect(mode).toHaveTextContent('Pick slots');
    expect(mode).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Can change only while nobody is in the scrim.')).toBeInTheDocument();
  });

  it('requires the lobby password', async () => {
    const calls = renderEdit();
    await userEvent.clear(await screen.findByLabelText(/^Password/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Lobby password is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('asks to save for a tournament code when it is turned on with full teams', async () => {
    renderEdit();
    await userEvent.click(await screen.findByRole('switch', { name: 'Generate a tournament code' }));
    expect(
      await screen.findByText('Please save the scrim to generate a tournament code for full teams.'),
    ).toBeInTheDocument();
  });

  it('without a Riot API key: no "save for a code" and no "being generated" alert after a save', async () => {
    const started = { ...full, gameStartTime: hoursFromNow(-0.2) };
    renderEdit({
      'GET /auth/providers': { providers: [], devLogin: true, tournamentCodes: false },
      [`GET /scrims/${full._id}`]: started,
      [`PUT /scrims/${full._id}`]: { ...started, useTournamentCode: true },
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Generate a tournament code' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to update this scrim?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Scrim updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/please refresh in a few seconds|Please save the scrim/)).not.toBeInTheDocument();
  });

  it("deletes after 'This action cannot be undone.' and goes to the hub", async () => {
    const calls = renderEdit({ [`DELETE /scrims/${full._id}`]: { success: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Scrim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this scrim?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Scrim' }));
    expect(await screen.findByText('scrims page')).toBeInTheDocument();
    expect(await screen.findByText('Scrim deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});

describe('the draft settings', () => {
  const pickUp = makeScrim({ ...players(10), gameStartTime: hoursFromNow(3), lobbyPassword: 'pw123456' });

  function renderEditOf(scrim: Scrim) {
    const calls = stubApi({ ...session, [`GET /scrims/${scrim._id}`]: scrim, [`PUT /scrims/${scrim._id}`]: scrim });
    renderAt(`/scrims/${scrim._id}/edit`, '/scrims/:id/edit', <EditScrimPage />, probes);
    return calls;
  }

  async function save() {
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to update this scrim?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('scrim detail page');
  }

  it('creates without a draft by default (30 seconds a turn), and offers no fearless draft to a pick-up', async () => {
    const calls = renderCreate({ 'POST /scrims': () => ({ status: 201, body: makeScrim() }) });
    const draft = await screen.findByRole('combobox', { name: DRAFT_TEXTS.formDraft });
    expect(draft).toHaveTextContent(DRAFT_TEXTS.modes.none);
    expect(screen.queryByRole('spinbutton', { name: DRAFT_TEXTS.formTimer })).not.toBeInTheDocument();
    await userEvent.click(draft);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([DRAFT_TEXTS.modes.none, DRAFT_TEXTS.modes.tournament]);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByLabelText(/^Title/), 'No draft');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    await screen.findByText('scrim detail page');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ draft: 'none', draftTimerSeconds: 30 });
  });

  it('creates with the tournament draft and the seconds per turn chosen', async () => {
    const calls = renderCreate({ 'POST /scrims': () => ({ status: 201, body: makeScrim() }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Draft night');
    await userEvent.click(screen.getByRole('combobox', { name: DRAFT_TEXTS.formDraft }));
    await userEvent.click(await screen.findByRole('option', { name: DRAFT_TEXTS.modes.tournament }));
    const seconds = screen.getByRole('spinbutton', { name: DRAFT_TEXTS.formTimer });
    expect(seconds).toHaveValue(30);
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    await screen.findByText('scrim detail page');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ draft: 'tournament', draftTimerSeconds: 45 });
  });

  it('refuses seconds per turn outside 15 to 90 and sends nothing', async () => {
    const calls = renderCreate();
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Too quick');
    await userEvent.click(screen.getByRole('combobox', { name: DRAFT_TEXTS.formDraft }));
    await userEvent.click(await screen.findByRole('option', { name: DRAFT_TEXTS.modes.tournament }));
    const seconds = screen.getByRole('spinbutton', { name: DRAFT_TEXTS.formTimer });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scrim' }));
    expect(await screen.findByText(DRAFT_MESSAGES.timerOutOfRange)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the scrim's draft on edit and sends only a changed setting", async () => {
    const calls = renderEditOf({ ...pickUp, draft: 'tournament', draftTimerSeconds: 60 });
    expect(await screen.findByRole('combobox', { name: DRAFT_TEXTS.formDraft })).toHaveTextContent(
      DRAFT_TEXTS.modes.tournament,
    );
    const seconds = screen.getByRole('spinbutton', { name: DRAFT_TEXTS.formTimer });
    expect(seconds).toHaveValue(60);
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '20');
    await save();
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ draftTimerSeconds: 20 });
    expect(body).not.toHaveProperty('draft');
  });

  it('sends no draft setting when none changed', async () => {
    const calls = renderEditOf({ ...pickUp, draft: 'tournament', draftTimerSeconds: 60 });
    await screen.findByRole('combobox', { name: DRAFT_TEXTS.formDraft });
    await save();
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('draft');
    expect(body).not.toHaveProperty('draftTimerSeconds');
  });

  it("leaves a series game's draft to its series", async () => {
    renderEditOf({
      ...pickUp,
      draft: 'fearless',
      series: { _id: 'series-1', gameNumber: 1, format: 'bo3', teams: [], rosterIds: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Scrim' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: DRAFT_TEXTS.formDraft })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: DRAFT_TEXTS.formTimer })).not.toBeInTheDocument();
  });
});
