import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, playerRating, scrimUser } from '../test/scrim-factory';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser();
const withMe = (gameStartTime: string): Scrim =>
  makeScrim({
    gameStartTime,
    teamOne: [
      {
        _user: scrimUser(0, { _id: ME._id, name: ME.name }),
        role: 'Top',
        team: { name: 'teamOne' },
        rating: playerRating,
      },
    ],
  });

async function openLeave(scrim: Scrim) {
  const calls = renderScrimPage(scrim, ME, {
    [`PATCH /scrims/${scrim._id}/remove-player/${ME._id}`]: { ...scrim, teamOne: [] },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Leave this game' }));
  return { calls, dialog: await screen.findByRole('dialog', { name: 'Leave this scrim?' }) };
}

describe('leaving a slot', () => {
  it('more than 2 hours before the start: costs nothing, and the optional reason goes with it', async () => {
    const scrim = withMe(hoursFromNow(3));
    const { calls, dialog } = await openLeave(scrim);
    expect(dialog).toHaveTextContent(/Leaving now is free for (1 h|59 min) more; after that/);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), '  Family dinner ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('button', { name: 'Join Team One (Blue Side) as Top' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/scrims/${scrim._id}/remove-player/${ME._id}`,
      body: { reason: 'Family dinner' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('under 2 hours: warns that it counts against reliability; without a reason the body has none', async () => {
    const scrim = withMe(hoursFromNow(1.5));
    const { calls, dialog } = await openLeave(scrim);
    expect(
      within(dialog).getByText(
        'Less than 2 hours before the start: leaving now is a late leave and counts against your reliability (a broken commitment among your last 20).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('button', { name: 'Join Team One (Blue Side) as Top' });
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({});
  });

  it('says exactly how long leaving stays free, counting down to the 2-hour line, then names the cost', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T18:00:00Z'));
      const start = new Date('2026-11-28T21:12:30Z').toISOString();
      const { dialog } = await openLeave(withMe(start));
      expect(dialog).toHaveTextContent(
        'Leaving now is free for 1 h 12 min more; after that (2 hours before the start) it counts as a late leave ' +
          'against your reliability.',
      );
      act(() => vi.advanceTimersByTime(60 * 60_000));
      expect(dialog).toHaveTextContent('Leaving now is free for 12 min more;');
      act(() => vi.advanceTimersByTime(12 * 60_000 + 45_000));
      expect(dialog).toHaveTextContent('Less than 2 hours before the start: leaving now is a late leave');
      expect(dialog).not.toHaveTextContent('free for');
    } finally {
      vi.useRealTimers();
    }
  });

  it('after the start: names the late leave and where the seat goes', async () => {
    const { dialog } = await openLeave({ ...withMe(hoursFromNow(-0.1)), status: 'live' });
    expect(
      within(dialog).getByText(/The game has started: leaving now is a late leave and counts against your reliability/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/first player waiting, else to a substitute the host picks/)).toBeInTheDocument();
  });

  it('a player a host or admin placed: under 2 hours it still costs nothing', async () => {
    const scrim = { ...withMe(hoursFromNow(1.5)), placed: [ME._id] };
    const { dialog } = await openLeave(scrim);
    expect(
      within(dialog).getByText('A host or admin put you in this scrim: leaving costs you nothing.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/counts against your reliability/)).toBeNull();
  });

  it('Stay closes the dialog and keeps the slot', async () => {
    const { calls, dialog } = await openLeave(withMe(hoursFromNow(3)));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
