import type { Scrim } from '@scrim-gym/shared';
import { renderAt, stubApi, type testUser } from '../../../test/render';
import { ScrimDetailPage } from '../pages/ScrimDetailPage';

/**
 * The scrim page as `user` sees it, with the API stubbed (the session, the scrim, and `handlers`): the card's
 * natural harness, it renders the cached scrim, which actions replace. Returns the recorded API calls.
 */
export function renderScrimPage(scrim: Scrim, user: ReturnType<typeof testUser>, handlers: object = {}) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user, identity: null },
    [`GET /scrims/${scrim._id}`]: scrim,
    ...handlers,
  });
  renderAt(`/scrims/${scrim._id}`, '/scrims/:id', <ScrimDetailPage />);
  return calls;
}
