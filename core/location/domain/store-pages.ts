import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../../catalog/domain/product';

/**
 * Every page of the store's app, by name: the one list that the UI's router declares its routes
 * from (ui/src/app/AppRoutes.tsx), the server fetches pages' files ahead by
 * (adapters/http/page-preloads.ts), and visits are counted by (DECISIONS 16). Neither side can
 * know a page the other does not. `:name` stands for one path segment; like the router, matching
 * ignores case and a trailing slash.
 */
export const STORE_PAGES = {
  home: '/',
  productType: '/category/:category',
  bookCategory: '/category/:category/:subcategory',
  product: '/product/:id',
  searchResults: '/search-page',
  contact: '/contactus',
  about: '/aboutus',
  policies: '/policies',
  terms: '/terms-and-conditions',
  signIn: '/user/login',
  cart: '/user/cartPage',
  checkout: '/checkout/:id',
  afterPayment: '/afterpayment',
  paymentSucceeded: '/Paymentsuccess',
  paymentFailed: '/PaymentFailed',
  profile: '/user/profile',
  customerOrders: '/Allusers/orders',
  productEditor: '/productEditor',
  adminProducts: '/admin/products',
  failedJobs: '/admin/jobs',
  coupons: '/admin/coupons',
  reports: '/admin/reports',
  auditLog: '/admin/audit',
  orderTimeline: '/admin/orders/:orderId',
  customers: '/admin/customers',
  customer: '/admin/customers/:customer',
  signedOut: '/signout/success',
  resetPassword: '/reset-password/:token',
  library: '/library',
  libraryOpen: '/library/open/:token',
  reader: '/reader/:orderId/:productId/:fileId',
} as const;

export type StorePage = keyof typeof STORE_PAGES;

/**
 * A page's path with its parameters' values, each one segment, encoded: `pathOf('product', { id })`.
 * The UI's links and the sitemap build addresses with it, so both write the same one.
 */
export const pathOf = (page: StorePage, values: Readonly<Record<string, string>> = {}): string =>
  STORE_PAGES[page]
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values[segment.slice(1)];
      if (value === undefined) throw new Error(`pathOf: ${page} needs ${segment}`);
      return encodeURIComponent(value);
    })
    .join('/');

/**
 * Parameters whose values are few and fixed (the product types, the book categories): a visit is
 * counted under the value, in the list's spelling, so the owner sees which categories are read.
 * Any other parameter (a product id, a token), or a value not on its list, is counted under its
 * `:name`, so the counts stay bounded by the pages whatever a visitor sends.
 */
const KNOWN_VALUES: Readonly<Record<string, readonly string[]>> = {
  category: PRODUCT_TYPES,
  subcategory: BOOK_CATEGORIES,
};

/** What every path that is no page of the store is counted as. */
export const OTHER_PAGE = 'other';

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** A segment as the router hands it to the page: percent-decoded, or as it is when it does not decode. */
const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const PATTERNS = Object.entries(STORE_PAGES).map(([page, pattern]) => ({ page: page as StorePage, segments: segmentsOf(pattern) }));

interface Match {
  readonly page: StorePage;
  /** The pattern's segments with each parameter's value, decoded. */
  readonly parts: readonly { readonly pattern: string; readonly value: string }[];
}

const match = (path: string): Match | undefined => {
  const actual = segmentsOf(path.split(/[?#]/)[0] ?? '');
  for (const { page, segments } of PATTERNS) {
    if (segments.length !== actual.length) continue;
    const fits = segments.every((pattern, i) => pattern.startsWith(':') || pattern.toLowerCase() === actual[i]!.toLowerCase());
    if (fits) return { page, parts: segments.map((pattern, i) => ({ pattern, value: decoded(actual[i]!) })) };
  }
  return undefined;
};

/** The page a path of the app shows, if it is one of the store's. */
export const storePageOf = (path: string): StorePage | undefined => match(path)?.page;

/**
 * What a visit to `path` is counted under: its page's pattern (`/product/:id`), with the values of
 * few and known parameters kept (`/category/books/Endodontics`), or OTHER_PAGE.
 */
export const countedPage = (path: string): string => {
  const found = match(path);
  if (!found) return OTHER_PAGE;
  const kept = found.parts.map(({ pattern, value }) => {
    if (!pattern.startsWith(':')) return pattern;
    const known = KNOWN_VALUES[pattern.slice(1)]?.find((v) => v.toLowerCase() === value.toLowerCase());
    return known ?? pattern;
  });
  return `/${kept.join('/')}`;
};
