import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Scrim, ScrimPlayer } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { makeScrim, playerRating, players, scrimUser } from '../test/scrim-factory';

const ME = testUser();
const meAsTop: ScrimPlayer = {
  _user: scrimUser(0, { _id: ME._id, name: ME.name }),
  role: 'Top',
  team: { name: 'teamOne' },
  rating: playerRating,
};

/** Ten players, ME as Blue Top; `placed`: the players a host or admin put in who have not confirmed. */
function scrimWith(placed: string[]): Scrim {
  const ten = players(10);
  return makeScrim({ teamOne: [meAsTop, ...ten.teamOne.slice(1)], teamTwo: ten.teamTwo, placed });
}

const notice = () => screen.queryByRole('region', { name: 'You were put in this scrim' });

describe('the placed notice', () => {
  it('tells a placed viewer they may leave at no cost, and "Confirm my place" confirms it', async () => {
    const scrim = scrimWith([ME._id]);
    const calls = renderScrimPage(scrim, ME, { [`POST /scrims/${scrim._id}/confirm-place`]: { ...scrim, placed: [] } });
    const box = within(await screen.findByRole('region', { name: 'You were put in this scrim' }));
    expect(box.getByText(/leaving costs you nothing/)).toBeInTheDocument();

    await userEvent.click(box.getByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByText('Your place is confirmed. See you in the lobby!')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/confirm-place'))).toMatchObject({ method: 'POST' });
    expect(notice()).toBeNull();
  });

  it('is not shown to a player who chose the place (another player is the placed one)', async () => {
    renderScrimPage(scrimWith([scrimUser(3)._id]), ME);
    await screen.findByRole('link', { name: /Tester/ });
    expect(notice()).toBeNull();
  });
});
