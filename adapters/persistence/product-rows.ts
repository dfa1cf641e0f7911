import { BookCategory, NewProduct, Product, ProductType } from '../../core/catalog/domain/product';
import { EditableProduct } from '../../core/catalog/ports/product-editor';
import { egp, usd } from '../../core/shared/money';
import { searchTextOf } from '../../core/catalog/domain/search-text';

/**
 * One place maps rows to products and back (pg answers numerics and counts as strings, PGlite as
 * numbers). Prices are kept in cents and piasters, as the domain's Money holds them.
 */
export interface ProductRow {
  id: string;
  title: string;
  authors: string[];
  description: string;
  covers: string[];
  small_covers: string[];
  price_cents: number;
  egp_price_cents: number;
  type: string;
  categories: string[];
  size_mb: string | number;
  pages: number;
  language: string;
  format: string;
  year: string;
  isbn: string | null;
  eisbn: string | null;
  duration: string | null;
  video_count: string | null;
  created_at: Date | string;
  arabic_title: string | null;
  arabic_description: string | null;
}

/** Everything a shopper may see; never the download link or password (DECISIONS 8). */
export const PUBLIC_COLUMNS: string[] = [
  'id', 'title', 'authors', 'description', 'covers', 'small_covers', 'price_cents', 'egp_price_cents', 'type',
  'categories', 'size_mb', 'pages', 'language', 'format', 'year', 'isbn', 'eisbn', 'duration', 'video_count', 'created_at',
  'arabic_title', 'arabic_description',
];

const optional = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: string };

export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  title: row.title,
  author: row.authors,
  description: row.description,
  covers: row.covers,
  smallCover: row.small_covers,
  price: usd(Number(row.price_cents)),
  egpprice: egp(Number(row.egp_price_cents)),
  category: row.type as ProductType,
  subcategory: row.categories as BookCategory[],
  size: Number(row.size_mb),
  Pages: Number(row.pages),
  Language: row.language,
  format: row.format,
  year: row.year,
  ...optional('isbn', row.isbn),
  ...optional('eISBN', row.eisbn),
  ...optional('duration', row.duration),
  ...optional('videonumbers', row.video_count),
  createdAt: new Date(row.created_at).toISOString(),
  ...optional('arabicTitle', row.arabic_title),
  ...optional('arabicDescription', row.arabic_description),
});

/** A whole row, as only the admin's editor reads it: with its secrets and whether it is deleted. */
export interface EditableRow extends ProductRow {
  product_url: string;
  download_pass: string;
  deleted_at: Date | string | null;
  keep_egp_price: boolean;
  version: number;
}

export const toEditable = (row: EditableRow): EditableProduct => ({
  ...toProduct(row),
  producturl: row.product_url,
  downloadpass: row.download_pass,
  deleted: row.deleted_at !== null,
  keepEgpPrice: row.keep_egp_price,
  version: Number(row.version),
});

export const toRow = (p: NewProduct) => ({
  id: p._id,
  title: p.title,
  authors: [...p.author],
  description: p.description,
  covers: [...p.covers],
  small_covers: [...p.smallCover],
  price_cents: p.price.minor,
  egp_price_cents: p.egpprice.minor,
  type: p.category,
  categories: [...p.subcategory],
  size_mb: p.size,
  pages: p.Pages,
  language: p.Language,
  format: p.format,
  year: p.year,
  isbn: p.isbn ?? null,
  eisbn: p.eISBN ?? null,
  duration: p.duration ?? null,
  video_count: p.videonumbers ?? null,
  arabic_title: p.arabicTitle || null,
  arabic_description: p.arabicDescription || null,
  product_url: p.producturl,
  download_pass: p.downloadpass,
  keep_egp_price: p.keepEgpPrice ?? false,
  search_text: searchTextOf(p),
  // Added is the first change; without a date, both columns default to the transaction's time.
  ...(p.createdAt ? { created_at: p.createdAt, changed_at: p.createdAt } : {}),
});

export const toCount = (value: string | number | undefined): number => Number(value ?? 0);
