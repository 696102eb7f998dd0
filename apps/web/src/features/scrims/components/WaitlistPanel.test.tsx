import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Scrim, ScrimPlayer } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { SCRIM_EVENTS } from '../hooks/scrim-live';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, playerRating, players, scrimUser } from '../test/scrim-factory';
import { withFakeSocket } from '../../../test/socket';

/** A stand-in socket: the test fires the server's events at the page's listeners. */
const handlers = new Map<string, (...args: unknown[]) => void>();
const fakeSocket = {
  connected: true,
  on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
  off: (event: string) => handlers.delete(event),
  disconnect: () => {},
  emit: () => {},
};
withFakeSocket(fakeSocket);
afterEach(() => {
  vi.unstubAllGlobals();
  handlers.clear();
});

const ME = testUser();
const meUser = scrimUser(0, { _id: ME._id, name: ME.name });
const meWaiting = (role: Scrim['waitlist'][number]['role'] = 'Mid') => ({
  _user: meUser,
  role,
  joinedAt: '2026-05-01T10:00:00.000Z',
});
const others = (n: number) => ({ _user: scrimUser(n, { reliability: 80 }), role: 'any' as const, joinedAt: '' });
const panel = () => screen.findByRole('region', { name: 'Waitlist' });

// The snackbar is lazy: loaded here first, an alert that would show has shown once the page has settled.
beforeAll(() => import('../../alerts/AlertSnackbar'));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('the waitlist', () => {
  it('offers no waitlist while the scrim has room for what the viewer wants', async () => {
    renderScrimPage(makeScrim(players(3)), ME);
    await screen.findByRole('button', { name: 'Join Team One (Blue Side) as Support' });
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });

  it('offers "Join waitlist" for a full scrim, with any role, and joins it', async () => {
    const scrim = makeScrim(players(10));
    const calls = renderScrimPage(scrim, ME, {
      [`POST /scrims/${scrim._id}/waitlist`]: { ...scrim, waitlist: [meWaiting('any')] },
    });
    const box = within(await panel());
    expect(box.getByText('Nobody is waiting.')).toBeInTheDocument();
    await userEvent.click(box.getByRole('combobox', { name: 'Role wanted' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Top', 'Jungle', 'Mid', 'ADC', 'Support', 'Any role']);
    await userEvent.click(screen.getByRole('option', { name: 'Any role' }));
    await userEvent.click(box.getByRole('button', { name: 'Join waitlist' }));
    expect(await box.findByText('You are on the waitlist (#1).')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/waitlist'))).toMatchObject({ method: 'POST', body: { role: 'any' } });
    expect(box.queryByRole('button', { name: 'Join waitlist' })).toBeNull();
  });

  it('offers only the roles full on both teams while others are free', async () => {
    const ten = players(10);
    renderScrimPage(makeScrim({ teamOne: ten.teamOne, teamTwo: ten.teamTwo.filter((p) => p.role !== 'ADC') }), ME);
    const box = within(await panel());
    // The viewer's settings say Fill: the first role offered is chosen.
    expect(box.getByRole('combobox', { name: 'Role wanted' })).toHaveTextContent('Top');
    await userEvent.click(box.getByRole('combobox', { name: 'Role wanted' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Top', 'Jungle', 'Mid', 'Support']);
  });

  it('lists who waits in order with the role wanted, and the viewer leaves their own entry', async () => {
    const scrim = makeScrim({ ...players(10), waitlist: [others(20), meWaiting('Mid')] });
    const calls = renderScrimPage(scrim, ME, {
      [`DELETE /scrims/${scrim._id}/waitlist`]: { ...scrim, waitlist: [others(20)] },
    });
    const box = within(await panel());
    const rows = box.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('#1');
    expect(rows[0]).toHaveTextContent('Player 20');
    expect(rows[0]).toHaveTextContent('Any role');
    expect(within(rows[0]!).getByText('80 %')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Leave waitlist' })).toBeNull();
    expect(rows[1]).toHaveTextContent('#2');
    expect(rows[1]).toHaveTextContent('Mid');
    expect(box.getByText('You are on the waitlist (#2).')).toBeInTheDocument();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(box.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(`/scrims/${scrim._id}/waitlist`);
    // Out of the waitlist, still full: the offer is back.
    expect(box.getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });

  it("shows the server's refusal (a cooldown) as an error alert", async () => {
    const scrim = makeScrim(players(10));
    const message = 'You missed a scrim: you can join scrims again on 05/02/2026.';
    renderScrimPage(scrim, ME, {
      [`POST /scrims/${scrim._id}/waitlist`]: () => ({
        status: 403,
        body: { error: message, code: 'COOLDOWN', scrim },
      }),
    });
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('a balanced scrim with ten sign-ups offers the waitlist too', async () => {
    const signups = Array.from({ length: 10 }, (_, i) => ({
      _user: scrimUser(i + 1),
      primaryRole: 'Fill' as const,
      secondaryRole: 'Fill' as const,
      rating: playerRating,
    }));
    renderScrimPage(makeScrim({ mode: 'balanced', signups }), ME);
    expect(within(await panel()).getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });

  it('offers no "Join waitlist" on a live scrim (the server refuses it after the start); who waits stays listed', async () => {
    renderScrimPage(
      makeScrim({ ...players(10), waitlist: [others(20)], gameStartTime: hoursFromNow(-0.2), status: 'live' }),
      ME,
    );
    const box = within(await panel());
    expect(box.getByText(/Player 20/)).toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Join waitlist' })).toBeNull();
    expect(box.queryByRole('combobox', { name: 'Role wanted' })).toBeNull();
  });

  it('is gone from a cancelled scrim', async () => {
    renderScrimPage(
      makeScrim({
        ...players(10),
        waitlist: [others(20)],
        status: 'cancelled',
        cancellation: { reason: 'Server maintenance', cancelledAt: new Date().toISOString() },
      }),
      ME,
    );
    expect(await screen.findByText('Cancelled: Server maintenance')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });
});

describe('a promotion arriving by socket', () => {
  const full = makeScrim(players(10));
  const leaving = full.teamOne[2]!;
  const waitingScrim: Scrim = { ...full, waitlist: [meWaiting('Mid')] };
  const meAsMid: ScrimPlayer = { _user: meUser, role: 'Mid', team: { name: 'teamOne' }, rating: playerRating };
  const promoted: Scrim = {
    ...full,
    teamOne: full.teamOne.map((p) => (p === leaving ? meAsMid : p)),
    waitlist: [],
  };

  it('says the spot opened, with the role and side, and shows the viewer in the slot', async () => {
    renderScrimPage(waitingScrim, ME);
    expect(within(await panel()).getByText('You are on the waitlist (#1).')).toBeInTheDocument();
    await waitFor(() => expect(handlers.has(SCRIM_EVENTS.updated)).toBe(true));

    handlers.get(SCRIM_EVENTS.updated)!(promoted);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A spot opened: you are in as Mid on Team One (Blue Side)!',
    );
    expect(screen.getByRole('button', { name: 'Leave this game' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });

  it('says the spot opened also when it opens right after the viewer joined the waitlist', async () => {
    renderScrimPage(full, ME, { [`POST /scrims/${full._id}/waitlist`]: waitingScrim });
    const waitlist = await panel();
    await userEvent.click(within(waitlist).getByRole('button', { name: 'Join waitlist' }));
    expect(await within(await panel()).findByText('You are on the waitlist (#1).')).toBeInTheDocument();
    await waitFor(() => expect(handlers.has(SCRIM_EVENTS.updated)).toBe(true));

    // Within a second of the join's answer: the join left the viewer waiting, so this is news.
    handlers.get(SCRIM_EVENTS.updated)!(promoted);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A spot opened: you are in as Mid on Team One (Blue Side)!',
    );
  });

  it('says nothing when another player is promoted', async () => {
    const other = scrimUser(20);
    renderScrimPage({ ...full, waitlist: [{ _user: other, role: 'any', joinedAt: '' }] }, ME);
    await panel();
    await waitFor(() => expect(handlers.has(SCRIM_EVENTS.updated)).toBe(true));
    handlers.get(SCRIM_EVENTS.updated)!({
      ...full,
      teamOne: full.teamOne.map((p) => (p === leaving ? { ...meAsMid, _user: other } : p)),
      waitlist: [],
    });
    await screen.findByRole('link', { name: /Player 20/ });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing when the waiting viewer takes a free slot themselves (their join, and its socket echo)', async () => {
    const nine: Scrim = { ...full, teamOne: full.teamOne.filter((p) => p !== leaving), waitlist: [meWaiting('Top')] };
    renderScrimPage(nine, ME, {
      // The socket's echo of the join comes first, while the join's answer is still on its way.
      [`PATCH /scrims/${full._id}/insert-player/${ME._id}`]: () => {
        handlers.get(SCRIM_EVENTS.updated)!(promoted);
        return { body: promoted };
      },
    });
    await waitFor(() => expect(handlers.has(SCRIM_EVENTS.updated)).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Join Team One (Blue Side) as Mid' }));
    expect(await screen.findByRole('button', { name: 'Leave this game' })).toBeInTheDocument();
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
