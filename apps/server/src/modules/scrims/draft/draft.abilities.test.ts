import { afterAll, describe, expect, it } from 'vitest';
import { DRAFT_ORDER, type DraftAbilities, type DraftSide } from '@scrim-gym/shared';
import { communityHosts } from '../../../db/schema/index.js';
import { draftApi, draftScrim, startDraft } from '../../../test/draft-api.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot } from '../../../test/fake-riot.js';
import { useSocialApp } from '../../../test/social.js';

/**
 * The abilities a draft answers (`can`) are what its routes allow: for each viewer of a waiting and of a running
 * draft, every power the answer grants succeeds (on a fresh draft of the same state, so one success does not change
 * the next check) and every power it denies is refused, leaving the draft as it was.
 */
const riot = await startFakeRiot();
afterAll(() => riot.close());
const t = useSocialApp({ DDRAGON_BASE_URL: riot.url });
const db = () => t.db();
const api = draftApi((...args) => t.call(...args));

type Viewer = 'blueDrafter' | 'blueMate' | 'redDrafter' | 'stranger' | 'host' | 'admin';
const VIEWERS: Viewer[] = ['blueDrafter', 'blueMate', 'redDrafter', 'stranger', 'host', 'admin'];

/** A pick-up draft (its host a community host of its region) in `state`, and who is who in it. */
async function world(state: 'waiting' | 'running') {
  const admin = await createAdmin({ db: db() });
  const host = await createUser({ db: db() });
  await db().insert(communityHosts).values({ userId: host.id, region: 'NA', grantedBy: admin.id });
  const { scrim, blue, red } = await draftScrim(db(), { hostedBy: host.id, createdBy: host.id });
  const drafters = { blue: blue[0]!, red: red[0]! };
  if (state === 'running') await startDraft(api, scrim.id, drafters);
  const people: Record<Viewer, TestUser> = {
    blueDrafter: blue[0]!,
    blueMate: blue[1]!,
    redDrafter: red[0]!,
    stranger: await createUser({ db: db() }),
    host,
    admin,
  };
  return { scrimId: scrim.id, people };
}

/** Each power, tried as the viewer: its answer's status. */
const tries: Record<string, (scrimId: string, as: TestUser, other: TestUser) => Promise<{ statusCode: number }>> = {
  'ready.blue': (id, as) => api.ready(id, as, 'blue'),
  'ready.red': (id, as) => api.ready(id, as, 'red'),
  'chooseDrafter.blue': (id, as, other) => api.drafter(id, as, 'blue', other.id),
  'chooseDrafter.red': (id, as, other) => api.drafter(id, as, 'red', other.id),
  hover: (id, as) => api.hover(id, as, 'Ahri'),
  lock: (id, as) => api.lock(id, as, 'Ahri'),
  reset: (id, as) => api.reset(id, as),
};

const granted = (can: DraftAbilities, power: string) => {
  const [name, side] = power.split('.') as [keyof DraftAbilities, DraftSide | undefined];
  const value = can[name];
  return side ? (value as Record<DraftSide, boolean>)[side] : value !== null && value !== false;
};

describe("the draft's abilities match its routes' answers", () => {
  for (const state of ['waiting', 'running'] as const) {
    it(`a ${state} draft`, async () => {
      const { scrimId, people } = await world(state);
      expect(DRAFT_ORDER[0]!.side).toBe('blue');
      const checked: string[] = [];
      for (const viewer of VIEWERS) {
        const can = (await api.getOk(scrimId, people[viewer])).can!;
        expect(can, viewer).toBeDefined();
        for (const [power, attempt] of Object.entries(tries)) {
          const side = power.endsWith('.red') ? 'red' : 'blue';
          if (granted(can, power)) {
            const fresh = await world(state);
            const other = side === 'red' ? fresh.people.redDrafter : fresh.people.blueMate;
            const res = await attempt(fresh.scrimId, fresh.people[viewer], other);
            expect(res.statusCode, `${viewer} may ${power} a ${state} draft`).toBe(200);
          } else {
            const other = side === 'red' ? people.redDrafter : people.blueMate;
            const before = (await api.getOk(scrimId, people.admin)).version;
            const res = await attempt(scrimId, people[viewer], other);
            expect(res.statusCode, `${viewer} may not ${power} a ${state} draft`).toBeGreaterThanOrEqual(400);
            expect((await api.getOk(scrimId, people.admin)).version).toBe(before);
          }
          checked.push(`${viewer} ${power} ${granted(can, power)}`);
        }
      }
      // The matrix is not empty on either side: each state grants some powers and denies others.
      expect(checked.some((c) => c.endsWith('true'))).toBe(true);
      expect(checked.some((c) => c.endsWith('false'))).toBe(true);
    });
  }
});
