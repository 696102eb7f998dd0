import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';
import { makeScrim, players } from '../test/scrim-factory';

vi.mock('../../../lib/socket', () => ({ getSocket: () => new Promise(() => {}), closeSocket: () => {} }));
afterEach(() => vi.unstubAllGlobals());

describe('a scrim slot', () => {
  it('shows the verified badge beside the name of a player whose Riot account is linked, and only theirs', async () => {
    const scrim = makeScrim(players(3));
    scrim.teamOne[1]!._user.verified = true;
    stubApi({
      'GET /auth/session': { token: 't', user: testUser(), identity: null },
      [`GET /scrims/${scrim._id}`]: scrim,
    });
    renderAt(`/scrims/${scrim._id}`, '/scrims/:id', <ScrimDetailPage />);
    const badges = await screen.findAllByRole('img', { name: 'Verified Riot account' });
    expect(badges).toHaveLength(1);
    const slot = screen.getByRole('link', { name: /Player 2/ }).parentElement!;
    expect(within(slot).getByRole('img', { name: 'Verified Riot account' })).toBe(badges[0]);
  });
});
