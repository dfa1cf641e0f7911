import { NewProduct, Product, ProductType } from '../../core/catalog/domain/product';
import { Catalog, CatalogWriter, Shelf } from '../../core/catalog/ports/catalog';
import { Paging } from '../../core/shared/paging';
import { Actor } from '../../core/audit/domain/audit';
import { ExchangeRate } from '../../core/catalog/domain/exchange-rate';
import { ProductFields } from '../../core/catalog/domain/product-form';
import { ProductEditor } from '../../core/catalog/ports/product-editor';
import { Memo } from './memo';
import { ChangeFeed } from './change-feed';

/**
 * Hot pages, totals and products stay in memory, forgotten whenever the catalogue changes, here
 * or in another process (see ChangeFeed). Loads in flight are shared, so a cold page costs one query
 * however many shoppers ask at once.
 */
export class CachedCatalog implements Catalog {
  private readonly cache = new Memo(2000);

  constructor(
    private readonly inner: Catalog,
    changes: ChangeFeed,
  ) {
    changes.on('catalogue', () => this.cache.clear());
  }

  private memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load);
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
  /**
   * Not kept here: the search keeps its own index and products, told of changes by the same feed
   * (knex-search.ts), and a stream of new searches would push the pages out of this memo.
   */
  search(query: string, p: Paging) {
    return this.inner.search(query, p);
  }
  /**
   * Not kept here either: the sitemap keeps what it makes of it, encoded (adapters/http/sitemaps.ts),
   * forgotten with the catalogue's other answers, and 100,000 entries would crowd this memo.
   */
  listed() {
    return this.inner.listed();
  }
}

/**
 * The writer logs its change in its own transaction (knex-catalog.ts), for the other processes;
 * this tells the caches of this one as soon as the write is done.
 */
export class CatalogWriterThatTells implements CatalogWriter {
  constructor(
    private readonly inner: CatalogWriter,
    private readonly changes: ChangeFeed,
  ) {}

  async addMany(products: readonly NewProduct[]): Promise<void> {
    await this.inner.addMany(products);
    this.changes.changedHere('catalogue');
  }
}

/** The admin's writes, likewise: logged in their own transactions, then forgotten here at once. */
export class ProductEditorThatTells implements ProductEditor {
  constructor(
    private readonly inner: ProductEditor,
    private readonly changes: ChangeFeed,
  ) {}

  private async told<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    this.changes.changedHere('catalogue');
    return result;
  }

  forEditing(id: string) {
    return this.inner.forEditing(id);
  }
  create(product: NewProduct, by: Actor) {
    return this.told(this.inner.create(product, by));
  }
  update(id: string, fields: ProductFields, by: Actor, madeFrom?: number) {
    return this.told(this.inner.update(id, fields, by, madeFrom));
  }
  remove(id: string, by: Actor) {
    return this.told(this.inner.remove(id, by));
  }
  recreate(id: string, by: Actor) {
    return this.told(this.inner.recreate(id, by));
  }
  repriceEgp(rate: ExchangeRate, by: Actor) {
    return this.told(this.inner.repriceEgp(rate, by));
  }
  previewReprice(rate: ExchangeRate, examples: number) {
    return this.inner.previewReprice(rate, examples);
  }
}
