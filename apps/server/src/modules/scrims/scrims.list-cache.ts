import type { Region } from '@scrim-gym/shared';
import { EncodedBody } from '../../lib/precompressed.js';
import { presentScrim, presentScrimFor } from './scrims.presenter.js';
import type { ScrimAggregate } from './scrims.repository.js';

export interface ScrimListKey {
  region: Region;
  from: Date;
  to: Date;
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
        ? presentScrimFor(this.aggregate, ADMIN_VIEWER)
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
  key: ScrimListKey;
  expiresAt: number;
  /** null until the first load lands. */
  scrims: CachedScrim[] | null;
  bodies: Partial<Record<ListVariant, EncodedBody>>;
  /** The load in flight (the first one, or a refresh after the TTL), and the changes seen meanwhile. */
  loading: Promise<void> | null;
  changedDuringLoad: Map<string, CachedScrim | null>;
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
 * The hub's lists by (region, day), kept as bytes: per list and variant the JSON body as a Buffer with its gzip
 * and brotli copies (made once, when first asked for) and a content-hash ETag; per scrim its JSON per variant.
 * A change of one scrim (`update`, `remove`) patches each list it belongs to, or leaves, and only those lists'
 * bytes are rebuilt, lazily, on their next request, from the other scrims' JSON already made. The TTL bounds
 * staleness should a change between instances be lost, or for changes nobody announces (a user renamed): an
 * expired list is reloaded in the background while its bytes are still served (one load at a time per list).
 */
export class ScrimListCache {
  private readonly lists = new Map<string, ListEntry>();
  /** Scrims changed on another instance, being read: a list is served once they are in. */
  private readonly arriving = new Set<Promise<void>>();
  /** Database loads made (tests: an update must not refill the other lists). */
  loads = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 500,
  ) {}

  /** The list's bytes for a variant; `load` reads the list from the database when it is missing or expired. */
  async get(key: ScrimListKey, variant: ListVariant, load: () => Promise<ScrimAggregate[]>): Promise<EncodedBody> {
    if (this.arriving.size > 0) await Promise.allSettled([...this.arriving]);
    const id = `${key.region}|${key.from.toISOString()}|${key.to.toISOString()}`;
    let entry = this.lists.get(id);
    if (!entry) {
      this.makeRoom();
      entry = { key, expiresAt: 0, scrims: null, bodies: {}, loading: null, changedDuringLoad: new Map() };
      this.lists.set(id, entry);
    }
    if (entry.expiresAt <= Date.now() && !entry.loading) this.startLoad(id, entry, load);
    // Only the first load is waited for; a refresh serves the current bytes meanwhile.
    if (!entry.scrims) await entry.loading;
    const scrims = entry.scrims!;
    return (entry.bodies[variant] ??= new EncodedBody(
      Buffer.from(`[${scrims.map((s) => s.jsonFor(variant)).join(',')}]`),
      variant === 'admin' ? 'a' : 'p',
    ));
  }

  private startLoad(id: string, entry: ListEntry, load: () => Promise<ScrimAggregate[]>) {
    this.loads++;
    entry.changedDuringLoad.clear();
    const loading = load().then(
      (aggregates) => {
        const scrims = aggregates.map((a) => new CachedScrim(a));
        // A change published while the query ran may be missing from its rows: applied on top, in order.
        for (const [scrimId, next] of entry.changedDuringLoad) patchList(scrims, entry.key, scrimId, next);
        entry.changedDuringLoad.clear();
        entry.scrims = scrims;
        entry.bodies = {};
        entry.expiresAt = Date.now() + this.ttlMs;
        entry.loading = null;
      },
      (error: unknown) => {
        entry.loading = null;
        // A failed first load is forgotten (the next request tries again); a failed refresh keeps the bytes.
        if (!entry.scrims && this.lists.get(id) === entry) this.lists.delete(id);
        throw error;
      },
    );
    entry.loading = loading;
    // Whoever waits sees the error; a background refresh's is not an unhandled rejection.
    loading.catch(() => {});
  }

  /** Full: first the expired lists go, then everything (a bound on memory, not an eviction policy). */
  private makeRoom() {
    if (this.lists.size < this.maxEntries) return;
    const now = Date.now();
    for (const [id, entry] of this.lists) if (entry.expiresAt <= now && !entry.loading) this.lists.delete(id);
    if (this.lists.size >= this.maxEntries) this.lists.clear();
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
    for (const entry of this.lists.values()) {
      if (entry.loading) entry.changedDuringLoad.set(scrimId, next);
      if (entry.scrims && patchList(entry.scrims, entry.key, scrimId, next)) entry.bodies = {};
    }
  }

  /** Drops every list (a change that may touch any of them, e.g. an account deleted: its name is everywhere). */
  clear() {
    this.lists.clear();
  }
}
