import { LRUCache } from 'lru-cache';

/** A bounded memo of promises: concurrent misses share one load, and a failed load is not kept. */
export class Memo {
  private readonly entries: LRUCache<string, Promise<unknown>>;

  /** `ttlMs`: how long an entry may be kept at most, whatever happens. */
  constructor(max: number, ttlMs?: number) {
    this.entries = new LRUCache({ max, ...(ttlMs ? { ttl: ttlMs } : {}) });
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => this.entries.delete(key));
    return loading;
  }

  clear(): void {
    this.entries.clear();
  }
}
