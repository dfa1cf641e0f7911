import { ProductSortKey, ProductsQuery } from '../../../core/catalog/domain/products-table';
import { searchTextOf } from '../../../core/catalog/domain/search-text';
import { EditableProduct } from '../../../core/catalog/ports/product-editor';
import { ProductsTable, ProductsTableRow } from '../../../core/catalog/ports/products-table';
import { ProductFiles } from '../../../core/delivery/ports/product-files';
import { offsetOf } from '../../../core/shared/paging';
import { MemoryCatalog } from './memory-catalog';
import { MemoryOrders } from './memory-orders';

const SOLD = new Set(['paid', 'partly-refunded', 'refunded']);

/** Code-point order, as the database's "C" collation compares. */
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const COMPARE: Record<ProductSortKey, (a: ProductsTableRow, b: ProductsTableRow) => number> = {
  title: (a, b) => byCodePoints(a.title.toLowerCase(), b.title.toLowerCase()),
  type: (a, b) => byCodePoints(a.category, b.category),
  category: (a, b) => byCodePoints(a.subcategory.join(','), b.subcategory.join(',')),
  price: (a, b) => a.price.minor - b.price.minor,
  egpprice: (a, b) => a.egpprice.minor - b.egpprice.minor,
  sales: (a, b) => a.sales - b.sales,
  file: (a, b) => Number(a.hasFile) - Number(b.hasFile),
  createdAt: (a, b) => byCodePoints(a.createdAt, b.createdAt),
};

/**
 * The in-memory twin of KnexProductsTable over the other twins: sales counted from the orders at
 * each read (the database keeps the count instead), under the same contract suite.
 */
export class MemoryProductsTable implements ProductsTable {
  constructor(
    private readonly catalog: MemoryCatalog,
    private readonly orders: MemoryOrders,
    private readonly files: ProductFiles,
  ) {}

  async page(query: ProductsQuery, countCap: number): Promise<{ items: ProductsTableRow[]; total: number }> {
    const sales = new Map<string, number>();
    for (const order of this.orders.orders.values())
      if (SOLD.has(order.status))
        for (const line of order.lines.filter((l) => !l.refunded)) sales.set(line.productId, (sales.get(line.productId) ?? 0) + 1);
    const chosen = this.catalog
      .everyProduct()
      .filter((p) => (query.deleted === 'all' ? true : query.deleted === 'only' ? p.deleted : !p.deleted))
      .filter((p) => !query.text || searchTextOf(p).includes(query.text))
      .filter((p) => !query.type || p.category === query.type)
      .filter((p) => !query.category || p.subcategory.includes(query.category));
    const rows = await Promise.all(chosen.map(async (p) => rowOf(p, sales.get(p._id) ?? 0, (await this.files.ofProduct(p._id)).length > 0)));
    const sign = query.descending ? -1 : 1;
    rows.sort((a, b) => sign * (COMPARE[query.sort](a, b) || byCodePoints(a._id, b._id)));
    // A search stops counting past the cap, as the database's does.
    return { items: rows.slice(offsetOf(query), offsetOf(query) + query.limit), total: query.text ? Math.min(rows.length, countCap + 1) : rows.length };
  }
}

const rowOf = (p: EditableProduct, sales: number, hasFile: boolean): ProductsTableRow => {
  const cover = p.smallCover[0] ?? p.covers[0];
  return {
    _id: p._id,
    title: p.title,
    author: p.author,
    ...(cover === undefined ? {} : { cover }),
    category: p.category,
    subcategory: p.subcategory,
    price: p.price,
    egpprice: p.egpprice,
    keepEgpPrice: p.keepEgpPrice,
    sales,
    hasFile,
    deleted: p.deleted,
    createdAt: p.createdAt,
  };
};
