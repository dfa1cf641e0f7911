import { Knex } from 'knex';
import { BookCategory, ProductType } from '../../core/catalog/domain/product';
import { ProductSortKey, ProductsQuery } from '../../core/catalog/domain/products-table';
import { ProductsTable, ProductsTableRow } from '../../core/catalog/ports/products-table';
import { egp, usd } from '../../core/shared/money';
import { offsetOf } from '../../core/shared/paging';
import { toCount } from './product-rows';

/** Each sort key's expression: the only text that reaches ORDER BY (the keys are the core's closed list). */
const ORDER_BY: Record<ProductSortKey, string> = {
  title: 'lower(title) collate "C"',
  type: 'type',
  category: `array_to_string(categories, ',') collate "C"`,
  price: 'price_cents',
  egpprice: 'egp_price_cents',
  sales: 'sales_count',
  file: '(file_count > 0)',
  createdAt: 'created_at',
};

/** A LIKE pattern that matches the text as typed: its % and _ are literal. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface TableRow {
  id: string;
  title: string;
  authors: string[];
  covers: string[];
  small_covers: string[];
  type: string;
  categories: string[];
  price_cents: number;
  egp_price_cents: number;
  keep_egp_price: boolean;
  sales_count: number;
  file_count: number;
  deleted_at: Date | string | null;
  created_at: Date | string;
  total: string | number;
}

/**
 * The products table from the products rows alone: sales and files are counts the database keeps
 * beside each product (migration 028's triggers); search is the trigram index over title and
 * authors (search_text); each sort key has its index. The total comes with the page (a window count).
 */
export class KnexProductsTable implements ProductsTable {
  constructor(private readonly db: Knex) {}

  async page(query: ProductsQuery): Promise<{ items: ProductsTableRow[]; total: number }> {
    const dir = query.descending ? 'desc' : 'asc';
    const rows: TableRow[] = await this.filtered(query)
      .select('id', 'title', 'authors', 'covers', 'small_covers', 'type', 'categories', 'price_cents', 'egp_price_cents')
      .select('keep_egp_price', 'sales_count', 'file_count', 'deleted_at', 'created_at', this.db.raw('count(*) over () as total'))
      .orderByRaw(`${ORDER_BY[query.sort]} ${dir}, id ${dir}`)
      .limit(query.limit)
      .offset(offsetOf(query));
    // A page past the end has no row to carry the total: count it alone.
    const total = rows.length > 0 ? toCount(rows[0].total) : offsetOf(query) > 0 ? await this.count(query) : 0;
    return { items: rows.map(toTableRow), total };
  }

  private async count(query: ProductsQuery): Promise<number> {
    const row = await this.filtered(query).count({ total: '*' }).first();
    return toCount(row?.total as string | number | undefined);
  }

  private filtered(query: ProductsQuery): Knex.QueryBuilder {
    const q = this.db('products');
    if (query.deleted === 'no') q.whereNull('deleted_at');
    if (query.deleted === 'only') q.whereNotNull('deleted_at');
    if (query.text) q.whereRaw('search_text like ?', [containing(query.text)]);
    if (query.type) q.where('type', query.type);
    if (query.category) q.whereRaw('categories @> array[?]::text[]', [query.category]);
    return q;
  }
}

const toTableRow = (row: TableRow): ProductsTableRow => {
  const cover = row.small_covers[0] ?? row.covers[0];
  return {
    _id: row.id,
    title: row.title,
    author: row.authors,
    ...(cover === undefined ? {} : { cover }),
    category: row.type as ProductType,
    subcategory: row.categories as BookCategory[],
    price: usd(Number(row.price_cents)),
    egpprice: egp(Number(row.egp_price_cents)),
    keepEgpPrice: row.keep_egp_price,
    sales: Number(row.sales_count),
    hasFile: Number(row.file_count) > 0,
    deleted: row.deleted_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
};
