/** A small in-memory cache with a time to live and a size bound (least recently used entries leave first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs, maxEntries, now = Date.now }: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.ttlMs = ttlMs;
    this.maxEntries = Math.max(1, maxEntries);
    this.now = now;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used goes to the end of the Map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.ttlMs) {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

/** A cached look-up: `ttlMs` gives a value its own time to live, `fresh` skips (and then refills) the cache. */
export type CachedLoad = <T>(
  key: string,
  load: () => Promise<T>,
  ttlMs?: (value: T) => number | undefined,
  fresh?: boolean,
) => Promise<T>;

/** Look-ups through `cache`: a hit answers from memory, and concurrent misses of one key share one load. */
export function cachedLoads(cache: TtlCache<unknown>): CachedLoad {
  const inflight = new Map<string, Promise<unknown>>();
  return function cached<T>(
    key: string,
    load: () => Promise<T>,
    ttlMs?: (value: T) => number | undefined,
    fresh = false,
  ): Promise<T> {
    const hit = fresh ? undefined : cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit as T);
    const pending = fresh ? undefined : inflight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = load().then((value) => {
      cache.set(key, value, ttlMs?.(value));
      return value;
    });
    // A fresh read stays out of the in-flight map: it neither joins nor replaces a cached read under way.
    if (fresh) return loading;
    const promise = loading.finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  };
}
