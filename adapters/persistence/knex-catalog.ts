import { Knex } from 'knex';
import { NewProduct, Product, ProductType } from '../../core/catalog/domain/product';
import { Catalog, CatalogWriter, ListedProduct, Shelf } from '../../core/catalog/ports/catalog';
import { Paging, offsetOf } from '../../core/shared/paging';
import { PUBLIC_COLUMNS, ProductRow, toCount, toProduct, toRow } from './product-rows';
import { ChangeFeed, logChange } from './change-feed';
import { KnexSearch } from './knex-search';

const INSERT_CHUNK = 500;

/** The catalogue in PostgreSQL (PGlite or a server), through knex. */
export class KnexCatalog implements Catalog, CatalogWriter {
  private readonly searcher: KnexSearch;

  /** With the change feed, the search learns of changes from it (knex-search.ts). */
  constructor(
    private readonly db: Knex,
    changes?: ChangeFeed,
  ) {
    this.searcher = new KnexSearch(db, changes);
  }

  private onSale() {
    return this.db('products').whereNull('deleted_at');
  }

  private onShelf(shelf: Shelf) {
    const query = this.onSale();
    if (shelf.type) query.where('type', shelf.type);
    if (shelf.category) query.whereRaw('categories @> ?::text[]', [[shelf.category]]);
    return query;
  }

  /**
   * Deep pages: the offset walks the narrow index alone, then only the page's rows are read
   * (reading 75,000 full rows to skip them cost 60 ms, this about 10).
   */
  private async pageOf(ids: Knex.QueryBuilder, order: { column: string; order: 'desc' }[]): Promise<readonly Product[]> {
    const rows: ProductRow[] = await this.db('products').select(PUBLIC_COLUMNS).whereIn('id', ids).orderBy(order);
    return rows.map(toProduct);
  }

  list(shelf: Shelf, paging: Paging): Promise<readonly Product[]> {
    const order = [{ column: 'created_at', order: 'desc' as const }, { column: 'id', order: 'desc' as const }];
    return this.pageOf(this.onShelf(shelf).select('id').orderBy(order).limit(paging.limit).offset(offsetOf(paging)), order);
  }

  async count(shelf: Shelf): Promise<number> {
    const [row] = await this.onShelf(shelf).count<{ count: string | number }[]>({ count: '*' });
    return toCount(row?.count);
  }

  recommended(paging: Paging): Promise<readonly Product[]> {
    const order = ['year', 'created_at', 'id'].map((column) => ({ column, order: 'desc' as const }));
    return this.pageOf(this.onSale().select('id').orderBy(order).limit(paging.limit).offset(offsetOf(paging)), order);
  }

  async findById(id: string): Promise<Product | undefined> {
    const row: ProductRow | undefined = await this.onSale().select(PUBLIC_COLUMNS).where('id', id).first();
    return row ? toProduct(row) : undefined;
  }

  /**
   * Of its type, those sharing a category with `exclude` first, each part newest first. Two reads,
   * each walking the type's newest-first index until it has enough, rather than one that ordered
   * every product of the type by its overlap (some 300 ms at 100,000 products, for each product page
   * rendered first).
   */
  async related(type: ProductType, exclude: string, limit: number): Promise<readonly Product[]> {
    const categories = (await this.db('products').where('id', exclude).first('categories')) as { categories: string[] } | undefined;
    const shared = categories?.categories.length ? categories.categories : undefined;
    const ofType = (sharing: boolean, count: number) =>
      this.onSale()
        .select(PUBLIC_COLUMNS)
        .where('type', type)
        .whereNot('id', exclude)
        .where((q) => {
          if (shared) q.whereRaw(sharing ? 'categories && ?::text[]' : 'not (categories && ?::text[])', [shared]);
        })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(count) as Promise<ProductRow[]>;
    const first = shared ? await ofType(true, limit) : [];
    const rest = first.length < limit ? await ofType(false, limit - first.length) : [];
    return [...first, ...rest].map(toProduct);
  }

  /** Title or authors, from an index in memory kept current with the catalogue (knex-search.ts). */
  search(query: string, paging: Paging) {
    return this.searcher.search(query, paging);
  }

  /**
   * Formatted by the database: turning 100,000 timestamps into Dates and back into text in the
   * store's thread would cost more than the query.
   */
  listed(): Promise<readonly ListedProduct[]> {
    return this.onSale()
      .select('id', this.db.raw(`to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "changedAt"`))
      .orderBy('id');
  }

  /** All or nothing; the change is logged with it, so every process drops its cached pages. */
  async addMany(products: readonly NewProduct[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      for (let i = 0; i < products.length; i += INSERT_CHUNK)
        await trx('products').insert(products.slice(i, i + INSERT_CHUNK).map(toRow));
      await logChange(trx, 'catalogue');
    });
  }
}
