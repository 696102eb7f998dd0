import type { Region } from '@scrim-gym/shared';
import { EncodedBody } from '../../../lib/precompressed.js';
import { presentScrim, presentScrimFor } from '../core/scrims.presenter.js';
import type { ScrimAggregate } from '../core/scrim-aggregate.repository.js';

/** A range of the hub (any [from, to) a client asks), or one UTC day of the cache. */
export interface ScrimListKey {
  region: Region;
  from: Date;
  to: Date;
}

const DAY_MS = 24 * 3600_000;

/** The start times of the UTC days that [from, to) touches, in order. */
export function utcDaysOf({ from, to }: { from: Date; to: Date }): number[] {
  const days: number[] = [];
  for (let day = Math.floor(from.getTime() / DAY_MS) * DAY_MS; day < to.getTime(); day += DAY_MS) days.push(day);
  return days;
}

/**
 * Who the bytes are for: `public` is every viewer but admins (no lobby secrets: a participant's own come from
 * GET /api/scrims/mine-secrets), `admin` the version with every lobby secret and Riot's errors.
 */
export type ListVariant = 'public' | 'admin';

const ADMIN_VIEWER = { id: 'list-cache', isAdmin: true };

/** One scrim of the cache with its JSON per variant, made at most once (and shared by every list holding it). */
class CachedScrim {
  private readonly json: Partial<Record<ListVariant, string>> = {};
  constructor(readonly aggregate: ScrimAggregate) {}

  get id() {
    return this.aggregate.scrim.id;
  }

  jsonFor(variant: ListVariant) {
    return (this.json[variant] ??= JSON.stringify(
      variant === 'admin'
        ? presentScrimFor(this.aggregate, ADMIN_VIEWER, { abilities: false })
        : presentScrim(this.aggregate, { withLobby: false }),
    ));
  }
}

/** The hub's order: start time, then creation (as the query orders). */
function before(a: ScrimAggregate, b: ScrimAggregate) {
  const start = a.scrim.gameStartTime.getTime() - b.scrim.gameStartTime.getTime();
  return start !== 0 ? start < 0 : a.scrim.createdAt.getTime() < b.scrim.createdAt.getTime();
}

/** Whether a scrim belongs in a list: public, the list's region, starting in [from, to). */
export function belongsTo({ scrim }: ScrimAggregate, key: ScrimListKey) {
  const start = scrim.gameStartTime.getTime();
  return !scrim.isPrivate && scrim.region === key.region && start >= key.from.getTime() && start < key.to.getTime();
}

interface ListEntry {
  id: string;
  /** One UTC day of a region. */
  key: ScrimListKey;
  expiresAt: number;
  /** null until the first load lands. */
  scrims: CachedScrim[] | null;
  /** The load in flight (the first one, or a refresh after the TTL), and the changes seen meanwhile. */
  loading: Promise<void> | null;
  changedDuringLoad: Map<string, CachedScrim | null>;
  /** New whenever `scrims` changes: the bytes assembled from this day are current only at the same version. */
  version: number;
}

/** The bytes of one answer, with the versions of the days they were assembled from. */
interface BodyEntry {
  versions: string;
  body: EncodedBody;
  /** What it is counted as against the byte budget (the identity body and its compressed copies). */
  size: number;
}

/** Puts a changed scrim (or its removal: `next` null) into one list; returns whether the list changed. */
function patchList(scrims: CachedScrim[], key: ScrimListKey, id: string, next: CachedScrim | null): boolean {
  const at = scrims.findIndex((s) => s.id === id);
  if (at >= 0) scrims.splice(at, 1);
  if (!next || !belongsTo(next.aggregate, key)) return at >= 0;
  let to = scrims.length;
  while (to > 0 && before(next.aggregate, scrims[to - 1]!.aggregate)) to--;
  scrims.splice(to, 0, next);
  return true;
}

/**
 * The hub's lists, kept per (region, UTC day) whatever range a client asks: a request is answered from the days
 * its range touches, filtered back to exactly [from, to), so that every browser's local day (and any other range
 * within the same days) shares the same day lists: a request that misses days loads them in one query, once. A change of one scrim
 * (`update`, `remove`) patches the day it belongs to, or leaves. The TTL bounds staleness should a change between
 * instances be lost, or for changes nobody announces (a user renamed): an expired day is reloaded in the
 * background while its scrims still answer (one load at a time per day).
 *
 * The answers are kept as bytes: per answer and variant the JSON body as a Buffer with its gzip and brotli copies
 * (made once, when first asked for) and a content-hash ETag, keyed by the scrims it holds (not by the range's
 * milliseconds), so distinct ranges that select the same scrims share them; per scrim its JSON per variant.
 * Memory is bounded by evicting the least recently used days (`maxDays`) and answers (`maxBodyBytes`), never all
 * at once. `admit`, given by the route, is asked once for a request that finds neither its days nor its bytes
 * cached (it may refuse, e.g. a client over its budget of such requests); a rebuild after a change is not asked.
 */
