import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, Scrim } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, players, scrimUser } from '../test/scrim-factory';
import { ScrimCard } from './ScrimCard';

afterEach(() => vi.unstubAllGlobals());

/** A community host of NA, and their scrim user. */
const HOST = testUser({ _id: '00000000-0000-4000-8000-000000000042', name: 'Hosty', hostRegions: ['NA'] });
const hostUser = scrimUser(42, { _id: HOST._id, name: 'Hosty', summonerTagline: 'HOST' });
const otherHost = scrimUser(43, { name: 'Other Host' });

/** None of the tools of who runs the scrim: edit, assign, fill, kick. */
function expectNoTools() {
  expect(screen.queryByRole('link', { name: 'Edit scrim' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Assign player' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Fill empty slots with random players' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Kick/ })).not.toBeInTheDocument();
}

describe('Hosted by', () => {
  it("names the scrim's community host on the scrim page, linking to their profile", async () => {
    renderScrimPage(makeScrim({ hostedBy: hostUser }), testUser());
    const line = (await screen.findByText('Hosted by')).parentElement!;
    const link = within(line).getByRole('link', { name: 'Hosty#HOST' });
    expect(link).toHaveAttribute('href', '/users/Hosty?region=NA&tagline=HOST');
  });

  it("shows on the hub's card too, and not at all on an admin's scrim", async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: testUser(), identity: null } });
    renderAt(
      '/card',
      '/card',
      <>
        <ScrimCard scrim={makeScrim({ hostedBy: hostUser })} />
        <ScrimCard scrim={makeScrim({ _id: '00000000-0000-4000-8000-000000000002', title: 'Admin night' })} />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Hosty#HOST' })).toBeInTheDocument();
    expect(screen.getAllByText('Hosted by')).toHaveLength(1);
  });
});

describe("a host's tools", () => {
  it('a host sees the edit, assign, fill, drag and kick tools on their own scrim', async () => {
    const user = userEvent.setup();
    const scrim = makeScrim({ ...players(3), hostedBy: hostUser });
    const calls = renderScrimPage(scrim, HOST, {
      [`PATCH /scrims/${scrim._id}/remove-player/${scrimUser(2)._id}`]: { ...scrim, ...players(1) },
    });
    expect(await screen.findByRole('link', { name: 'Edit scrim' })).toHaveAttribute(
      'href',
      `/scrims/${scrim._id}/edit`,
    );
    expect(screen.getByRole('button', { name: 'Assign player' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill empty slots with random players' })).toBeInTheDocument();
    expect(screen.getByText(/drag/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kick Player 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to kick Player 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Kick' }));
    await screen.findByRole('link', { name: /Player 1#/ });
    expect(calls.some((c) => c.method === 'PATCH' && c.path.endsWith(`remove-player/${scrimUser(2)._id}`))).toBe(true);
  });

  it('names each host tool in words next to its icon, under a "Host tools" label (no icon-only buttons)', async () => {
    const scrim = makeScrim({ ...players(3), hostedBy: hostUser, gameStartTime: hoursFromNow(2) });
    renderScrimPage(scrim, HOST, {});
    const tools = await screen.findByRole('group', { name: 'Host tools' });
    expect(within(tools).getByRole('link', { name: 'Edit scrim' })).toHaveTextContent('Edit scrim');
    expect(within(tools).getByRole('button', { name: 'Assign player' })).toHaveTextContent('Assign player');
    expect(within(tools).getByRole('button', { name: 'Fill empty slots with random players' })).toHaveTextContent(
      'Fill empty slots',
    );
    expect(within(tools).getByRole('button', { name: 'Cancel scrim' })).toHaveTextContent('Cancel scrim');
  });

  it("a host's assign offers only the scrim's players and its waitlist, with no name search", async () => {
    const user = userEvent.setup();
    const waiting = scrimUser(30, { name: 'Bench Warmer' });
    const scrim = makeScrim({
      ...players(2),
      hostedBy: hostUser,
      waitlist: [{ _user: waiting, role: 'any', joinedAt: hoursFromNow(-1) }],
    });
    renderScrimPage(scrim, HOST);
    await user.click(await screen.findByRole('button', { name: 'Assign player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Player' });
    expect(within(dialog).queryByRole('combobox', { name: 'Search user' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Player in the scrim or on its waitlist' }));
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['Player 1#NA1', 'Player 2#NA1', 'Bench Warmer#NA1']);
  });

  it('offers no assign nor fill once the scrim is over (won, cancelled or abandoned)', async () => {
    const ended: Partial<Scrim>[] = [
      { teamWon: 'teamOne', status: 'finished', gameStartTime: hoursFromNow(-1) },
      { status: 'cancelled', cancellation: { reason: 'Rain', cancelledAt: hoursFromNow(-1) } },
      { status: 'abandoned', abandonedAt: hoursFromNow(-0.5), gameStartTime: hoursFromNow(-1) },
    ];
    for (const state of ended) {
      renderScrimPage(makeScrim({ ...players(3), hostedBy: hostUser, ...state }), HOST);
      expect(await screen.findByRole('link', { name: 'Edit scrim' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Assign player' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Fill empty slots with random players' })).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('offers the host the winner buttons of their started full scrim', async () => {
    const scrim = makeScrim({ ...players(10), hostedBy: hostUser, gameStartTime: hoursFromNow(-0.2) });
    renderScrimPage(scrim, HOST);
    expect(await screen.findAllByRole('button', { name: /won$/ })).not.toHaveLength(0);
  });

  it("shows no tool on an admin's scrim, another host's, or once the host no longer hosts its region", async () => {
    for (const [scrim, user] of [
      [makeScrim({ ...players(3) }), HOST],
      [makeScrim({ ...players(3), hostedBy: otherHost }), HOST],
      [makeScrim({ ...players(3), hostedBy: hostUser }), testUser({ ...HOST, hostRegions: ['EUW'] })],
    ] as [Scrim, CurrentUser][]) {
      renderScrimPage(scrim, user);
      await screen.findByRole('link', { name: /Player 1#/ });
      expectNoTools();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
