import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ScrimListCache, type ScrimListKey } from './list-cache.js';
import type { Scrim } from '@scrim-gym/shared';
import type { ScrimAggregate } from '../core/scrim-aggregate.repository.js';

/** The cache alone, with loads under the test's control (no database): races and the TTL. */
const key: ScrimListKey = {
  region: 'NA',
  from: new Date('2034-01-01T00:00:00Z'),
  to: new Date('2034-01-02T00:00:00Z'),
};

function aggregate(hour: number, overrides: Partial<ScrimAggregate['scrim']> = {}): ScrimAggregate {
  const now = new Date('2033-12-01T00:00:00Z');
  return {
    scrim: {
      id: randomUUID(),
      title: `At ${hour}`,
      region: 'NA',
      gameStartTime: new Date(key.from.getTime() + hour * 3600_000),
      isPrivate: false,
      isWithCasters: false,
      maxCastersAllowedCount: 0,
      lobbyName: 'lobby',
      lobbyPassword: 'secret12',
      lobbyHostId: null,
      createdBy: null,
      teamWon: null,
      abandonedAt: null,
      useTournamentCode: false,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    } as ScrimAggregate['scrim'],
    creator: null,
    host: null,
    hostedBy: null,
    participants: [],
    imageAt: null,
    tournament: null,
    signups: [],
    waitlist: [],
    checkIns: [],
    substitutions: [],
    ratingChanges: [],
    dispute: null,
    series: null,
    riotLobby: null,
  };
}