export class ScrimListCache {
  /** Least recently used first (a Map keeps insertion order; a use re-inserts). */
  private readonly days = new Map<string, ListEntry>();
  private readonly bodies = new Map<string, BodyEntry>();
  private bodyBytes = 0;
  /** Versions are unique across days and their evictions: bytes of an evicted day never pass for a new one's. */
  private lastVersion = 0;
  /** Scrims changed on another instance, being read: a list is served once they are in. */
  private readonly arriving = new Set<Promise<void>>();
  /** Database loads made, one per run of consecutive days a request needed (tests: an update refills nothing). */
  loads = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxDays = 500,
    private readonly maxBodyBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * The bytes of the public scrims of `range` for a variant; `load` reads whole UTC days (one or more in a row) from
   * the database when they are missing or expired; `admit` is asked first when the request needs a new day or new
   * bytes (it throws to refuse).
   */
  async get(
    range: ScrimListKey,
    variant: ListVariant,
    load: (range: ScrimListKey) => Promise<ScrimAggregate[]>,
    admit?: () => Promise<void>,
  ): Promise<EncodedBody> {
    // Asked at most once per request (a request that loads a day has paid for its bytes too); no wait without it,
    // so that what is cached is answered in the same tick.
    let admitted = !admit;
    const admitOnce = async () => {
      admitted = true;
      await admit!();
    };
    const { days, entries, scrims } = await this.scrimsOf(range, load, admitted ? undefined : admitOnce);
    // The days in order hold the scrims in order: the first and last of the answer name its scrims.
    const id = `${variant}|${days[0]}|${days.length}|${scrims.length}|${scrims[0]?.id}|${scrims.at(-1)?.id}`;
    const versions = entries.map((entry) => entry.version).join(',');
    const cached = this.bodies.get(id);
    if (cached) this.bodies.delete(id);
    if (cached?.versions === versions) {
      this.bodies.set(id, cached);
      return cached.body;
    }
    if (!cached && !admitted) await admitOnce();
    const body = new EncodedBody(
      Buffer.from(`[${scrims.map((s) => s.jsonFor(variant)).join(',')}]`),
      variant === 'admin' ? 'a' : 'p',
    );
    this.keepBody(id, { versions, body, size: Math.ceil(body.body.length * 1.5) }, cached);
    return body;
  }

  /**
   * The start times of the public scrims of `range`, in order, from the same day lists as `get` (no bytes made):
   * the hub's "next days with scrims" share the days the lists load. `admit` as for `get`.
   */
  async startsOf(
    range: ScrimListKey,
    load: (range: ScrimListKey) => Promise<ScrimAggregate[]>,
    admit?: () => Promise<void>,
  ): Promise<Date[]> {
    const { scrims } = await this.scrimsOf(range, load, admit);
    return scrims.map((s) => s.aggregate.scrim.gameStartTime);
  }

  /** The cached scrims of `range` (its days loaded first when missing; `admit` asked first if any is). */
  private async scrimsOf(
    range: ScrimListKey,
    load: (range: ScrimListKey) => Promise<ScrimAggregate[]>,
    admit?: () => Promise<void>,
  ) {
    if (this.arriving.size > 0) await Promise.allSettled([...this.arriving]);
    const days = utcDaysOf(range).map((start) => `${range.region}|${start}`);
    if (admit && days.some((id) => !this.days.has(id))) await admit();
    const entries = days.map((id) => this.dayEntry(id, range.region));
    this.loadDue(entries, load);
    // Only first loads are waited for; a refresh serves the current scrims meanwhile.
    const firstLoads = entries.filter((entry) => !entry.scrims).map((entry) => entry.loading);
    if (firstLoads.length > 0) await Promise.all(firstLoads);

    const from = range.from.getTime();
    const to = range.to.getTime();
    const scrims = entries.flatMap((entry) =>
      entry.scrims!.filter((s) => {
        const start = s.aggregate.scrim.gameStartTime.getTime();
        return start >= from && start < to;
      }),
    );
    return { days, entries, scrims };
  }

