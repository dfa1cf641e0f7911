import { DomainError, invalid } from '../../shared/errors';
import { Currency, Money, fromDecimal } from '../../shared/money';
import { textProblem } from '../../shared/text';
import { FREE_OR_PRICED, isFreeOrPriced } from './free';
import { BOOK_CATEGORIES, BookCategory, FORMATS, LANGUAGES, NewProduct, PRODUCT_TYPES, ProductType, bookCategoryNamed, isProductType } from './product';

/** Every field of a product an admin writes: the product without its id and date. */
export type ProductFields = Omit<NewProduct, '_id' | 'createdAt'>;

/** A list field as a form holds it: typed text (split on commas) or entries. */
export type ListInput = string | readonly string[];

/**
 * The product form as an admin fills it in (spec section 5), before any rule: text as typed, lists
 * as typed or as entries. The editor screen and the HTTP calls both check it here.
 */
export interface ProductDraft {
  readonly title?: string;
  readonly author?: ListInput;
  readonly description?: string;
  readonly covers?: ListInput;
  readonly smallCover?: ListInput;
  readonly price?: string;
  readonly egpprice?: string;
  readonly category?: string;
  readonly subcategory?: ListInput;
  readonly size?: string;
  readonly Pages?: string;
  readonly Language?: string;
  readonly format?: string;
  readonly year?: string;
  readonly isbn?: string;
  readonly eISBN?: string;
  readonly duration?: string;
  readonly videonumbers?: string;
  readonly producturl?: string;
  readonly downloadpass?: string;
  readonly arabicTitle?: string;
  readonly arabicDescription?: string;
  /** 'true' or 'false' (a checkbox): the bulk reprice keeps this EGP price. */
  readonly keepEgpPrice?: string;
}

export type DraftField = keyof ProductDraft;

/** The form's labels, for messages and the editor screen. */
export const FIELD_LABELS: Record<DraftField, string> = {
  title: 'Title',
  author: 'Author',
  description: 'Description',
  covers: 'Covers',
  smallCover: 'Small cover',
  price: 'Price (USD)',
  egpprice: 'Price (EGP)',
  category: 'Category',
  subcategory: 'Book Categories',
  size: 'Size (MB)',
  Pages: 'Pages',
  Language: 'Language',
  format: 'Format',
  year: 'Year',
  isbn: 'ISBN',
  eISBN: 'eISBN',
  duration: 'Duration',
  videonumbers: 'Number of videos',
  producturl: 'Download link',
  downloadpass: 'Download password',
  arabicTitle: 'Arabic title',
  arabicDescription: 'Arabic description',
  keepEgpPrice: 'Keep this EGP price',
};

/** Browser-level required in the original form (spec section 5); the server requires them too. */
export const REQUIRED_FIELDS: readonly DraftField[] = ['title', 'price', 'egpprice', 'description', 'size', 'Pages', 'author'];

export const LIMITS = {
  title: 300,
  description: 20_000,
  /** Authors, covers, categories: entries per list. */
  listEntries: 20,
  author: 200,
  /** Image addresses and the download link. */
  url: 2000,
  /** Year, ISBN, duration and the other short texts. */
  short: 100,
  /** Whole units; the EGP limit is the highest USD price at the highest exchange rate (exchange-rate.ts). */
  price: { USD: 100_000, EGP: 20_000_000 },
  sizeMb: 10_000_000,
  pages: 1_000_000,
} as const;

/** `a, b ,c` or entries (each possibly typed with commas) become trimmed, non-empty entries. */
export const splitList = (value: ListInput | undefined): string[] =>
  (typeof value === 'string' ? [value] : (value ?? []))
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/**
 * Where an image or download may point: the web (http, https) or a path of this store (its
 * uploads and covers). Never `javascript:` or `data:` addresses, and never `//host` (another site
 * that looks like a path).
 */
export const isStoreOrWebAddress = (value: string): boolean =>
  /^https?:\/\/[^\s/]+[^\s]*$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);

export const isWebAddress = (value: string): boolean => /^https?:\/\/[^\s/]+[^\s]*$/i.test(value);

const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;
const SIZE = /^\d{1,9}(\.\d{1,3})?$/;

/**
 * Checks a draft and gives the product's fields, or every problem at once (one per line, as the
 * password rules do), so the admin fixes the form in one go. No fp-ts here: the editor screen runs
 * this too, and the home page's bundle stays as it was.
 */
