import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';
import { BookCategory, ProductType } from '../domain/product';
import { ProductsQuery } from '../domain/products-table';

/** One row of the admin's products table. */
export interface ProductsTableRow {
  readonly _id: Id;
  readonly title: string;
  readonly author: readonly string[];
  readonly cover?: string;
  readonly category: ProductType;
  readonly subcategory: readonly BookCategory[];
  readonly price: Money<'USD'>;
  readonly egpprice: Money<'EGP'>;
  readonly keepEgpPrice: boolean;
  /** Lines of orders paid for it and not refunded. */
  readonly sales: number;
  /** Whether it has a file of its own (issue 19) for its buyers to download. */
  readonly hasFile: boolean;
  readonly deleted: boolean;
  readonly createdAt: string;
}

/**
 * The admin's table of every product (issue 21): searched, filtered, sorted and paged in one read,
 * from counts kept beside each product (never a count over every order per request). Ties are
 * broken by id, so pages never overlap. Adapters: knex (PGlite, PostgreSQL) and the in-memory twin.
 */
export interface ProductsTable {
  /** A page, and the total: kept for the whole table or a filter; a search's matches counted, and may stop past `countCap`. */
  page(query: ProductsQuery, countCap: number): Promise<{ readonly items: readonly ProductsTableRow[]; readonly total: number }>;
}
