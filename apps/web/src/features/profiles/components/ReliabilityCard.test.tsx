import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reliability } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ReliabilityCard } from './ReliabilityCard';

afterEach(() => vi.unstubAllGlobals());

const USER_ID = '00000000-0000-4000-8000-0000000000bb';
const inADay = () => new Date(Date.now() + 24 * 3_600_000).toISOString();

function renderCard(
  answer: Reliability | (() => Reliability),
  { viewerIsAdmin = false, clear }: { viewerIsAdmin?: boolean; clear?: () => { status?: number; body: unknown } } = {},
) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: testUser({ isAdmin: viewerIsAdmin }), identity: null },
    [`GET /users/${USER_ID}/reliability`]: typeof answer === 'function' ? () => ({ body: answer() }) : answer,
    ...(clear && { [`DELETE /admin/users/${USER_ID}/cooldown`]: clear }),
  });
  renderAt('/p', '/p', <ReliabilityCard userId={USER_ID} viewerIsAdmin={viewerIsAdmin} />);
  return calls;
}

const rated = (over: Partial<Reliability> = {}): Reliability => ({
  state: 'rated',
  score: 60,
  commitments: 5,
  noShows: 2,
  lateLeaves: 0,
  broken: [],
  cooldownUntil: null,
  ...over,
});

describe('the reliability card', () => {
  it('shows the score, the commitments, the no-shows and the late leaves', async () => {
    renderCard(rated({ score: 85, commitments: 20, noShows: 3, lateLeaves: 1 }));
    expect(await screen.findByText('85 %')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reliability' })).toHaveTextContent(
      '20 commitments · 3 no-shows · 1 late leave',
    );
    expect(screen.queryByText(/Cannot join/)).toBeNull();
  });

  it('says "New" before 5 commitments, never a red 0 %, and lists the late leave with its scrim and date', async () => {
    renderCard({
      state: 'new',
      score: null,
      commitments: 1,
      noShows: 0,
      lateLeaves: 1,
      broken: [
        {
          outcome: 'late_leave',
          at: '2026-11-20T19:10:00.000Z',
          scrim: { _id: 'scrim-1', title: 'Friday Flex', gameStartTime: '2026-11-20T20:00:00.000Z' },
        },
        { outcome: 'no_show', at: '2026-11-18T19:10:00.000Z', scrim: null },
      ],
      cooldownUntil: null,
    });
    const card = await screen.findByRole('region', { name: 'Reliability' });
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('%');
    expect(card).toHaveTextContent('1 commitment · 0 no-shows · 1 late leave');
    expect(card).toHaveTextContent('Shown as a share once 5 scrims are joined');
    const list = within(card).getByRole('region', { name: 'No-shows and late leaves' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Late leaveFriday Flex11\/20\/2026/);
    expect(within(items[0]!).getByRole('link', { name: 'Friday Flex' })).toHaveAttribute('href', '/scrims/scrim-1');
    expect(items[1]).toHaveTextContent(/^No-showa private scrim11\/18\/2026/);
  });

  it('shows a cooldown, without "Clear cooldown" for a non-admin', async () => {
    renderCard(rated({ cooldownUntil: inADay() }));
    expect(await screen.findByText(/^Cannot join scrims until \w{3},? .+ \d\d:\d\d( [AP]M)? \S+$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear cooldown' })).toBeNull();
  });

  it('an admin clears it (204: the reliability is read again)', async () => {
    let cooldownUntil: string | null = inADay();
    const calls = renderCard(() => rated({ cooldownUntil }), {
      viewerIsAdmin: true,
      clear: () => {
        cooldownUntil = null;
        return { status: 204, body: undefined };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear cooldown' }));
    expect(await screen.findByText('Cooldown cleared.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Cannot join/)).toBeNull());
    expect(calls.filter((c) => c.path === `/users/${USER_ID}/reliability`)).toHaveLength(2);
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(`/admin/users/${USER_ID}/cooldown`);
  });

  it('an admin clears it (the answer is the new reliability)', async () => {
    const calls = renderCard(() => rated({ cooldownUntil: inADay() }), {
      viewerIsAdmin: true,
      clear: () => ({ body: rated() }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear cooldown' }));
    await waitFor(() => expect(screen.queryByText(/Cannot join/)).toBeNull());
    expect(calls.filter((c) => c.path === `/users/${USER_ID}/reliability`)).toHaveLength(1);
  });
});