const titles = async (cache: ScrimListCache, load: () => Promise<ScrimAggregate[]>) =>
  (JSON.parse((await cache.get(key, 'public', load)).body.toString()) as { title: string }[]).map((s) => s.title);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ScrimListCache', () => {
  it('applies a change published while the list was loading on top of the rows loaded', async () => {
    const cache = new ScrimListCache();
    const [a, b] = [aggregate(1), aggregate(2)];
    const pending = deferred<ScrimAggregate[]>();
    const first = cache.get(key, 'public', () => pending.promise);
    // The load read its rows before these commits: b renamed, a deleted, c created.
    cache.update({ ...b, scrim: { ...b.scrim, title: 'renamed' } });
    cache.remove(a.scrim.id);
    cache.update(aggregate(3));
    pending.resolve([a, b]);
    expect(JSON.parse((await first).body.toString()).map((s: { title: string }) => s.title)).toEqual([
      'renamed',
      'At 3',
    ]);
    expect(cache.loads).toBe(1);
  });

  it('loads once for concurrent first requests; a change leaves other variants and lists to rebuild lazily', async () => {
    const cache = new ScrimListCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return [aggregate(1)];
    };
    const [x, y] = await Promise.all([cache.get(key, 'public', load), cache.get(key, 'public', load)]);
    expect(x).toBe(y);
    expect(loads).toBe(1);
    expect(await cache.get(key, 'public', load)).toBe(x);
    cache.update(aggregate(5, { region: 'EUW' }));
    expect(await cache.get(key, 'public', load)).toBe(x);
    cache.update(aggregate(30));
    // Outside [from, to): not added, the bytes stay the same object.
    expect(await cache.get(key, 'public', load)).toBe(x);
    cache.update(aggregate(0));
    const z = await cache.get(key, 'public', load);
    expect(z).not.toBe(x);
    expect(loads).toBe(1);
  });

  it('after its TTL, reloads in the background while serving the bytes it has; a failed first load is retried', async () => {
    const cache = new ScrimListCache(30);
    let rows = [aggregate(1)];
    let loads = 0;
    const load = async () => {
      loads++;
      return rows;
    };
    expect(await titles(cache, load)).toEqual(['At 1']);
    rows = [aggregate(1), aggregate(2)];
    await new Promise((r) => setTimeout(r, 40));
    // The expired bytes answer this request; the reload lands for the next.
    expect(await titles(cache, load)).toEqual(['At 1']);
    await new Promise((r) => setTimeout(r, 0));
    expect(await titles(cache, load)).toEqual(['At 1', 'At 2']);
    expect(loads).toBe(2);

    const failing = new ScrimListCache();
    await expect(failing.get(key, 'public', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await titles(failing, load)).toEqual(['At 1', 'At 2']);
  });

  it('holds list requests while a scrim changed on another instance is being read, then shows it', async () => {
    const cache = new ScrimListCache();
    const a = aggregate(1);
    const load = async () => [a];
    expect(await titles(cache, load)).toEqual(['At 1']);
    const read = deferred<ScrimAggregate | null>();
    const refreshed = cache.refresh(a.scrim.id, () => read.promise);
    let served = false;
    const request = titles(cache, load).then((t) => ((served = true), t));
    await new Promise((r) => setTimeout(r, 10));
    expect(served).toBe(false);
    read.resolve({ ...a, scrim: { ...a.scrim, title: 'changed elsewhere' } });
    expect(await request).toEqual(['changed elsewhere']);
    await refreshed;
    // A deletion read as null takes it out; a failed read does not block the lists.
    await cache.refresh(a.scrim.id, async () => null);
    expect(await titles(cache, load)).toEqual([]);
    await expect(cache.refresh(a.scrim.id, () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await titles(cache, load)).toEqual([]);
  });

  it('keeps the public bytes free of lobby secrets and gives admins theirs, under different tags', async () => {
    const cache = new ScrimListCache();
    const load = async () => [aggregate(1)];
    const open = await cache.get(key, 'public', load);
    const admin = await cache.get(key, 'admin', load);
    expect(open.body.toString()).not.toContain('secret12');
    expect(admin.body.toString()).toContain('secret12');
    expect(open.etag.startsWith('p')).toBe(true);
    expect(admin.etag.startsWith('a')).toBe(true);
    expect(open.matches(`"${admin.etag}"`)).toBe(false);
  });

  it('keeps whole UTC days: ranges within the same days share one load each, answers filtered to the range', async () => {
    const cache = new ScrimListCache();
    const rows = [aggregate(-2), aggregate(1), aggregate(12), aggregate(23.5)];
    const loaded: string[] = [];
    const load = async (day: ScrimListKey) => {
      loaded.push(day.from.toISOString());
      return rows.filter(({ scrim }) => scrim.gameStartTime >= day.from && scrim.gameStartTime < day.to);
    };
    const at = (hours: number) => new Date(key.from.getTime() + hours * 3600_000);
    const ask = async (from: Date, to: Date) =>
      (JSON.parse((await cache.get({ region: 'NA', from, to }, 'public', load)).body.toString()) as Scrim[]).map(
        (s) => s.title,
      );
    expect(await ask(at(0), at(24))).toEqual(['At 1', 'At 12', 'At 23.5']);
    expect(await ask(at(1), at(12))).toEqual(['At 1']);
    expect(await ask(new Date(at(1).getTime() + 1), at(23.75))).toEqual(['At 12', 'At 23.5']);
    expect(loaded).toEqual([key.from.toISOString()]);
    // A browser five hours behind UTC: its day touches the day before too (loaded once, then shared).
    expect(await ask(at(-5), at(19))).toEqual(['At -2', 'At 1', 'At 12']);
    expect(await ask(at(-4), at(20))).toEqual(['At -2', 'At 1', 'At 12']);
    expect(cache.loads).toBe(2);
    // Three days nobody asked for: one query for the three.
    expect(await ask(at(48), new Date(at(120).getTime() - 1))).toEqual([]);
    expect(cache.loads).toBe(3);
    expect(loaded.at(-1)).toBe(at(48).toISOString());
  });

  it('evicts the least recently used days when full, not every list', async () => {
    const cache = new ScrimListCache(10_000, 3);
    const loaded: string[] = [];
    const load = async (day: ScrimListKey) => {
      loaded.push(day.from.toISOString().slice(0, 10));
      return [];
    };
    const day = (n: number) => {
      const from = new Date(key.from.getTime() + n * 24 * 3600_000);
      return { region: 'NA' as const, from, to: new Date(from.getTime() + 24 * 3600_000) };
    };
    // The bystander's day is asked between each of the flood's.
    for (let n = 1; n <= 6; n++) {
      await cache.get(day(0), 'public', load);
      await cache.get(day(n), 'public', load);
    }
    expect(loaded.filter((d) => d === day(0).from.toISOString().slice(0, 10))).toHaveLength(1);
    expect(cache.loads).toBe(7);
  });
});