  /** The day's entry, made when missing (its load is started by `loadDue`). */
  private dayEntry(id: string, region: Region) {
    let entry = this.days.get(id);
    if (entry) {
      this.days.delete(id);
    } else {
      const from = new Date(Number(id.slice(id.indexOf('|') + 1)));
      const key = { region, from, to: new Date(from.getTime() + DAY_MS) };
      entry = { id, key, expiresAt: 0, scrims: null, loading: null, changedDuringLoad: new Map(), version: 0 };
      while (this.days.size >= this.maxDays) this.days.delete(this.days.keys().next().value!);
    }
    this.days.set(id, entry);
    return entry;
  }

  /** Loads the missing and expired days of a request (consecutive days in one query), unless already loading. */
  private loadDue(entries: ListEntry[], load: (range: ScrimListKey) => Promise<ScrimAggregate[]>) {
    const now = Date.now();
    let run: ListEntry[] = [];
    for (const entry of [...entries, null]) {
      if (entry && entry.expiresAt <= now && !entry.loading) {
        run.push(entry);
        continue;
      }
      if (run.length > 0) this.startLoad(run, load);
      run = [];
    }
  }

  private keepBody(id: string, next: BodyEntry, replaced: BodyEntry | undefined) {
    if (replaced) this.bodyBytes -= replaced.size;
    this.bodies.set(id, next);
    this.bodyBytes += next.size;
    for (const [oldest, entry] of this.bodies) {
      if (this.bodyBytes <= this.maxBodyBytes || oldest === id) break;
      this.bodies.delete(oldest);
      this.bodyBytes -= entry.size;
    }
  }

  private startLoad(run: ListEntry[], load: (range: ScrimListKey) => Promise<ScrimAggregate[]>) {
    this.loads++;
    for (const entry of run) entry.changedDuringLoad.clear();
    const range = { region: run[0]!.key.region, from: run[0]!.key.from, to: run.at(-1)!.key.to };
    const loading = load(range).then(
      (aggregates) => {
        for (const entry of run) {
          const scrims = aggregates.filter((a) => belongsTo(a, entry.key)).map((a) => new CachedScrim(a));
          // A change published while the query ran may be missing from its rows: applied on top, in order.
          for (const [scrimId, next] of entry.changedDuringLoad) patchList(scrims, entry.key, scrimId, next);
          entry.changedDuringLoad.clear();
          entry.scrims = scrims;
          entry.version = ++this.lastVersion;
          entry.expiresAt = Date.now() + this.ttlMs;
          entry.loading = null;
        }
      },
      (error: unknown) => {
        for (const entry of run) {
          entry.loading = null;
          // A failed first load is forgotten (the next request tries again); a failed refresh keeps the scrims.
          if (!entry.scrims && this.days.get(entry.id) === entry) this.days.delete(entry.id);
        }
        throw error;
      },
    );
    for (const entry of run) entry.loading = loading;
    // Whoever waits sees the error; a background refresh's is not an unhandled rejection.
    loading.catch(() => {});
  }

  /** A scrim changed: it is replaced, added or taken out (edited to another day, region, made private). */
  update(aggregate: ScrimAggregate) {
    this.apply(aggregate.scrim.id, new CachedScrim(aggregate));
  }

  /** A scrim was deleted. */
  remove(scrimId: string) {
    this.apply(scrimId, null);
  }

  /**
   * A scrim changed on another instance: `read` gets its current state (null: deleted). Until it is in, list
   * requests wait for it (a read of one scrim), so that a request made after the change was announced here (e.g.
   * after the socket event that the other instance published after the announcement) shows it.
   */
  refresh(scrimId: string, read: () => Promise<ScrimAggregate | null>): Promise<void> {
    const arriving = read().then((aggregate) => this.apply(scrimId, aggregate && new CachedScrim(aggregate)));
    this.arriving.add(arriving);
    const done = () => this.arriving.delete(arriving);
    arriving.then(done, done);
    return arriving;
  }

  private apply(scrimId: string, next: CachedScrim | null) {
    for (const entry of this.days.values()) {
      if (entry.loading) entry.changedDuringLoad.set(scrimId, next);
      if (entry.scrims && patchList(entry.scrims, entry.key, scrimId, next)) entry.version = ++this.lastVersion;
    }
  }

  /** Drops every list (a change that may touch any of them, e.g. an account deleted: its name is everywhere). */
  clear() {
    this.days.clear();
    this.bodies.clear();
    this.bodyBytes = 0;
  }
}
