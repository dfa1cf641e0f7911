import { Knex } from 'knex';
import { BookCategory, ProductType } from '../../core/catalog/domain/product';
import { ProductSortKey, ProductsQuery } from '../../core/catalog/domain/products-table';
import { ProductsTable, ProductsTableRow } from '../../core/catalog/ports/products-table';
import { egp, usd } from '../../core/shared/money';
import { offsetOf } from '../../core/shared/paging';
import { toCount } from './product-rows';

/** Each sort key's expression: the only text that reaches ORDER BY (the keys are the core's closed list). */
const ORDER_BY: Record<ProductSortKey, string> = {
  title: 'lower(p.title) collate "C"',
  type: 'p.type',
  category: `array_to_string(p.categories, ',') collate "C"`,
  price: 'p.price_cents',
  egpprice: 'p.egp_price_cents',
  sales: 'c.sales',
  file: '(c.files > 0)',
  createdAt: 'p.created_at',
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
  sales: number;
  files: number;
  deleted_at: Date | string | null;
  created_at: Date | string;
}

/**
 * The products table from the products rows and the counts the database keeps beside each product
 * (product_counts, migration 028's triggers); search is the trigram index over title and authors
 * (search_text); each sort key has its index, so a page is read in index order and stops at its
 * last row. The total is counted apart, over the products alone.
 */
export class KnexProductsTable implements ProductsTable {
  constructor(private readonly db: Knex) {}

  async page(query: ProductsQuery): Promise<{ items: ProductsTableRow[]; total: number }> {
    const dir = query.descending ? 'desc' : 'asc';
    const rows: TableRow[] = await this.filtered(this.db('products as p').join('product_counts as c', 'c.product_id', 'p.id'), query)
      .select('p.id', 'p.title', 'p.authors', 'p.covers', 'p.small_covers', 'p.type', 'p.categories', 'p.price_cents', 'p.egp_price_cents')
      .select('p.keep_egp_price', 'c.sales', 'c.files', 'p.deleted_at', 'p.created_at')
      .orderByRaw(`${ORDER_BY[query.sort]} ${dir}, p.id ${dir}`)
      .limit(query.limit)
      .offset(offsetOf(query));
    const counted = await this.filtered(this.db('products as p'), query).count({ total: '*' }).first();
    return { items: rows.map(toTableRow), total: toCount(counted?.total as string | number | undefined) };
  }

  private filtered(q: Knex.QueryBuilder, query: ProductsQuery): Knex.QueryBuilder {
    if (query.deleted === 'no') q.whereNull('p.deleted_at');
    if (query.deleted === 'only') q.whereNotNull('p.deleted_at');
    if (query.text) q.whereRaw('p.search_text like ?', [containing(query.text)]);
    if (query.type) q.where('p.type', query.type);
    if (query.category) q.whereRaw('p.categories @> array[?]::text[]', [query.category]);
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
    sales: Number(row.sales),
    hasFile: Number(row.files) > 0,
    deleted: row.deleted_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
};
