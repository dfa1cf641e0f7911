import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';

/** Product types; DECISIONS 6: a product's `category` holds its type. */
export const PRODUCT_TYPES = ['books', 'courses', 'journals'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The fixed list of book categories (a product's `subcategory`, several allowed). */
export const BOOK_CATEGORIES = [
  'Anatomy',
  'Endodontics',
  'Implantology',
  'Esthetic dentistry',
  'Orthodontics',
  'Periodontics',
  'Prosthodontics',
  'Dental Material',
  'Dental radiology',
  'Operative dentistry',
  'Oral & maxillofacial surgery',
  'Dental technician',
  'Radiology and photography',
  'Pediatric dentistry',
  'Digital dentistry',
  'Interdisciplinary',
  'General Dentistry',
  'Restorative Dentistry',
  'Functional Therapy',
] as const;
export type BookCategory = (typeof BOOK_CATEGORIES)[number];

export const LANGUAGES = ['Arabic', 'English', 'Spanish', 'Portuguese', 'Italian'] as const;
export const FORMATS = ['pdf', 'epub', 'epub + converted to pdf copy'] as const;

export const isProductType = (value: string): value is ProductType =>
  (PRODUCT_TYPES as readonly string[]).includes(value);

/** Category names arrive from URLs in any case; the fixed list spells them. */
export const bookCategoryNamed = (value: string): BookCategory | undefined =>
  BOOK_CATEGORIES.find((c) => c.toLowerCase() === value.toLowerCase());

/**
 * A product as the catalogue shows it. Field names are the spec's, since the UI and the API speak
 * them. The download link and password are not here: they live in `ProductSecrets` and only leave
 * through a delivered order or the admin editor (DECISIONS 8).
 */
export interface Product {
  readonly _id: Id;
  readonly title: string;
  readonly author: readonly string[];
  readonly description: string;
  readonly covers: readonly string[];
  readonly smallCover: readonly string[];
  /** What PayPal charges, in dollars. */
  readonly price: Money<'USD'>;
  /** What Paymob charges a visitor from Egypt, in pounds. */
  readonly egpprice: Money<'EGP'>;
  readonly category: ProductType;
  /** Book categories, shown as 'Book Categories'. */
  readonly subcategory: readonly BookCategory[];
  /** File size in MB. */
  readonly size: number;
  readonly Pages: number;
  readonly Language: string;
  readonly format: string;
  readonly year: string;
  readonly isbn?: string;
  readonly eISBN?: string;
  readonly duration?: string;
  readonly videonumbers?: string;
  readonly createdAt: string;
  /** Optional Arabic text, shown instead of the English on a page in Arabic; absent when the admin gave none. */
  readonly arabicTitle?: string;
  readonly arabicDescription?: string;
}

export interface ProductSecrets {
  readonly producturl: string;
  readonly downloadpass: string;
}

/** What an admin or the seed writes: the product and its secrets. */
export type NewProduct = Omit<Product, 'createdAt'> &
  ProductSecrets & {
    readonly createdAt?: string;
    /** A hand-set EGP price the bulk reprice leaves alone (issue 21); none is not kept. */
    readonly keepEgpPrice?: boolean;
  };
