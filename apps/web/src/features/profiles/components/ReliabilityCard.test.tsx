import { screen, waitFor } from '@testing-library/react';
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

describe('the reliability card', () => {
  it('shows the score, the commitments and the no-shows', async () => {
    renderCard({ score: 85, commitments: 20, noShows: 3, cooldownUntil: null });
    expect(await screen.findByText('85 %')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reliability' })).toHaveTextContent('20 commitments · 3 no-shows');
    expect(screen.queryByText(/Cannot join/)).toBeNull();
  });

  it('says "No scrims yet" before the first commitment', async () => {
    renderCard({ score: null, commitments: 0, noShows: 0, cooldownUntil: null });
    expect(await screen.findByText('No scrims yet')).toBeInTheDocument();
  });

  it('shows a cooldown, without "Clear cooldown" for a non-admin', async () => {
    renderCard({ score: 60, commitments: 5, noShows: 2, cooldownUntil: inADay() });
    expect(await screen.findByText(/^Cannot join scrims until \d\d\/\d\d\/\d{4}/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear cooldown' })).toBeNull();
  });

  it('an admin clears it (204: the reliability is read again)', async () => {
    let cooldownUntil: string | null = inADay();
    const calls = renderCard(() => ({ score: 60, commitments: 5, noShows: 2, cooldownUntil }), {
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
    const calls = renderCard(() => ({ score: 60, commitments: 5, noShows: 2, cooldownUntil: inADay() }), {
      viewerIsAdmin: true,
      clear: () => ({ body: { score: 60, commitments: 5, noShows: 2, cooldownUntil: null } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear cooldown' }));
    await waitFor(() => expect(screen.queryByText(/Cannot join/)).toBeNull());
    expect(calls.filter((c) => c.path === `/users/${USER_ID}/reliability`)).toHaveLength(1);
  });
});
