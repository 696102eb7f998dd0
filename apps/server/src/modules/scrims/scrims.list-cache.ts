import type { Region } from '@scrim-gym/shared';
import { presentScrim } from './scrims.presenter.js';
import type { ScrimAggregate } from './scrims.repository.js';

export interface CachedScrimList {
  aggregates: ScrimAggregate[];
  /** The list as everyone without lobby rights sees it, serialised once. */
  publicJson: string;
}

/**
 * The hub's lists by (region, day), shared by every viewer: most requests are answered with bytes already
 * serialised. Cleared on every scrim change (here, and on the other instances through Socket.IO's adapter);
 * the TTL only bounds staleness should an invalidation between instances be lost.
 */
export class ScrimListCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<CachedScrimList> }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 500,
  ) {}

  /** One load per key at a time: concurrent misses share the same query. */
  get(key: { region: Region; from: Date; to: Date }, load: () => Promise<ScrimAggregate[]>): Promise<CachedScrimList> {
    const id = `${key.region}|${key.from.toISOString()}|${key.to.toISOString()}`;
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load().then((aggregates) => ({
      aggregates,
      publicJson: JSON.stringify(aggregates.map((a) => presentScrim(a, { withLobby: false }))),
    }));
    this.entries.set(id, { expiresAt: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(id));
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
