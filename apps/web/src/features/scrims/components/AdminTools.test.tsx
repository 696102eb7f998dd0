import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';
import { makeScrim, players, scrimUser } from '../test/scrim-factory';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = testUser({ isAdmin: true });

function renderAsAdmin(scrim: Scrim, handlers: Record<string, unknown> = {}) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: ADMIN, identity: null },
    [`GET /scrims/${scrim._id}`]: scrim,
    ...handlers,
  });
  renderAt(`/scrims/${scrim._id}`, '/scrims/:id', <ScrimDetailPage />);
  return calls;
}

describe('admin assign', () => {
  it('searches users of the region from 2 characters, requires user, team and role, and assigns', async () => {
    const user = userEvent.setup();
    const scrim = makeScrim();
    const found = scrimUser(5, { name: 'Faker Fan' });
    const calls = renderAsAdmin(scrim, {
      'GET /users/search': { users: [found] },
      [`PATCH /scrims/${scrim._id}/admin-assign-player`]: {
        ...scrim,
        teamTwo: [{ _user: found, role: 'Mid', team: { name: 'teamTwo' } }],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Assign player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Player' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please select a user, team, and role')).toBeInTheDocument();

    const search = within(dialog).getByRole('combobox', { name: 'Search user' });
    await user.type(search, 'F');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    await user.type(search, 'ak');
    await user.click(await screen.findByRole('option', { name: /Faker Fan#NA1/ }));
    const searched = vi
      .mocked(fetch)
      .mock.calls.map(([url]) => String(url))
      .find((url) => url.startsWith('/api/users/search'))!;
    expect(new URL(searched, 'http://x').searchParams.get('region')).toBe('NA');

    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(screen.getByRole('option', { name: 'Team Two (Red Side)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Mid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Player assigned successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('admin-assign-player'))!.body).toEqual({
      userId: found._id,
      teamName: 'teamTwo',
      role: 'Mid',
    });
  });
});

describe('admin fill random', () => {
  it("says 'No empty positions to fill' for a full scrim", async () => {
    const calls = renderAsAdmin(makeScrim(players(10)));
    await userEvent.click(await screen.findByRole('button', { name: 'Fill empty slots with random players' }));
    expect(await screen.findByText('No empty positions to fill')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('fills the empty slots and says how many', async () => {
    const scrim = makeScrim(players(7));
    renderAsAdmin(scrim, {
      [`PATCH /scrims/${scrim._id}/admin-fill-random`]: { filledPositions: 3, scrim: { ...scrim, ...players(10) } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Fill empty slots with random players' }));
    expect(await screen.findByText('Successfully filled 3 positions with random players!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Player 10/ })).toBeInTheDocument();
  });
});

describe('admin drag and drop', () => {
  function dataTransfer() {
    const data = new Map<string, string>();
    return {
      setData: (type: string, value: string) => void data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
    };
  }
  const slotOf = (name: RegExp) => screen.getByRole('link', { name }).closest('li')!;

  it("swaps the dragged player into the slot ('Players swapped!'), and ignores a drop on the same player", async () => {
    const scrim = makeScrim(players(7));
    const calls = renderAsAdmin(scrim, { [`PATCH /scrims/${scrim._id}/swap-players`]: scrim });
    await screen.findByRole('link', { name: /Player 1#/ });
    const transfer = dataTransfer();
    fireEvent.dragStart(slotOf(/Player 1#/), { dataTransfer: transfer });
    fireEvent.dragOver(slotOf(/Player 1#/), { dataTransfer: transfer });
    fireEvent.drop(slotOf(/Player 1#/), { dataTransfer: transfer });
    expect(calls.some((c) => c.path.endsWith('swap-players'))).toBe(false);

    const emptySupport = screen.getByRole('button', { name: 'Join Team Two (Red Side) as Support' }).closest('li')!;
    fireEvent.dragOver(emptySupport, { dataTransfer: transfer });
    fireEvent.drop(emptySupport, { dataTransfer: transfer });
    expect(await screen.findByText('Players swapped!')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('swap-players'))!.body).toEqual({
      userId: scrimUser(1)._id,
      team: 'teamTwo',
      role: 'Support',
    });
  });
});
