import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim, ScrimPlayer } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';
import { renderScrimPage } from '../test/render-scrim';
import { makeScrim, playerRating, players, scrimUser } from '../test/scrim-factory';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ME = testUser();
const MINUTE = 60_000;
const NOW = Date.parse('2026-05-01T19:00:00.000Z');
const meAsTop: ScrimPlayer = {
  _user: scrimUser(0, { _id: ME._id, name: ME.name }),
  role: 'Top',
  team: { name: 'teamOne' },
  rating: playerRating,
};

/** Ten players, ME as Blue Top, starting `startsIn` minutes after NOW, check-in 30 to 5 minutes before. */
function scrimStartingIn(startsIn: number, checkedIn: string[] = []): Scrim {
  const ten = players(10);
  const start = NOW + startsIn * MINUTE;
  return makeScrim({
    teamOne: [meAsTop, ...ten.teamOne.slice(1)],
    teamTwo: ten.teamTwo,
    gameStartTime: new Date(start).toISOString(),
    checkIn: {
      opensAt: new Date(start - 30 * MINUTE).toISOString(),
      closesAt: new Date(start - 5 * MINUTE).toISOString(),
      checkedIn,
    },
  });
}

const panel = () => screen.findByRole('region', { name: 'Check-in' });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('check-in', () => {
  it('says when it opens, opens on time without a reload, checks in, and marks the slot', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const scrim = scrimStartingIn(31);
    const calls = renderScrimPage(scrim, ME, {
      [`POST /scrims/${scrim._id}/check-in`]: { ...scrim, checkIn: { ...scrim.checkIn!, checkedIn: [ME._id] } },
    });
    const box = within(await panel());
    expect(box.getByText(/^Check-in opens at \d{1,2}:\d\d [AP]M/)).toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Check in' })).toBeNull();

    await advance(MINUTE);
    const button = await box.findByRole('button', { name: 'Check in' });
    expect(box.getByRole('timer')).toHaveTextContent(/^2[45]m/);
    expect(screen.queryByRole('img', { name: 'Checked in' })).toBeNull();

    await userEvent.click(button);
    expect(await box.findByText('Checked in ✓')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/check-in'))).toMatchObject({ method: 'POST' });
    const mySlot = screen.getByRole('link', { name: /Tester/ }).closest('li')!;
    expect(within(mySlot).getByRole('img', { name: 'Checked in' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Checked in' })).toHaveLength(1);
  });

  it('after the close, shows who is confirmed (and no button)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const confirmedIds = [scrimUser(2)._id, scrimUser(7)._id];
    renderScrimPage(scrimStartingIn(6, confirmedIds), ME);
    const box = within(await panel());
    expect(await box.findByRole('button', { name: 'Check in' })).toBeInTheDocument();

    await advance(MINUTE);
    expect(await box.findByText('Check-in is closed.')).toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Check in' })).toBeNull();
    const list = box.getByRole('list', { name: '2/10 confirmed' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Player 2#NA1', 'Player 7#NA1']);
  });

  it('after the start, folds away below the teams, its header opening it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScrimPage(scrimStartingIn(-10, [scrimUser(2)._id]), ME);
    const region = await panel();
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const header = within(region).getByRole('button', { name: 'Check-in' });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByRole('list', { name: '1/10 confirmed' })).toBeNull();

    await user.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(within(region).getByRole('list', { name: '1/10 confirmed' })).toBeVisible();
  });

  it('is not shown when check-in is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const open = scrimStartingIn(20);
    renderScrimPage({ ...open, checkIn: null }, ME);
    await screen.findByRole('link', { name: /Tester/ });
    expect(screen.queryByRole('region', { name: 'Check-in' })).toBeNull();
  });

  it('is not shown to a viewer who is not a player', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    renderScrimPage(scrimStartingIn(20), testUser({ _id: scrimUser(60)._id, name: 'Outsider' }));
    await screen.findByRole('link', { name: /Tester/ });
    expect(screen.queryByRole('region', { name: 'Check-in' })).toBeNull();
  });

  it('shows the host who runs the scrim the count, without a button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const host = scrimUser(61, { name: 'Host' });
    renderScrimPage(
      { ...scrimStartingIn(20, [ME._id]), hostedBy: host },
      testUser({ _id: host._id, name: 'Host', hostRegions: ['NA'] }),
    );
    const box = within(await panel());
    expect(box.getByText('1/10 confirmed')).toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('from a notification (?checkin=1) the Check in button has the focus: one click to check in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const scrim = scrimStartingIn(20);
    stubApi({ 'GET /auth/session': { token: 't', user: ME, identity: null }, [`GET /scrims/${scrim._id}`]: scrim });
    renderAt(`/scrims/${scrim._id}?checkin=1`, '/scrims/:id', <ScrimDetailPage />);
    const button = await within(await panel()).findByRole('button', { name: 'Check in' });
    expect(button).toHaveFocus();
  });
});
