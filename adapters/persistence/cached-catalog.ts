import { LRUCache } from 'lru-cache';
import { Product, ProductType } from '../../core/catalog/domain/product';
import { Catalog, Shelf } from '../../core/catalog/ports/catalog';
import { Paging } from '../../core/shared/paging';

/**
 * Hot pages and totals stay in memory. Each process polls the catalogue's version (one tiny
 * query a second) and forgets everything when it moved, so several processes behind a load
 * balancer agree within `refreshMs` of any change, and the writing process at once
 * (`invalidate`). Loads in flight are shared, so a cold page costs one query however many
 * shoppers ask at once.
 */
export class CachedCatalog implements Catalog {
  private readonly cache = new LRUCache<string, Promise<unknown>>({ max: 2000 });
  private version: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly inner: Catalog,
    private readonly readVersion: () => Promise<number>,
    private readonly refreshMs: number,
  ) {}

  /** Starts watching the version; the timer does not keep the process alive. */
  async start(): Promise<void> {
    this.version = await this.readVersion();
    this.timer = setInterval(() => void this.refresh().catch(() => {}), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  invalidate(): void {
    this.cache.clear();
    for (const listener of this.listeners) listener();
  }

  /** Caches built on top of this one (encoded answers) forget with it. */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  private async refresh(): Promise<void> {
    const version = await this.readVersion();
    if (version !== this.version) {
      this.version = version;
      this.invalidate();
    }
  }

  private memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.cache.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const loading = load();
    this.cache.set(key, loading);
    loading.catch(() => this.cache.delete(key));
    return loading;
  }

  list(shelf: Shelf, p: Paging) {
    return this.memo(`list|${shelf.type}|${shelf.category}|${p.page}|${p.limit}`, () => this.inner.list(shelf, p));
  }
  count(shelf: Shelf) {
    return this.memo(`count|${shelf.type}|${shelf.category}`, () => this.inner.count(shelf));
  }
  recommended(p: Paging) {
    return this.memo(`recommended|${p.page}|${p.limit}`, () => this.inner.recommended(p));
  }
  findById(id: string): Promise<Product | undefined> {
    return this.memo(`product|${id}`, () => this.inner.findById(id));
  }
  related(type: ProductType, exclude: string, limit: number) {
    return this.memo(`related|${type}|${exclude}|${limit}`, () => this.inner.related(type, exclude, limit));
  }
  search(query: string, p: Paging) {
    const key = `search|${query.toLowerCase()}|${p.page}|${p.limit}`;
    return this.memo(key, () => this.inner.search(query, p));
  }
}
