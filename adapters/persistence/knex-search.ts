import { Knex } from 'knex';
import { Product } from '../../core/catalog/domain/product';
import { Paging } from '../../core/shared/paging';
import { PUBLIC_COLUMNS, ProductRow, toProduct } from './product-rows';
import { SearchIndex } from './search-index';
import { CATALOGUE_VERSION, ChangeFeed } from './change-feed';
import { KeptProducts } from './kept-products';

/** An index, the catalogue's version it was loaded at, and the products of its pages kept since. */
interface Loaded {
  readonly version: string;
  readonly index: SearchIndex;
  readonly kept: KeptProducts;
}

/**
 * Products of recent pages kept in memory, when a change feed says when to forget them: about
 * 1.9 KB each, so some 57 MB. Enough for the pages of the benchmark's searches (some 21,000
 * products of 100,000), so that nearly every search is answered without the database.
 */
const KEPT_PRODUCTS = 30_000;

/**
 * The catalogue's search: ids from an index in memory (search-index.ts), the products from
 * PostgreSQL. Loads of the index are shared by the searches waiting on them. How it learns that the
 * catalogue changed:
 * - with a change feed (the store's wiring), as every cache does: the index and the products it
 *   keeps are forgotten on a change, here at once and from another process within milliseconds
 *   (change-feed.ts), and a search whose products are in memory asks nothing of the database;
 * - without one, from the catalogue's version (migration 011), read in the same snapshot as the
 *   page's products: when it has moved since the index was loaded, the index is loaded again and
 *   the search runs once more, so a search never misses a change committed before it.
 */
export class KnexSearch {
  private loaded: Loaded | undefined;
  private loading: Promise<Loaded> | undefined;
  /** Moves on every change the feed tells of: an index loaded before it is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Knex,
    private readonly changes?: ChangeFeed,
  ) {
    changes?.on('catalogue', () => {
      this.generation += 1;
      this.loaded = undefined;
      this.loading = undefined;
    });
  }

  search(query: string, paging: Paging): Promise<{ items: readonly Product[]; total: number }> {
    return this.changes ? this.searchTold(query, paging) : this.searchChecked(query, paging);
  }

  /** Products read for an index are kept with it, and forgotten with it when the feed tells of a change. */
  private async searchTold(query: string, paging: Paging) {
    const { index, kept } = await this.current();
    const { ids, positions, total } = index.find(query, paging);
    const items = positions.map((position) => kept.get(position));
    const missing = ids.filter((_, i) => !items[i]);
    if (missing.length) {
      const fetched = new Map((await this.productsAt(missing)).items.map((p) => [p._id, p]));
      positions.forEach((position, i) => {
        const product = items[i] ?? fetched.get(ids[i]);
        if (product && !items[i]) kept.set(position, product);
        items[i] = product;
      });
    }
    return { items: items.filter((p): p is Product => p !== undefined), total };
  }

  private async searchChecked(query: string, paging: Paging) {
    let loaded = await this.current();
    for (let attempt = 1; ; attempt++) {
      const { ids, total } = loaded.index.find(query, paging);
      const page = await this.productsAt(ids);
      // A second change during the load is very unlikely; the page then leaves out what is gone.
      if (page.version === loaded.version || attempt === 2) return { items: page.items, total };
      loaded = await this.current(loaded.version);
    }
  }

  /** The loaded index, or a new one when it is missing or of version `stale`. */
  private current(stale?: string): Promise<Loaded> {
    if (this.loaded && this.loaded.version !== stale) return Promise.resolve(this.loaded);
    if (!this.loading) {
      const generation = this.generation;
      const loading = this.load().then((loaded) => {
        if (generation === this.generation) this.loaded = loaded;
        return loaded;
      });
      this.loading = loading;
      void loading.finally(() => this.loading === loading && (this.loading = undefined)).catch(() => {});
    }
    return this.loading;
  }

  /**
   * Listed products, newest first, with the version they are of: one statement, so one snapshot,
   * and the ids and texts as two strings, which PostgreSQL joins and Node reads far faster than
   * 100,000 rows.
   */
  private async load(): Promise<Loaded> {
    const { rows } = await this.db.raw<{ rows: { version: string; ids: string; texts: string }[] }>(
      `select v.version, coalesce(p.ids, '') as ids, coalesce(p.texts, '') as texts
         from catalogue_version v,
              lateral (select string_agg(id, ' ' order by created_at desc, id desc) as ids,
                              string_agg(translate(search_text, E'\\n', ' '), E'\\n' order by created_at desc, id desc) as texts
                         from products where deleted_at is null) p`,
    );
    const { version, ids, texts } = rows[0];
    const index = new SearchIndex(ids ? ids.split(' ') : [], texts);
    return { version: String(version), index, kept: new KeptProducts(index.size, KEPT_PRODUCTS) };
  }

  private async productsAt(ids: readonly string[]): Promise<{ version: string; items: readonly Product[] }> {
    if (!ids.length) {
      const { rows } = await this.db.raw<{ rows: { version: string }[] }>(`select ${CATALOGUE_VERSION} as version`);
      return { version: String(rows[0]?.version), items: [] };
    }
    const rows: (ProductRow & { catalogue_version: string })[] = await this.db('products')
      .select([...PUBLIC_COLUMNS, this.db.raw(`${CATALOGUE_VERSION} as catalogue_version`)])
      .whereIn('id', ids)
      .whereNull('deleted_at');
    const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
    const items = ids.flatMap((id) => byId.get(id) ?? []);
    const version = rows.length ? String(rows[0].catalogue_version) : (await this.productsAt([])).version;
    return { version, items };
  }
}
