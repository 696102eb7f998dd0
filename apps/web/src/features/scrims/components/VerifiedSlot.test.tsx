import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';
import { makeScrim, players } from '../test/scrim-factory';

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

describe("a slot's name on a phone", () => {
  it('lets the marks wrap below the name instead of cutting it, the full name as its hover title', async () => {
    const scrim = makeScrim(players(3));
    scrim.teamOne[0]!._user.name = 'Sir Longname The Third';
    stubApi({
      'GET /auth/session': { token: 't', user: testUser(), identity: null },
      [`GET /scrims/${scrim._id}`]: scrim,
    });
    renderAt(`/scrims/${scrim._id}`, '/scrims/:id', <ScrimDetailPage />);
    const link = await screen.findByRole('link', { name: /Sir Longname The Third/ });
    expect(link).toHaveAttribute('title', `Sir Longname The Third#${scrim.teamOne[0]!._user.summonerTagline}`);
    // The name may take the whole line; the chips and marks beside it go to the next line when they do not fit.
    expect(getComputedStyle(link.parentElement!).flexWrap).toBe('wrap');
    expect(getComputedStyle(link).maxWidth).toBe('100%');
  });
});
