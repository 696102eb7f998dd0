import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim } from '../test/scrim-factory';
import { ScrimCard } from './ScrimCard';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser();
const ICS = (scrim: Scrim) => `/api/scrims/${scrim._id}/calendar.ics`;

/** The scrim as a hub card (collapsed, its title a link). */
function renderHubCard(scrim: Scrim) {
  stubApi({ 'GET /auth/session': { token: 't', user: ME, identity: null } });
  renderAt('/scrims', '/scrims', <ScrimCard scrim={scrim} />);
}

describe('Add to calendar', () => {
  it("is a text link on the scrim's page that downloads its .ics file", async () => {
    const scrim = makeScrim({ isPrivate: true });
    renderScrimPage(scrim, ME);
    const link = await screen.findByRole('link', { name: SCRIM_TEXTS.addToCalendar });
    expect(link).toHaveAttribute('href', ICS(scrim));
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent(SCRIM_TEXTS.addToCalendar);
  });

  it('is an icon link named by its hover hint on a hub card', async () => {
    const scrim = makeScrim();
    renderHubCard(scrim);
    const link = await screen.findByRole('link', { name: SCRIM_TEXTS.addToCalendar });
    expect(link).toHaveAttribute('href', ICS(scrim));
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAttribute('title', SCRIM_TEXTS.addToCalendar);
    expect(link).toHaveTextContent('');
  });

  it.each([
    ['finished', { status: 'finished', teamWon: 'teamOne', gameStartTime: hoursFromNow(-2) }],
    ['live', { status: 'live', gameStartTime: hoursFromNow(-0.2) }],
    ['cancelled', { status: 'cancelled' }],
  ] as const)('is not offered for a %s scrim', async (_status, overrides) => {
    const scrim = makeScrim(overrides as Partial<Scrim>);
    renderScrimPage(scrim, ME);
    expect(await screen.findByRole('heading', { level: 1, name: scrim.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: SCRIM_TEXTS.addToCalendar })).not.toBeInTheDocument();
  });
});
