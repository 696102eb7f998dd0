import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, players, scrimUser } from '../test/scrim-factory';
import { ScrimCard } from './ScrimCard';

afterEach(() => vi.unstubAllGlobals());
// The lazy dialogs and snackbar, compiled once up front: their first import is slow on a busy machine.
beforeAll(() =>
  Promise.all([import('./SubstituteDialog'), import('./CancelScrimDialog'), import('../../alerts/AlertSnackbar')]),
);

const ADMIN = testUser({ isAdmin: true });
const HOST = scrimUser(61, { name: 'Host' });
const AS_HOST = testUser({ _id: HOST._id, name: 'Host', hostRegions: ['NA'] });
const PLAYER = testUser({ _id: scrimUser(1)._id, name: 'Player 1' });
const WAITING = scrimUser(20, { name: 'Bench Warmer' });

/** Ten players, started 10 minutes ago, hosted by HOST, with one player waiting. */
const started = (overrides: Partial<Scrim> = {}) =>
  makeScrim({
    ...players(10),
    gameStartTime: hoursFromNow(-1 / 6),
    status: 'live',
    hostedBy: HOST,
    waitlist: [{ _user: WAITING, role: 'any', joinedAt: hoursFromNow(-1) }],
    ...overrides,
  });

/** `started` once Player 3 (Blue Mid) was replaced by `sub`. */
function substituted(scrim: Scrim, sub = WAITING): Scrim {
  return {
    ...scrim,
    teamOne: scrim.teamOne.map((p) => (p.role === 'Mid' ? { ...p, _user: sub } : p)),
    waitlist: [],
    substitutions: [
      {
        outUserId: scrimUser(3)._id,
        inUserId: sub._id,
        outUser: scrimUser(3),
        inUser: sub,
        createdAt: new Date().toISOString(),
      },
    ],
  };
}

describe('substitutes (those who run the scrim, after the start)', () => {
  it('an admin replaces a player with a waitlisted one, and the page says who replaced whom', async () => {
    const scrim = started();
    const calls = renderScrimPage(scrim, ADMIN, { [`POST /scrims/${scrim._id}/substitute`]: substituted(scrim) });
    expect(await screen.findAllByRole('button', { name: /^Substitute Player/ })).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Substitute Player 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Substitute Player 3' });

    // Substitute waits for someone to be chosen.
    expect(within(dialog).getByRole('button', { name: 'Substitute' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Or search a player by name' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/substitute'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bench Warmer#NA1 · Any role' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Substitute' }));
    expect(await screen.findByText('Player substituted.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/substitute'))!.body).toEqual({
      outUserId: scrimUser(3)._id,
      inUserId: WAITING._id,
    });
    const section = screen.getByRole('region', { name: 'Substitutes' });
    expect(section).toHaveTextContent('Bench Warmer#NA1replacedPlayer 3#NA1');
  });

  it('the host of the scrim chooses among the waiting players only (no name search)', async () => {
    const scrim = started();
    const calls = renderScrimPage(scrim, AS_HOST, {
      [`POST /scrims/${scrim._id}/substitute`]: substituted(scrim),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Substitute Player 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Substitute Player 3' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual([WAITING._id]);
    expect(within(dialog).getByRole('button', { name: 'Substitute' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bench Warmer#NA1 · Any role' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Substitute' }));
    expect(await screen.findByText('Player substituted.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/substitute'))!.body).toEqual({
      outUserId: scrimUser(3)._id,
      inUserId: WAITING._id,
    });
  });

  it('with nobody waiting, the host is told that only an admin brings in an outsider', async () => {
    renderScrimPage(started({ waitlist: [] }), AS_HOST, {});
    await userEvent.click(await screen.findByRole('button', { name: 'Substitute Player 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Substitute Player 3' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Nobody is on the waitlist.');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Substitute' })).toBeDisabled();
  });

  it('offers no Substitute before the start', async () => {
    renderScrimPage(started({ gameStartTime: hoursFromNow(1), status: 'scheduled' }), ADMIN);
    await screen.findByRole('link', { name: /Player 3/ });
    expect(screen.queryByRole('button', { name: /^Substitute/ })).toBeNull();
  });

  it('hides Substitute and Cancel scrim from a player of the scrim', async () => {
    renderScrimPage(started(), PLAYER);
    await screen.findByRole('link', { name: /Player 3/ });
    expect(screen.queryByRole('button', { name: /^Substitute/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel scrim' })).toBeNull();
  });

  it('hides them from a host of another scrim', async () => {
    renderScrimPage(started({ hostedBy: scrimUser(62) }), AS_HOST);
    await screen.findByRole('link', { name: /Player 3/ });
    expect(screen.queryByRole('button', { name: /^Substitute/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel scrim' })).toBeNull();
  });
});

describe('cancel with a reason', () => {
  it('requires a reason of 1 to 500 characters, then shows the scrim as cancelled without its controls', async () => {
    const scrim = makeScrim({ ...players(7), hostedBy: HOST, waitlist: [] });
    const cancelled: Scrim = {
      ...scrim,
      status: 'cancelled',
      cancellation: { reason: 'Server maintenance tonight', cancelledAt: new Date().toISOString() },
    };
    const calls = renderScrimPage(scrim, AS_HOST, { [`POST /scrims/${scrim._id}/cancel`]: cancelled });
    expect(await screen.findAllByRole('button', { name: /^Join Team/ })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel scrim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this scrim?' });
    const submit = within(dialog).getByRole('button', { name: 'Cancel scrim' });

    await userEvent.click(submit);
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, '   ');
    await userEvent.click(submit);
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    await userEvent.click(submit);
    expect(within(dialog).getByText('The reason can be at most 500 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);

    fireEvent.change(reason, { target: { value: '  Server maintenance tonight ' } });
    expect(within(dialog).getByText('29/500')).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await screen.findByText('Cancelled: Server maintenance tonight')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/cancel'))!.body).toEqual({ reason: 'Server maintenance tonight' });
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel scrim' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("the hub's collapsed card says it is cancelled, and why, instead of counting down", async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: PLAYER, identity: null } });
    const scrim = makeScrim({
      ...players(10),
      status: 'cancelled',
      cancellation: { reason: 'Not enough casters', cancelledAt: new Date().toISOString() },
    });
    renderAt('/hub', '/hub', <ScrimCard scrim={scrim} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Cancelled: Not enough casters');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Game starting in...')).toBeNull();
  });

  it('an admin may cancel any scrim', async () => {
    renderScrimPage(makeScrim(players(2)), ADMIN);
    expect(await screen.findByRole('button', { name: 'Cancel scrim' })).toBeInTheDocument();
  });
});

describe('status and reliability on the card', () => {
  it("shows a Live chip once started, and each player's reliability ('New' while the server shows no share)", async () => {
    const scrim = started();
    scrim.teamOne[0] = { ...scrim.teamOne[0]!, _user: { ...scrim.teamOne[0]!._user, reliability: 92 } };
    renderScrimPage(scrim, PLAYER);
    expect(await screen.findByText('Live')).toBeInTheDocument();
    const slot = screen.getByRole('link', { name: /Player 1#/ }).closest('li')!;
    expect(within(slot).getByText('92 % reliable')).toBeInTheDocument();
    expect(within(slot).getByTitle('Showed up for 92 % of their last 20 scrims')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: /Player 2#/ }).closest('li')!;
    expect(within(other).queryByText(/reliable/)).toBeNull();
    expect(within(other).getByText('New')).toBeInTheDocument();
    expect(within(other).getByTitle('Fewer than 5 scrims so far: no reliability share yet')).toBeInTheDocument();
  });
});
