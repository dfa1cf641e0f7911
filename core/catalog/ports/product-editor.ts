import { Actor, Json } from '../../audit/domain/audit';
import { Id } from '../../shared/ids';
import { Money, toDecimalString } from '../../shared/money';
import { ExchangeRate } from '../domain/exchange-rate';
import { DomainError } from '../../shared/errors';
import { CoverFormat } from '../domain/cover-sizes';
import { CheckedImage, ImageFacts } from '../domain/images';
import { ProductFields } from '../domain/product-form';
import { NewProduct } from '../domain/product';

/** A product as the editor loads it: every field, its secrets, and whether it is deleted. */
export interface EditableProduct extends ProductFields {
  readonly _id: Id;
  readonly createdAt: string;
  readonly deleted: boolean;
  readonly keepEgpPrice: boolean;
  /** Raised by every write: an edit sends back the version it loaded, and an older one is refused. */
  readonly version: number;
}

/**
 * The admin's writes to the catalogue. Each write records its audit entry (with the product before
 * and after, as `snapshotOf` gives it) and tells every process's catalogue cache, in its own
 * transaction. Adapters: knex (PGlite or PostgreSQL) and the in-memory twin.
 */
export interface ProductEditor {
  /** Also a deleted product: it can be looked at and recreated. */
  forEditing(id: Id): Promise<EditableProduct | undefined>;
  create(product: NewProduct, by: Actor): Promise<void>;
  /**
   * Every field but the id and date; a deleted product stays deleted. Given the version the edit
   * was made from, a product written since is left as it is ('stale'), in the same transaction.
   */
  update(id: Id, fields: ProductFields, by: Actor, madeFrom?: number): Promise<'updated' | 'missing' | 'stale'>;
  /** Soft delete (DECISIONS 9): off listings, search and carts; orders keep it. */
  remove(id: Id, by: Actor): Promise<'removed' | 'missing' | 'unchanged'>;
  /** Back on sale, listed as new. */
  recreate(id: Id, by: Actor): Promise<'recreated' | 'missing' | 'not-deleted'>;
  /**
   * Every product's EGP price from its USD price at `rate` (egpPriceAt), deleted ones too, but
   * those whose EGP price is kept by hand (issue 21), in one
   * transaction: all or nothing. Nothing is written when a product priced in USD would come out at
   * 0 EGP (DECISIONS 22: never free in one currency only).
   */
  repriceEgp(rate: ExchangeRate, by: Actor): Promise<Repricing>;
  /**
   * What repriceEgp would do at `rate`, writing nothing: how many products on sale it reprices and
   * how many keep their EGP price, and the first `examples` whose price would change, newest first.
   */
  previewReprice(rate: ExchangeRate, examples: number): Promise<RepricePreview>;
}

/** A product's EGP price before and after a reprice. */
export interface RepriceExample {
  readonly _id: Id;
  readonly title: string;
  readonly price: Money<'USD'>;
  readonly before: Money<'EGP'>;
  readonly after: Money<'EGP'>;
}

export interface RepricePreview {
  /** Products on sale the reprice would write (their price changes or not). */
  readonly products: number;
  /** Products on sale whose EGP price is kept by hand. */
  readonly kept: number;
  readonly examples: readonly RepriceExample[];
}

export type Repricing =
  /** How many products on sale were repriced. */
  | { readonly kind: 'repriced'; readonly updated: number }
  /** Nothing written: how many products would have been free in EGP only, and the first few titles in order. */
  | { readonly kind: 'would-give-away'; readonly count: number; readonly titles: readonly string[] };

/** How many titles a refused reprice names. */
export const TITLES_NAMED = 3;

/** Where uploaded images are kept (local disk by default; DECISIONS 5 and 17). */
export interface ImageStorage {
  /**
   * Keeps the image under a new name and answers the address it is shown at; or why it cannot (a
   * cover whose pixels do not decode), having kept nothing.
   */
  save(image: CheckedImage): Promise<string | DomainError>;
  /** Forgets an image this storage saved; any other address is left alone. */
  remove(address: string): Promise<void>;
  /**
   * The bytes of an image this storage saved, or undefined (any other address): for images kept
   * privately (a transfer's receipt), shown only through a route that checks who asks.
   */
  read(address: string): Promise<Uint8Array | undefined>;
}

/** Reads what an image's content says it is (format and pixels); undefined when it is no image it knows. */
export interface ImageReader {
  factsOf(bytes: Uint8Array): ImageFacts | undefined;
}

/** A cover ready to keep: its original, cleaned of metadata, and its sizes (core/catalog/domain/cover-sizes.ts). */
export interface MadeCover {
  readonly original: { readonly format: string; readonly bytes: Uint8Array; readonly width: number; readonly height: number };
  readonly sizes: readonly { readonly width: number; readonly format: CoverFormat; readonly bytes: Uint8Array }[];
}

/**
 * Makes a cover's sizes from its checked image, once per upload (issue 22): turned upright, its
 * metadata (EXIF, GPS) left out of every file, the original included. A cover whose pixels do not
 * decode (cut short, corrupt, more pixels than its header said) is an invalid DomainError.
 * `widths` are those to make; by default coverWidths of the cover's own width.
 */
export interface CoverMaker {
  make(image: CheckedImage, widths?: readonly number[]): Promise<MadeCover | DomainError>;
}

/** Where the bulk reprice takes its rate from (configuration today; a rates service could replace it). */
export interface ExchangeRates {
  /** Pounds per dollar, as text ('48.5'). */
  egpPerUsd(): Promise<string>;
}

/** A product as the audit log keeps it: every field, prices as decimal text. */
export const snapshotOf = (product: ProductFields & { readonly _id: Id }): Json => {
  const { price, egpprice, ...rest } = product;
  return JSON.parse(JSON.stringify({ ...rest, price: toDecimalString(price), egpprice: toDecimalString(egpprice) })) as Json;
};
