import { Actor, entryOf } from '../../../core/audit/domain/audit';
import { ExchangeRate, egpPriceAt } from '../../../core/catalog/domain/exchange-rate';
import { ProductFields } from '../../../core/catalog/domain/product-form';
import { NewProduct, Product, ProductSecrets, ProductType } from '../../../core/catalog/domain/product';
import { Catalog, CatalogWriter, ListedProduct, Shelf } from '../../../core/catalog/ports/catalog';
import { EditableProduct, ProductEditor, RepricePreview, Repricing, TITLES_NAMED, snapshotOf } from '../../../core/catalog/ports/product-editor';
import { isFreeOrPriced } from '../../../core/catalog/domain/free';
import { Paging, offsetOf } from '../../../core/shared/paging';
import { searchTextOf } from '../../../core/catalog/domain/search-text';
import { SearchIndex } from '../search-index';
import { MemoryAuditLog } from './memory-audit-log';

const newestFirst = (a: Product, b: Product) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

/** What a row keeps of a product: its own fields only, as the database's columns do. */
const shown = (p: NewProduct, createdAt: string): Product => ({
  _id: p._id,
  title: p.title,
  author: [...p.author],
  description: p.description,
  covers: [...p.covers],
  smallCover: [...p.smallCover],
  price: p.price,
  egpprice: p.egpprice,
  category: p.category,
  subcategory: [...p.subcategory],
  size: p.size,
  Pages: p.Pages,
  Language: p.Language,
  format: p.format,
  year: p.year,
  ...(p.isbn === undefined ? {} : { isbn: p.isbn }),
  ...(p.eISBN === undefined ? {} : { eISBN: p.eISBN }),
  ...(p.duration === undefined ? {} : { duration: p.duration }),
  ...(p.videonumbers === undefined ? {} : { videonumbers: p.videonumbers }),
  createdAt,
  // Empty is none, as the database's null.
  ...(p.arabicTitle ? { arabicTitle: p.arabicTitle } : {}),
  ...(p.arabicDescription ? { arabicDescription: p.arabicDescription } : {}),
});

/**
 * The in-memory twin of KnexCatalog and KnexProductEditor over one state, held to the same contract
 * suites; for use-case tests. Each write checks and changes with no await in between, and records
 * its audit entry only once the change is certain, as the database's transaction would.
 */
export class MemoryCatalog implements Catalog, CatalogWriter, ProductEditor {
  /** Every product, deleted ones too, as the database keeps a soft-deleted product's row. */
  private readonly products = new Map<string, Product>();
  private readonly secrets = new Map<string, ProductSecrets>();
  /** Deleted products, with when (the housekeeping's twin reads it). */
  readonly deleted = new Map<string, Date>();
  /** Products whose EGP price the bulk reprice keeps, and each product's version (raised by every write). */
  private readonly kept = new Set<string>();
  private readonly versions = new Map<string, number>();
  /** When each product last changed, as the database's changed_at. */
  private readonly changed = new Map<string, string>();

  constructor(readonly audit = new MemoryAuditLog()) {}

  /** All or nothing, like the database: a repeated id rejects the whole batch. */
  async addMany(products: readonly NewProduct[]): Promise<void> {
    this.add(products);
  }

  private add(products: readonly NewProduct[]): void {
    const ids = products.map((p) => p._id);
    if (new Set(ids).size !== ids.length || ids.some((id) => this.products.has(id)))
      throw new Error('duplicate product id');
    for (const product of products) {
      const createdAt = product.createdAt ?? new Date().toISOString();
      this.products.set(product._id, shown(product, createdAt));
      this.changed.set(product._id, createdAt);
      this.secrets.set(product._id, { producturl: product.producturl, downloadpass: product.downloadpass });
      if (product.keepEgpPrice) this.kept.add(product._id);
      this.versions.set(product._id, 0);
    }
  }

  /** A write of the admin's: the version moves, and the last change is the admin's moment. */
  private written(id: string, by: Actor): void {
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    this.changed.set(id, by.at.toISOString());
  }

  /** Every product, deleted ones too, as the editor reads it (the products table's twin reads them). */
  everyProduct(): EditableProduct[] {
    return [...this.products.keys()].map((id) => this.editable(id)!);
  }

  /** A product's download link and password, also once removed: what orders that sold it read. */
  async secretsOf(id: string): Promise<ProductSecrets | undefined> {
    return this.secrets.get(id);
  }

  async forEditing(id: string): Promise<EditableProduct | undefined> {
    return this.editable(id);
  }

  private editable(id: string): EditableProduct | undefined {
    const product = this.products.get(id);
    const secrets = this.secrets.get(id);
    return product && secrets && { ...product, ...secrets, deleted: this.deleted.has(id), keepEgpPrice: this.kept.has(id), version: this.versions.get(id) ?? 0 };
  }

  async create(product: NewProduct, by: Actor): Promise<void> {
    this.add([product]);
    this.audit.record(entryOf(by, 'product-created', { subject: product._id, after: snapshotOf(this.editable(product._id)!) }));
  }

