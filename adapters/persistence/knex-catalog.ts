import { Knex } from 'knex';
import { NewProduct, Product, ProductType } from '../../core/catalog/domain/product';
import { Catalog, CatalogWriter, Shelf } from '../../core/catalog/ports/catalog';
import { searchWords } from '../../core/catalog/domain/search';
import { Paging, offsetOf } from '../../core/shared/paging';
import { PUBLIC_COLUMNS, ProductRow, toCount, toProduct, toRow } from './product-rows';
import { logChange } from './change-feed';

const INSERT_CHUNK = 500;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The catalogue in PostgreSQL (PGlite or a server), through knex. */
export class KnexCatalog implements Catalog, CatalogWriter {
  constructor(private readonly db: Knex) {}

  private listed() {
    return this.db('products').whereNull('deleted_at');
  }

  private onShelf(shelf: Shelf) {
    const query = this.listed();
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
    return this.pageOf(this.listed().select('id').orderBy(order).limit(paging.limit).offset(offsetOf(paging)), order);
  }

  async findById(id: string): Promise<Product | undefined> {
    const row: ProductRow | undefined = await this.listed().select(PUBLIC_COLUMNS).where('id', id).first();
    return row ? toProduct(row) : undefined;
  }

  async related(type: ProductType, exclude: string, limit: number): Promise<readonly Product[]> {
    const rows = await this.listed()
      .select(PUBLIC_COLUMNS)
      .where('type', type)
      .whereNot('id', exclude)
      .orderByRaw(
        `categories && coalesce((select categories from products where id = ?), '{}') desc, created_at desc, id desc`,
        [exclude],
      )
      .limit(limit);
    return (rows as ProductRow[]).map(toProduct);
  }

  /**
   * Each word must appear in the title or an author, as a part of a word or within a small typo
   * (pg_trgm's word similarity); both tests use the trigram index. Closest matches first.
   */
  async search(query: string, paging: Paging) {
    const words = searchWords(query);
    const matching = this.listed();
    for (const word of words)
      matching.where((q) =>
        q.whereRaw(`search_text like ? escape '\\'`, [`%${escapeLike(word)}%`]).orWhereRaw('? <% search_text', [word]),
      );
    const rank = words.map(() => 'word_similarity(?, search_text)').join(' + ');
    const [rows, [counted]] = await Promise.all([
      matching
        .clone()
        .select(PUBLIC_COLUMNS)
        .orderByRaw(`(search_text like ? escape '\\') desc, ${rank} desc, created_at desc, id desc`, [
          `${escapeLike(query.toLowerCase())}%`,
          ...words,
        ])
        .limit(paging.limit)
        .offset(offsetOf(paging)),
      matching.clone().count<{ count: string | number }[]>({ count: '*' }),
    ]);
    return { items: (rows as ProductRow[]).map(toProduct), total: toCount(counted?.count) };
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
