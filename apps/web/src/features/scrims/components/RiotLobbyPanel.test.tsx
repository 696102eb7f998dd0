import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RiotLobby, Scrim } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { makeScrim, players } from '../test/scrim-factory';
import { RiotLobbyPanel } from './RiotLobbyPanel';

const ten = players(10);
const ids = [...ten.teamOne, ...ten.teamTwo].map((p) => p._user._id);
const lobbyWith = (inIds: string[], unknown = 0): RiotLobby => ({
  checkedAt: '2026-05-01T19:00:00.000Z',
  count: inIds.length,
  players: ids.map((userId) => ({ userId, state: inIds.includes(userId) ? 'in' : 'missing' })),
  unknown,
});
const panel = () => screen.findByRole('region', { name: /^Riot lobby:/ });

describe('the Riot lobby panel', () => {
  it('says how many are in, marks each player in or not yet, and counts the people it cannot name', async () => {
    const { rerender } = render(<RiotLobbyPanel scrim={ten} lobby={lobbyWith(ids.slice(0, 8), 1)} />);
    const box = within(await panel());
    expect(box.getByRole('heading', { name: 'Riot lobby: 8/10 in' })).toBeInTheDocument();
    const rows = box.getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.dataset.state === 'in')).toHaveLength(8);
    expect(within(rows[9]!).getByText(ten.teamTwo[4]!._user.name)).toBeInTheDocument();
    expect(within(rows[9]!).getByText('not yet')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('in')).toBeInTheDocument();
    expect(box.getByText('+1 not identified ·')).toBeInTheDocument();
    // No side: Riot's lobby does not say one.
    expect(box.queryByText(/Blue|Red/)).toBeNull();
    expect(box.getByText(/does not say who sits on which side/)).toBeInTheDocument();

    // The next read (a quit): the panel follows.
    rerender(<RiotLobbyPanel scrim={ten} lobby={lobbyWith(ids.slice(1, 8))} />);
    expect(screen.getByRole('heading', { name: 'Riot lobby: 7/10 in' })).toBeInTheDocument();
    expect(screen.queryByText(/not identified/)).toBeNull();
  });

  it('is on the scrim page when the scrim carries riotLobby', async () => {
    const me = testUser({ _id: ids[0]! });
    const scrim: Scrim = makeScrim({ ...ten, riotLobby: lobbyWith(ids.slice(0, 3)) });
    renderScrimPage(scrim, me);
    expect(within(await panel()).getByRole('heading', { name: 'Riot lobby: 3/10 in' })).toBeInTheDocument();
  });

  it('is not on the scrim page without riotLobby (a viewer without lobby rights, or before the guard)', async () => {
    const scrim: Scrim = makeScrim({ ...ten, riotLobby: null });
    renderScrimPage(scrim, testUser());
    expect(await screen.findByText(scrim.title)).toBeInTheDocument();
    expect(screen.queryByTestId('riot-lobby-panel')).toBeNull();
  });
});
