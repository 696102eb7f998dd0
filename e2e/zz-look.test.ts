import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, newPage, screenshot, signInViaApi } from './support/browser.js';
import { baseURL, registerContext, runTag, skipReason, useBrowser } from './support/journey.js';

const RUN = runTag();
const MINUTE = 60_000;
const SLOTS = ['teamOne', 'teamTwo'].flatMap((team) =>
  ['Top', 'Jungle', 'Mid', 'ADC', 'Support'].map((role) => ({ team, role })),
);

describe.skipIf(Boolean(skipReason))('look', () => {
  const browser = useBrowser();
  let admin: BrowserContext;
  beforeAll(async () => {
    admin = await newContext(browser, baseURL);
    await signInViaApi(admin, 'admin@scrimgym.dev');
  }, 60_000);

  async function createScrim(title: string, startsInMs: number, extra: object = {}) {
    const res = await admin.request.post('/api/scrims', {
      data: { title, region: 'NA', gameStartTime: new Date(Date.now() + startsInMs).toISOString(), useTournamentCode: false, ...extra },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { _id: string };
  }

  async function view(who: BrowserContext, viewport: 'desktop' | 'mobile') {
    const { context, page } = await newPage(browser, { baseURL, viewport });
    await context.addCookies(await who.cookies());
    return page;
  }

  it('screens', { timeout: 300_000 }, async () => {
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        registerContext(browser, { name: `Look ${RUN}${i}`, handle: `look-${RUN}-${i}`, tagline: 'E2E', rank: 'Gold 2' }),
      ),
    );
    // 1. A placed player sees the notice.
    const placed = await createScrim(`Placed ${RUN}`, 60 * MINUTE);
    const assign = await admin.request.patch(`/api/scrims/${placed._id}/admin-assign-player`, {
      data: { userId: people[0]!.id, teamName: 'teamOne', role: 'Mid' },
    });
    expect(assign.status(), await assign.text()).toBe(200);
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await view(people[0]!.context, viewport);
      await page.goto(`/scrims/${placed._id}`);
      await page.getByRole('button', { name: 'Confirm my place' }).first().waitFor({ timeout: 20_000 });
      await screenshot(page, `look-placed-${viewport}`);
      await page.close();
    }
    // 2. A pending result and 3. an unrated private scrim.
    const played = await createScrim(`Pending ${RUN}`, 20 * MINUTE);
    const priv = await createScrim(`Private ${RUN}`, 20 * MINUTE, { isPrivate: true });
    for (const id of [played._id, priv._id])
      for (const [i, p] of people.entries()) {
        const r = await p.context.request.patch(`/api/scrims/${id}/insert-player/${p.id}`, {
          data: { playerData: { role: SLOTS[i]!.role, team: { name: SLOTS[i]!.team } } },
        });
        expect(r.status(), await r.text()).toBe(200);
      }
    for (const id of [played._id, priv._id]) {
      const cur = await (await admin.request.get(`/api/scrims/${id}`)).json();
      const moved = await admin.request.put(`/api/scrims/${id}`, {
        data: {
          title: cur.title, region: 'NA', gameStartTime: new Date(Date.now() - 40 * MINUTE).toISOString(),
          isPrivate: id === priv._id, isWithCasters: false, maxCastersAllowedCount: 0,
          lobbyName: cur.lobbyName ?? 'L', lobbyPassword: cur.lobbyPassword ?? 'secret', lobbyHost: 'keep', teamWon: null, useTournamentCode: false,
        },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const cur = await (await admin.request.get(`/api/scrims/${played._id}`)).json();
    const captain = people.find((p) => p.id === cur.lobbyHost?._id) ?? people[0]!;
    const rep = await captain.context.request.patch(`/api/scrims/${played._id}/set-winner`, { data: { winnerTeamName: 'teamOne' } });
    expect(rep.status(), await rep.text()).toBe(200);
    const adm = await admin.request.patch(`/api/scrims/${priv._id}/set-winner`, { data: { winnerTeamName: 'teamTwo' } });
    expect(adm.status(), await adm.text()).toBe(200);
    for (const [name, id] of [['pending', played._id], ['unrated', priv._id]] as const)
      for (const viewport of ['desktop', 'mobile'] as const) {
        const page = await view(people[5]!.context, viewport);
        await page.goto(`/scrims/${id}`);
        await page.waitForTimeout(2500);
        await screenshot(page, `look-${name}-${viewport}`);
        await page.close();
      }
  });
});
