import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type DraftChangePayload } from '@scrim-gym/shared';
import { jobs, scrimDrafts } from '../../../db/schema/index.js';
import { draftApi, draftScrim, startDraft } from '../../../test/draft-api.js';
import { createAdmin, createUser } from '../../../test/factories.js';
import { startFakeRiot } from '../../../test/fake-riot.js';
import { addCaster } from '../../../test/scrim-factories.js';
import { useSocialApp, type TestClient } from '../../../test/social.js';
import { draftTurnKey } from './draft.schedule.js';

const riot = await startFakeRiot();
afterAll(() => riot.close());
const t = useSocialApp({ DDRAGON_BASE_URL: riot.url });
const db = () => t.db();
const api = draftApi((...args) => t.call(...args));

const draftEvents = (client: TestClient, scrimId: string) =>
  client.all<DraftChangePayload>(SOCKET_EVENTS.draftChange).filter((e) => e.scrimId === scrimId);

describe('draftChange', () => {
  it("reaches everyone watching the scrim; a side's hovers reach that side's members only", async () => {
    const { scrim, blue, red } = await draftScrim(db());
    const caster = await addCaster({ db: db(), scrim });
    const [spectator, admin] = [await createUser({ db: db() }), await createAdmin({ db: db() })];
    // Blue's drafter and a teammate, red's drafter, a caster, a spectator and an admin all watch the scrim's page.
    const sockets = {
      blueDrafter: await t.client(blue[0]!.token),
      blueMate: await t.client(blue[3]!.token),
      redDrafter: await t.client(red[0]!.token),
      caster: await t.client(caster.token),
      spectator: await t.client(spectator.token),
      admin: await t.client(admin.token),
    };
    for (const socket of Object.values(sockets)) {
      expect((await socket.request(SOCKET_EVENTS.joinScrimRoom, scrim.id)).ok).toBe(true);
    }
    // A red player who is not on the page still hears their side's draft through their own room.
    const redAway = await t.client(red[2]!.token);

    const drafters = { blue: blue[0]!, red: red[0]! };
    const started = await startDraft(api, scrim.id, drafters);
    for (const socket of [...Object.values(sockets), redAway]) {
      const live = await socket.next<DraftChangePayload>(
        SOCKET_EVENTS.draftChange,
        (e) => e.scrimId === scrim.id && e.draft.version === started.version,
      );
      expect(live.draft.turn).toEqual(started.turn);
    }

    // Blue suggests: its two members see both hovers, nobody else hears of them.
    await api.hoverOk(scrim.id, blue[3]!, 'Ahri');
    const hovered = await api.hoverOk(scrim.id, blue[0]!, 'Syndra');
    expect(hovered.hovers).toEqual({ [blue[3]!.id]: 'Ahri', [blue[0]!.id]: 'Syndra' });
    for (const socket of [sockets.blueDrafter, sockets.blueMate]) {
      const live = await socket.next<DraftChangePayload>(
        SOCKET_EVENTS.draftChange,
        (e) => e.draft.version === hovered.version,
      );
      expect(live.draft.hovers).toEqual(hovered.hovers);
    }
    await api.hoverOk(scrim.id, red[2]!, 'Zed');
    const redHover = await redAway.next<DraftChangePayload>(
      SOCKET_EVENTS.draftChange,
      (e) => !!e.draft.hovers?.[red[2]!.id],
    );
    expect(redHover.draft.hovers).toEqual({ [red[2]!.id]: 'Zed' });

    // A lock reaches everyone; every socket's events are in order, so whatever a hover sent came before it.
    const locked = await api.lockOk(scrim.id, blue[0]!, 'Ahri');
    for (const socket of [...Object.values(sockets), redAway]) {
      await socket.next<DraftChangePayload>(SOCKET_EVENTS.draftChange, (e) => e.draft.version === locked.version);
    }
    for (const socket of [sockets.caster, sockets.spectator, sockets.admin]) {
      expect(draftEvents(socket, scrim.id).every((e) => e.draft.hovers === undefined)).toBe(true);
    }
    for (const socket of [sockets.redDrafter, redAway]) {
      const hovers = draftEvents(socket, scrim.id).flatMap((e) => Object.keys(e.draft.hovers ?? {}));
      expect(hovers.length).toBeGreaterThan(0);
      expect(hovers.every((userId) => red.some((p) => p.id === userId))).toBe(true);
    }
    for (const socket of [sockets.blueDrafter, sockets.blueMate]) {
      const hovers = draftEvents(socket, scrim.id).flatMap((e) => Object.keys(e.draft.hovers ?? {}));
      expect(hovers.every((userId) => blue.some((p) => p.id === userId))).toBe(true);
    }
    // Nobody off the side received a hover of it, in any event.
    const blueHoverSeen = (socket: TestClient) => JSON.stringify(socket.events).includes('Syndra');
    for (const socket of [sockets.redDrafter, redAway, sockets.caster, sockets.spectator, sockets.admin]) {
      expect(blueHoverSeen(socket)).toBe(false);
    }
    // Each socket got the lock once: the room's copy or its side's, never both.
    for (const socket of [...Object.values(sockets), redAway]) {
      expect(draftEvents(socket, scrim.id).filter((e) => e.draft.version === locked.version)).toHaveLength(1);
    }

    // The answers follow the same rule.
    expect((await api.getOk(scrim.id, red[0]!)).hovers).toEqual({});
    expect((await api.getOk(scrim.id, spectator)).hovers).toBeUndefined();
  });

  it("a turn's timeout reaches the watchers within about a second of its end, by the job runner's own clock", async () => {
    const { scrim, blue, red } = await draftScrim(db());
    const spectator = await t.client((await createUser({ db: db() })).token);
    expect((await spectator.request(SOCKET_EVENTS.joinScrimRoom, scrim.id)).ok).toBe(true);
    await startDraft(api, scrim.id, { blue: blue[0]!, red: red[0]! });
    // The turn ends in 400 ms (a real turn lasts 15 to 90 s): its end and its job's due time move there.
    const endsAt = new Date(Date.now() + 400);
    await db().update(scrimDrafts).set({ turnEndsAt: endsAt }).where(eq(scrimDrafts.scrimId, scrim.id));
    await db()
      .update(jobs)
      .set({ runAt: endsAt })
      .where(eq(jobs.dedupeKey, draftTurnKey(scrim.id, 0)));
    t.app().jobs.start();
    try {
      const live = await spectator.next<DraftChangePayload>(
        SOCKET_EVENTS.draftChange,
        (e) => e.scrimId === scrim.id && e.draft.turn?.index === 1,
      );
      const landed = Date.now();
      expect(live.draft.blue.bans).toEqual([null]);
      expect(landed).toBeGreaterThanOrEqual(endsAt.getTime());
      expect(landed - endsAt.getTime()).toBeLessThan(1500);
    } finally {
      await t.app().jobs.stop();
    }
  });
});
