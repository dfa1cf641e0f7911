import { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { BookCategory, ProductType } from '../../core/catalog/domain/product';
import { ProductSortKey, ProductsQuery } from '../../core/catalog/domain/products-table';
import { ProductsTable, ProductsTableRow } from '../../core/catalog/ports/products-table';
import { egp, usd } from '../../core/shared/money';
import { offsetOf } from '../../core/shared/paging';
import { CATALOGUE_VERSION } from './change-feed';
import { toCount } from './product-rows';

/** Each sort key's expression: the only text that reaches ORDER BY (the keys are the core's closed list). */
const ORDER_BY: Record<ProductSortKey, string> = {
  title: 'lower(p.title) collate "C"',
  type: 'p.type',
  // Migration 034's immutable spelling of array_to_string(p.categories, ','), which its index holds.
  category: 'categories_text(p.categories) collate "C"',
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

/** The sort keys kept in product_counts, with indexes there (over the products on sale, and all). */
const COUNTED_KEYS: ReadonlySet<ProductSortKey> = new Set(['sales', 'file']);

const COLUMNS = ['p.id', 'p.title', 'p.authors', 'p.covers', 'p.small_covers', 'p.type', 'p.categories', 'p.price_cents', 'p.egp_price_cents',
  'p.keep_egp_price', 'c.sales', 'c.files', 'p.deleted_at', 'p.created_at'];

/** How many searches' counts each process keeps. */
const KEPT_COUNTS = 256;

/**
 * The products table from the products rows and the counts the database keeps beside each product
 * (product_counts, migration 028's triggers); search is the trigram index over title and authors
 * (search_text); each sort key has its index, so a page is read in index order and stops at its
 * last row. The total is kept apart (migration 034), but a search's, which is counted.
 */
export class KnexProductsTable implements ProductsTable {
  /**
   * Each search's count with the catalogue version it was counted at. Counting a search's matches
   * (to 1,001 of them) costs twice its page, and the owner pages and sorts one search many times:
   * while no product has changed, its count is the same and is not read again.
   */
  private readonly counted = new LRUCache<string, { readonly version: string; readonly total: number }>({ max: KEPT_COUNTS });

  constructor(private readonly db: Knex) {}

  async page(query: ProductsQuery, countCap: number): Promise<{ items: ProductsTableRow[]; total: number }> {
    const order = `${ORDER_BY[query.sort]} ${query.descending ? 'desc' : 'asc'}, p.id ${query.descending ? 'desc' : 'asc'}`;
    if (this.onlyCounted(query)) {
      const rows: TableRow[] = await this.db
        .from(this.countedPage(query).as('c'))
        .join('products as p', 'p.id', 'c.product_id')
        .select(COLUMNS)
        .orderByRaw(order);
      return { items: rows.map(toTableRow), total: await this.total(query, countCap) };
    }
    const page = this.filtered(this.db('products as p').join('product_counts as c', 'c.product_id', 'p.id'), query)
      .select(COLUMNS)
      .orderByRaw(order)
      .limit(query.limit)
      .offset(offsetOf(query));
    if (!query.text) {
      const rows: TableRow[] = await page;
      return { items: rows.map(toTableRow), total: await this.total(query, countCap) };
    }
    // A search's count in the same statement as its page, with the catalogue's version: counted only
    // when the version is not the kept count's (PostgreSQL runs a subquery when its value is first
    // needed, and a CASE that does not need it leaves it unrun).
    const key = JSON.stringify([query.text, query.type, query.category, query.deleted, countCap]);
    const kept = this.counted.get(key);
    page.select(
      this.db.raw(`${CATALOGUE_VERSION}::text as catalogue_version`),
      this.db.raw(`case when ${CATALOGUE_VERSION}::text = ? then null else (?) end as found`, [kept?.version ?? null, this.matchesCounted(query, countCap)]),
    );
    const rows: (TableRow & { catalogue_version: string; found: string | number | null })[] = await page;
    const [first] = rows;
    // Past the last page there is no row to carry the count.
    if (!first) return { items: [], total: await this.total(query, countCap) };
    const total = first.found === null && kept ? kept.total : toCount(first.found ?? 0);
    this.counted.set(key, { version: first.catalogue_version, total });
    return { items: rows.map(toTableRow), total };
  }

  /** Sorted by a count and filtered by nothing but deleted: product_counts alone can pick the page. */
  private onlyCounted(query: ProductsQuery): boolean {
    return COUNTED_KEYS.has(query.sort) && !query.text && !query.type && !query.category;
  }

  /**
   * The page's counts, read from product_counts' own indexes (whether a product is on sale is kept
   * there too), so only the page's products are read, not every one before it.
   */
  private countedPage(query: ProductsQuery): Knex.QueryBuilder {
    const dir = query.descending ? 'desc' : 'asc';
    const page = this.db('product_counts as c')
      .select('c.product_id', 'c.sales', 'c.files')
      .orderByRaw(`${ORDER_BY[query.sort]} ${dir}, c.product_id ${dir}`)
      .limit(query.limit)
      .offset(offsetOf(query));
    if (query.deleted !== 'all') page.where('c.listed', query.deleted === 'no');
    return page;
  }

  /**
   * Without a search, the sum of the few counts kept per type, book category ('' for all of the
   * type) and deleted state (product_totals, migration 034's triggers); a search counts its matches,
   * up to one past the cap: past it the table says "more than", and each match counted is a row read.
   */
  private async total(query: ProductsQuery, countCap: number): Promise<number> {
    if (query.text) {
      const counted = await this.matchesCounted(query, countCap).first();
      return toCount(counted?.total as string | number | undefined);
    }
    const kept = this.db('product_totals').where('category', query.category ?? '');
    if (query.type) kept.where('type', query.type);
    if (query.deleted !== 'all') kept.where('deleted', query.deleted === 'only');
    const summed = await kept.first(this.db.raw('coalesce(sum(products), 0) as total'));
    return toCount(summed?.total as string | number | undefined);
  }

  /** How many products a search matches, up to one past the cap. */
  private matchesCounted(query: ProductsQuery, countCap: number): Knex.QueryBuilder {
    const found = this.filtered(this.db('products as p'), query).select(this.db.raw('1')).limit(countCap + 1);
    return this.db.from(found.as('found')).count({ total: '*' });
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