  async update(id: string, fields: ProductFields, by: Actor, madeFrom?: number): Promise<'updated' | 'missing' | 'stale'> {
    const before = this.editable(id);
    if (!before) return 'missing';
    if (madeFrom !== undefined && before.version !== madeFrom) return 'stale';
    this.products.set(id, shown({ ...fields, _id: id }, before.createdAt));
    this.secrets.set(id, { producturl: fields.producturl, downloadpass: fields.downloadpass });
    if (fields.keepEgpPrice) this.kept.add(id);
    else this.kept.delete(id);
    this.written(id, by);
    this.recordChange(by, 'product-updated', before);
    return 'updated';
  }

  async remove(id: string, by: Actor): Promise<'removed' | 'missing' | 'unchanged'> {
    const before = this.editable(id);
    if (!before) return 'missing';
    if (before.deleted) return 'unchanged';
    this.deleted.set(id, by.at);
    this.written(id, by);
    this.recordChange(by, 'product-deleted', before);
    return 'removed';
  }

  async recreate(id: string, by: Actor): Promise<'recreated' | 'missing' | 'not-deleted'> {
    const before = this.editable(id);
    if (!before) return 'missing';
    if (!before.deleted) return 'not-deleted';
    this.deleted.delete(id);
    this.products.set(id, { ...this.products.get(id)!, createdAt: by.at.toISOString() });
    this.written(id, by);
    this.recordChange(by, 'product-recreated', before);
    return 'recreated';
  }

  /** Deleted products too, as in the database; the count is of those on sale; all or nothing. */
  async repriceEgp(rate: ExchangeRate, by: Actor): Promise<Repricing> {
    const repriced = [...this.products.values()]
      .filter((product) => !this.kept.has(product._id))
      .map((product) => ({ ...product, egpprice: egpPriceAt(product.price, rate) }));
    const madeFree = repriced
      .filter((product) => !isFreeOrPriced(product))
      .map((product) => product.title)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (madeFree.length > 0) return { kind: 'would-give-away', count: madeFree.length, titles: madeFree.slice(0, TITLES_NAMED) };
    for (const product of repriced) {
      const moved = this.products.get(product._id)!.egpprice.minor !== product.egpprice.minor;
      this.products.set(product._id, product);
      // Every version moves, as the database's statement does; only a moved price is a change.
      if (moved) this.written(product._id, by);
      else this.versions.set(product._id, (this.versions.get(product._id) ?? 0) + 1);
    }
    const updated = this.onShelf({}).filter((p) => !this.kept.has(p._id)).length;
    this.audit.record(entryOf(by, 'egp-prices-updated', { detail: { egpPerUsd: rate.egpPerUsd, updated } }));
    return { kind: 'repriced', updated };
  }

  async previewReprice(rate: ExchangeRate, examples: number): Promise<RepricePreview> {
    const onSale = this.onShelf({});
    const repriced = onSale.filter((p) => !this.kept.has(p._id));
    return {
      products: repriced.length,
      kept: onSale.length - repriced.length,
      examples: repriced
        .map((p) => ({ _id: p._id, title: p.title, price: p.price, before: p.egpprice, after: egpPriceAt(p.price, rate) }))
        .filter((e) => e.before.minor !== e.after.minor)
        .slice(0, examples),
    };
  }

  private recordChange(by: Actor, action: 'product-updated' | 'product-deleted' | 'product-recreated', before: EditableProduct): void {
    const after = this.editable(before._id)!;
    this.audit.record(entryOf(by, action, { subject: before._id, before: snapshotOf(before), after: snapshotOf(after) }));
  }

  private onShelf({ type, category }: Shelf): Product[] {
    return [...this.products.values()]
      .filter((p) => !this.deleted.has(p._id))
      .filter((p) => (!type || p.category === type) && (!category || p.subcategory.includes(category)))
      .sort(newestFirst);
  }

  async list(shelf: Shelf, paging: Paging) {
    return page(this.onShelf(shelf), paging);
  }

  async count(shelf: Shelf) {
    return this.onShelf(shelf).length;
  }

  async recommended(paging: Paging) {
    return page(this.onShelf({}).sort((a, b) => b.year.localeCompare(a.year) || newestFirst(a, b)), paging);
  }

  async findById(id: string) {
    return this.deleted.has(id) ? undefined : this.products.get(id);
  }

  async related(type: ProductType, exclude: string, limit: number) {
    const categories = this.products.get(exclude)?.subcategory ?? [];
    const shares = (p: Product) => (p.subcategory.some((c) => categories.includes(c)) ? 1 : 0);
    return this.onShelf({ type })
      .filter((p) => p._id !== exclude)
      .sort((a, b) => shares(b) - shares(a) || newestFirst(a, b))
      .slice(0, limit);
  }

  async listed(): Promise<readonly ListedProduct[]> {
    return [...this.products.keys()]
      .filter((id) => !this.deleted.has(id))
      .sort()
      .map((id) => ({ id, changedAt: this.changed.get(id)! }));
  }

  /** The same index and rules as the database's adapter (search-index.ts), built for each search. */
  async search(query: string, paging: Paging) {
    // Newest first, as the database adapter loads them (onShelf sorts).
    const listed = this.onShelf({});
    const { ids, total } = SearchIndex.of(listed.map((p) => ({ id: p._id, text: searchTextOf(p) }))).find(query, paging);
    return { items: ids.map((id) => this.products.get(id)!), total };
  }
}

const page = (products: Product[], paging: Paging) => products.slice(offsetOf(paging), offsetOf(paging) + paging.limit);
