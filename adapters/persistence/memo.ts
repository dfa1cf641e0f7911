import { LRUCache } from 'lru-cache';

interface Entry {
  readonly value: Promise<unknown>;
  owner?: string;
}

/** Whose an entry is: known when asked (a user id), or only once loaded (from the value). */
export type Owner<T> = string | ((value: T) => string | undefined);

/**
 * A bounded memo of promises: concurrent misses share one load, and a failed load is not kept.
 * An entry may have an owner (a user), so that everything kept for one user is forgotten at once.
 */
export class Memo {
  private readonly entries: LRUCache<string, Entry>;
  private readonly keysOf = new Map<string, Set<string>>();
  /** Keys whose owner is known only once loaded: forgetting any owner forgets them too. */
  private readonly unowned = new Set<string>();

  /** `ttlMs`: how long an entry may be kept at most, whatever happens. */
  constructor(max: number, ttlMs?: number) {
    this.entries = new LRUCache({ max, ...(ttlMs ? { ttl: ttlMs } : {}), dispose: (entry, key) => this.unlink(key, entry) });
  }

  get<T>(key: string, load: () => Promise<T>, owner?: Owner<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) return kept.value as Promise<T>;
    const loading = load();
    const entry: Entry = { value: loading };
    this.entries.set(key, entry);
    if (typeof owner === 'string') this.link(key, entry, owner);
    else if (owner) {
      this.unowned.add(key);
      loading.then((value) => {
        if (this.entries.peek(key) !== entry) return;
        this.unowned.delete(key);
        const found = owner(value);
        if (found) this.link(key, entry, found);
      }, () => {});
    }
    loading.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return loading;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry of `owner`, and those loading whose owner is not known yet. */
  forgetOwner(owner: string): void {
    for (const key of [...(this.keysOf.get(owner) ?? []), ...this.unowned]) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private link(key: string, entry: Entry, owner: string): void {
    entry.owner = owner;
    const keys = this.keysOf.get(owner) ?? new Set<string>();
    this.keysOf.set(owner, keys.add(key));
  }

  private unlink(key: string, entry: Entry): void {
    this.unowned.delete(key);
    if (entry.owner === undefined) return;
    const keys = this.keysOf.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(entry.owner);
  }
}
