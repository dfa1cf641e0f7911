import { Actor, entryOf } from '../../../core/audit/domain/audit';
import { ExchangeRate, egpPriceAt } from '../../../core/catalog/domain/exchange-rate';
import { ProductFields } from '../../../core/catalog/domain/product-form';
import { NewProduct, Product, ProductSecrets, ProductType } from '../../../core/catalog/domain/product';
import { Catalog, CatalogWriter, Shelf } from '../../../core/catalog/ports/catalog';
import { EditableProduct, ProductEditor, snapshotOf } from '../../../core/catalog/ports/product-editor';
import { searchWords } from '../../../core/catalog/domain/search';
import { Paging, offsetOf } from '../../../core/shared/paging';
import { searchTextOf } from '../product-rows';
import { MemoryAuditLog } from './memory-audit-log';

/** Edit distance, enough to tell a small typo from another word. */
const distance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
};

/** A word matches as part of the text, or as a word of the text within a typo or two. */
const wordScore = (word: string, text: string): number => {
  if (text.includes(word)) return 2;
  const allowed = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
  return text.split(/\s+/).some((w) => distance(word, w.slice(0, word.length + 1)) <= allowed || distance(word, w) <= allowed)
    ? 1
    : 0;
};

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
  private readonly deleted = new Set<string>();

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
      this.products.set(product._id, shown(product, product.createdAt ?? new Date().toISOString()));
      this.secrets.set(product._id, { producturl: product.producturl, downloadpass: product.downloadpass });
    }
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
    return product && secrets && { ...product, ...secrets, deleted: this.deleted.has(id) };
  }

  async create(product: NewProduct, by: Actor): Promise<void> {
    this.add([product]);
    this.audit.record(entryOf(by, 'product-created', { subject: product._id, after: snapshotOf(this.editable(product._id)!) }));
  }

  async update(id: string, fields: ProductFields, by: Actor): Promise<'updated' | 'missing'> {
    const before = this.editable(id);
    if (!before) return 'missing';
    this.products.set(id, shown({ ...fields, _id: id }, before.createdAt));
    this.secrets.set(id, { producturl: fields.producturl, downloadpass: fields.downloadpass });
    this.recordChange(by, 'product-updated', before);
    return 'updated';
  }

  async remove(id: string, by: Actor): Promise<'removed' | 'missing' | 'unchanged'> {
    const before = this.editable(id);
    if (!before) return 'missing';
    if (before.deleted) return 'unchanged';
    this.deleted.add(id);
    this.recordChange(by, 'product-deleted', before);
    return 'removed';
  }

  async recreate(id: string, by: Actor): Promise<'recreated' | 'missing' | 'not-deleted'> {
    const before = this.editable(id);
    if (!before) return 'missing';
    if (!before.deleted) return 'not-deleted';
    this.deleted.delete(id);
    this.products.set(id, { ...this.products.get(id)!, createdAt: by.at.toISOString() });
    this.recordChange(by, 'product-recreated', before);
    return 'recreated';
  }

  /** Deleted products too, as in the database; the count is of those on sale. */
  async repriceEgp(rate: ExchangeRate, by: Actor): Promise<number> {
    for (const [id, product] of this.products) this.products.set(id, { ...product, egpprice: egpPriceAt(product.price, rate) });
    const updated = this.onShelf({}).length;
    this.audit.record(entryOf(by, 'egp-prices-updated', { detail: { egpPerUsd: rate.egpPerUsd, updated } }));
    return updated;
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

  async search(query: string, paging: Paging) {
    const words = searchWords(query);
    const scored = this.onShelf({})
      .map((product) => {
        const text = searchTextOf(product);
        const scores = words.map((w) => wordScore(w, text));
        const prefix = text.startsWith(query.toLowerCase()) ? 1 : 0;
        return { product, matches: scores.every((s) => s > 0), rank: prefix * 100 + scores.reduce((a, b) => a + b, 0) };
      })
      .filter((s) => s.matches)
      .sort((a, b) => b.rank - a.rank || newestFirst(a.product, b.product))
      .map((s) => s.product);
    return { items: page(scored, paging), total: scored.length };
  }
}

const page = (products: Product[], paging: Paging) => products.slice(offsetOf(paging), offsetOf(paging) + paging.limit);
