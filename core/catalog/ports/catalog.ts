import { Id } from '../../shared/ids';
import { Paging } from '../../shared/paging';
import { BookCategory, NewProduct, Product, ProductType } from '../domain/product';

/** Which part of the catalogue a listing shows; empty means all of it. */
export interface Shelf {
  readonly type?: ProductType;
  readonly category?: BookCategory;
}

/** A product on sale and when it last changed (added, edited, restored, repriced): what a sitemap lists. */
export interface ListedProduct {
  readonly id: Id;
  /** An ISO 8601 time in UTC. */
  readonly changedAt: string;
}

/**
 * The catalogue as shoppers read it. Deleted products are never returned. Adapters: knex
 * (PGlite or PostgreSQL), a cache in front of it, and an in-memory twin for use-case tests.
 */
export interface Catalog {
  /** Newest first. */
  list(shelf: Shelf, paging: Paging): Promise<readonly Product[]>;
  count(shelf: Shelf): Promise<number>;
  /** Recent editions first (year, then newest added). */
  recommended(paging: Paging): Promise<readonly Product[]>;
  findById(id: Id): Promise<Product | undefined>;
  /** Same type, sharing a book category with `exclude` first, then newest. */
  related(type: ProductType, exclude: Id, limit: number): Promise<readonly Product[]>;
  /** Title or any author; case-insensitive, partial words and small typos; best matches first. */
  search(query: string, paging: Paging): Promise<{ readonly items: readonly Product[]; readonly total: number }>;
  /** Every product on sale, by id (so mostly oldest first, and a new one lands last), with its last change. */
  listed(): Promise<readonly ListedProduct[]>;
}

/** Writes to the catalogue (the seed now; the admin editor later). */
export interface CatalogWriter {
  addMany(products: readonly NewProduct[]): Promise<void>;
}
