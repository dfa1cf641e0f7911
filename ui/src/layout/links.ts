import { BOOK_CATEGORIES } from '../../../core/catalog/domain/product';
import { STORE_PAGES, pathOf } from '../../../core/location/domain/store-pages';

/**
 * Where the catalogue's navigation points: pages of STORE_PAGES, the router's own table, their
 * paths written by the core's pathOf, as the sitemap writes them.
 */
export const bookCategoryHref = (category: string) => pathOf('bookCategory', { category: 'books', subcategory: category });
export const productHref = (id: string) => pathOf('product', { id });
export const productTypeHref = (category: string) => pathOf('productType', { category });
export const ALL_BOOKS_HREF = '/category/books';
/**
 * A search lives in its address, `/search-page?q=...&page=...`, so it can be shared, bookmarked,
 * reloaded and rendered on the server (ui/src/catalog/search-address.ts reads it back).
 */
export const searchAddress = (query: string, page = 1): string =>
  `${STORE_PAGES.searchResults}?${new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query })}`;
/** Each category's name, translated: `t(categoryLabel(name))` (the category itself stays its English name, as stored). */
export const categoryLabel = (name: string) => `bookCategory.${name}` as const;
export const BOOK_LINKS = BOOK_CATEGORIES.map((name) => ({ name, label: categoryLabel(name), href: bookCategoryHref(name) }));
/** `label`: the link's key in the 'common' catalogue. */
export const MAIN_LINKS = [
  { label: 'nav.courses', href: '/category/courses' },
  { label: 'nav.journals', href: '/category/journals' },
  { label: 'nav.contact', href: STORE_PAGES.contact },
] as const;

export const CART_HREF = STORE_PAGES.cart;
export const ACCOUNT_HREF = STORE_PAGES.profile;
export const SIGNED_OUT_HREF = STORE_PAGES.signedOut;
/** The back office, offered to admins (DECISIONS 11: the screens check the role, the server every call). */
export const ADMIN_LINKS = [
  { label: 'nav.customerOrders', href: STORE_PAGES.customerOrders },
  { label: 'nav.productEditor', href: STORE_PAGES.productEditor },
  { label: 'nav.adminProducts', href: STORE_PAGES.adminProducts },
  { label: 'nav.failedJobs', href: STORE_PAGES.failedJobs },
  { label: 'nav.coupons', href: STORE_PAGES.coupons },
  { label: 'nav.reports', href: STORE_PAGES.reports },
  { label: 'nav.auditLog', href: STORE_PAGES.auditLog },
  { label: 'nav.customers', href: STORE_PAGES.customers },
] as const;