export const productFieldsOf = (draft: ProductDraft): ProductFields | DomainError => {
  const problems: string[] = [];
  const problem = (message: string) => void problems.push(message);

  const text = (field: DraftField, max: number, multiline = false): string => {
    const raw = draft[field];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (raw !== undefined && typeof raw !== 'string') problem(`${FIELD_LABELS[field]} must be text`);
    if (value === '' && REQUIRED_FIELDS.includes(field)) problem(`${FIELD_LABELS[field]} is required`);
    if (value.length > max) problem(`${FIELD_LABELS[field]} must be at most ${max} characters`);
    const refused = textProblem(FIELD_LABELS[field], value, { multiline });
    if (refused) problem(refused);
    return value;
  };

  const list = (field: 'author' | 'covers' | 'smallCover' | 'subcategory', max: number): string[] => {
    const entries = splitList(draft[field]);
    const label = FIELD_LABELS[field];
    if (entries.length === 0 && REQUIRED_FIELDS.includes(field)) problem(`${label} is required`);
    if (entries.length > LIMITS.listEntries) problem(`${label}: at most ${LIMITS.listEntries} entries`);
    if (entries.some((e) => e.length > max)) problem(`${label}: each entry must be at most ${max} characters`);
    for (const entry of entries) {
      const refused = textProblem(label, entry);
      if (refused) problem(refused);
    }
    return entries;
  };

  const amount = <C extends Currency>(field: 'price' | 'egpprice', currency: C): Money<C> | undefined => {
    const value = text(field, 20);
    if (value === '') return undefined;
    const label = FIELD_LABELS[field];
    if (value.startsWith('-')) return problem(`${label} cannot be negative`), undefined;
    const money = DECIMAL.test(value) ? fromDecimal(Number(value), currency) : undefined;
    if (!money) return problem(`${label} must be a number with at most 2 decimals`), undefined;
    const max = LIMITS.price[currency];
    if (money.minor > max * 100) return problem(`${label} must be at most ${max}`), undefined;
    return money;
  };

  const number = (field: 'size' | 'Pages', pattern: RegExp, max: number, shape: string): number => {
    const value = text(field, 20);
    if (value === '') return 0;
    const label = FIELD_LABELS[field];
    if (value.startsWith('-')) return problem(`${label} cannot be negative`), 0;
    if (!pattern.test(value)) return problem(`${label} must be ${shape}`), 0;
    if (Number(value) > max) return problem(`${label} must be at most ${max}`), 0;
    return Number(value);
  };

  const oneOf = (field: 'Language' | 'format', choices: readonly string[]): string => {
    const value = text(field, LIMITS.short);
    if (value !== '' && !choices.includes(value)) problem(`${FIELD_LABELS[field]} must be one of: ${choices.join(', ')}`);
    return value;
  };

  const optional = (field: 'isbn' | 'eISBN' | 'duration' | 'videonumbers') => {
    const value = text(field, LIMITS.short);
    return value === '' ? {} : { [field]: value };
  };

  const title = text('title', LIMITS.title);
  const author = list('author', LIMITS.author);
  const description = text('description', LIMITS.description, true);
  const covers = list('covers', LIMITS.url);
  const smallCover = list('smallCover', LIMITS.url);
  for (const address of [...covers, ...smallCover].filter((a) => !isStoreOrWebAddress(a)))
    problem(`Image addresses must start with https://, http:// or /: ${address.slice(0, 80)}`);
  const price = amount('price', 'USD');
  const egpprice = amount('egpprice', 'EGP');
  if (price && egpprice && !isFreeOrPriced({ price, egpprice })) problem(FREE_OR_PRICED);

  const categoryText = text('category', LIMITS.short) || 'books';
  if (!isProductType(categoryText)) problem(`Category must be one of: ${PRODUCT_TYPES.join(', ')}`);
  const subcategory: BookCategory[] = [];
  for (const name of list('subcategory', LIMITS.short)) {
    const known = bookCategoryNamed(name);
    if (known) subcategory.push(known);
    else problem(`Unknown book category: ${name.slice(0, 80)}`);
  }

  const size = number('size', SIZE, LIMITS.sizeMb, 'a number');
  const Pages = number('Pages', WHOLE, LIMITS.pages, 'a whole number');
  const Language = oneOf('Language', LANGUAGES);
  const format = oneOf('format', FORMATS);
  const year = text('year', LIMITS.short);
  const producturl = text('producturl', LIMITS.url);
  if (producturl !== '' && !isWebAddress(producturl)) problem(`${FIELD_LABELS.producturl} must start with https:// or http://`);
  const downloadpass = text('downloadpass', LIMITS.short);
  const extras = { ...optional('isbn'), ...optional('eISBN'), ...optional('duration'), ...optional('videonumbers') };
  // Optional and in Arabic, under the English fields' limits and rules; empty means none.
  const arabicTitle = text('arabicTitle', LIMITS.title);
  const arabicDescription = text('arabicDescription', LIMITS.description, true);
  const arabic = { ...(arabicTitle ? { arabicTitle } : {}), ...(arabicDescription ? { arabicDescription } : {}) };

  const keep = (draft.keepEgpPrice ?? 'false').trim();
  if (!['true', 'false'].includes(keep)) problem(`${FIELD_LABELS.keepEgpPrice} must be true or false`);

  if (problems.length > 0 || !price || !egpprice) return invalid([...new Set(problems)].join('\n'));
  return {
    title,
    author,
    description,
    covers,
    smallCover,
    price,
    egpprice,
    category: categoryText as ProductType,
    subcategory: [...new Set(subcategory)],
    size,
    Pages,
    Language,
    format,
    year,
    ...extras,
    ...arabic,
    producturl,
    downloadpass,
    keepEgpPrice: keep === 'true',
  };
};

/**
 * An update that leaves the Arabic fields out keeps them: the spec's calls and its editor know
 * nothing of them, and an edit of the price must not erase a translation. Sent empty, they go.
 */
export const keepingArabic = (draft: ProductDraft, before: Pick<ProductFields, 'arabicTitle' | 'arabicDescription' | 'keepEgpPrice'> | undefined): ProductDraft => ({
  ...draft,
  arabicTitle: draft.arabicTitle ?? before?.arabicTitle,
  arabicDescription: draft.arabicDescription ?? before?.arabicDescription,
  // The same for the kept EGP price (issue 21): an update that does not say keeps the mark.
  keepEgpPrice: draft.keepEgpPrice ?? String(before?.keepEgpPrice ?? false),
});

/** The lists the form offers (spec 3): one source with the catalogue's rules. */
export const FORM_CHOICES = { category: PRODUCT_TYPES, subcategory: BOOK_CATEGORIES, Language: LANGUAGES, format: FORMATS } as const;
