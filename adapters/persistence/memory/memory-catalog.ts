import { NewProduct, Product, ProductSecrets, ProductType } from '../../../core/catalog/domain/product';
import { Catalog, CatalogWriter, Shelf } from '../../../core/catalog/ports/catalog';
import { searchWords } from '../../../core/catalog/domain/search';
import { Paging, offsetOf } from '../../../core/shared/paging';
import { searchTextOf } from '../product-rows';

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

/** The in-memory twin of KnexCatalog, held to the same contract suite; for use-case tests. */
export class MemoryCatalog implements Catalog, CatalogWriter {
  private readonly products = new Map<string, Product>();
  /** Kept after a product is removed, as the database keeps a soft-deleted product's row. */
  private readonly secrets = new Map<string, ProductSecrets>();

  /** All or nothing, like the database: a repeated id rejects the whole batch. */
  async addMany(products: readonly NewProduct[]): Promise<void> {
    const ids = products.map((p) => p._id);
    if (new Set(ids).size !== ids.length || ids.some((id) => this.products.has(id)))
      throw new Error('duplicate product id');
    for (const { producturl, downloadpass, ...product } of products) {
      this.products.set(product._id, { ...product, createdAt: product.createdAt ?? new Date().toISOString() });
      this.secrets.set(product._id, { producturl, downloadpass });
    }
  }

  /** A product's download link and password, also once removed: what orders that sold it read. */
  async secretsOf(id: string): Promise<ProductSecrets | undefined> {
    return this.secrets.get(id);
  }

  /** Takes a product off sale (the admin's soft delete, in memory). */
  remove(id: string): void {
    this.products.delete(id);
  }

  private onShelf({ type, category }: Shelf): Product[] {
    return [...this.products.values()]
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
    return this.products.get(id);
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
