import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../../catalog/domain/product';
import { LANGUAGES, Language, pathIn } from '../../shared/language';
import { STORE_PAGES, StorePage, pathOf } from './store-pages';

/**
 * How crawlers meet each page of the store (issue 22): 'listed' in the sitemap, 'open' to them but
 * not listed (a search's results: endless, and thin), or 'kept-out' by robots.txt (a visitor's own
 * account, cart and checkout, and the back office: nothing there for a search engine, and links
 * that carry tokens). Every page is named, so a page added to STORE_PAGES must be placed here.
 */
export const CRAWLING: Readonly<Record<StorePage, 'listed' | 'open' | 'kept-out'>> = {
  home: 'listed',
  productType: 'listed',
  bookCategory: 'listed',
  product: 'listed',
  searchResults: 'open',
  contact: 'listed',
  about: 'listed',
  policies: 'listed',
  terms: 'listed',
  signIn: 'kept-out',
  cart: 'kept-out',
  checkout: 'kept-out',
  afterPayment: 'kept-out',
  paymentSucceeded: 'kept-out',
  paymentFailed: 'kept-out',
  profile: 'kept-out',
  customerOrders: 'kept-out',
  productEditor: 'kept-out',
  adminProducts: 'kept-out',
  failedJobs: 'kept-out',
  coupons: 'kept-out',
  reports: 'kept-out',
  auditLog: 'kept-out',
  orderTimeline: 'kept-out',
  customers: 'kept-out',
  customer: 'kept-out',
  signedOut: 'kept-out',
  resetPassword: 'kept-out',
  library: 'kept-out',
  libraryOpen: 'kept-out',
  reader: 'kept-out',
};

const pagesThat = (crawling: 'listed' | 'kept-out') =>
  (Object.keys(CRAWLING) as StorePage[]).filter((page) => CRAWLING[page] === crawling);

/**
 * The paths robots.txt keeps crawlers out of, in every language (robots.txt matches a path's
 * beginning): each kept-out page up to its first parameter (`/checkout/`), without those another
 * one already covers (`/library` covers `/library/open/`). Its rules match case as written, and
 * the store's links write the table's spelling.
 */
export const keptOutPaths = (): readonly string[] => {
  const prefixes = pagesThat('kept-out').map((page) => STORE_PAGES[page].replace(/:.*$/, ''));
  const inEveryLanguage = LANGUAGES.flatMap((language) => prefixes.map((prefix) => pathIn(language, prefix)));
  const sorted = [...new Set(inEveryLanguage)].sort();
  return sorted.filter((path, i) => !sorted.slice(0, i).some((shorter) => path.startsWith(shorter)));
};

/**
 * Every listed page but the products (each its own page of the catalogue): the pages without
 * parameters, and a listing for each product type and book category. A listed page with a
 * parameter of another kind would have to say its values here (tests/core/crawlers.test.ts).
 */
export const listedPagePaths = (): readonly string[] => [
  ...pagesThat('listed')
    .filter((page) => !STORE_PAGES[page].includes(':'))
    .map((page) => pathOf(page)),
  ...PRODUCT_TYPES.map((category) => pathOf('productType', { category })),
  ...BOOK_CATEGORIES.map((subcategory) => pathOf('bookCategory', { category: 'books', subcategory })),
];

/** A page's address in each of the store's languages, English (the default) first. */
export const addressesInEveryLanguage = (path: string): readonly { readonly language: Language; readonly path: string }[] =>
  LANGUAGES.map((language) => ({ language, path: pathIn(language, path) }));
