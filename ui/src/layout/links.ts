import { BOOK_CATEGORIES } from '../../../core/catalog/domain/product';
import { STORE_PAGES } from '../../../core/location/domain/store-pages';

/** Where the catalogue's navigation points: pages of STORE_PAGES, the router's own table. */
export const bookCategoryHref = (category: string) => `/category/books/${encodeURIComponent(category)}`;
export const ALL_BOOKS_HREF = '/category/books';
export const BOOK_LINKS = BOOK_CATEGORIES.map((name) => ({ name, href: bookCategoryHref(name) }));
export const MAIN_LINKS = [
  { name: 'Courses', href: '/category/courses' },
  { name: 'Journals', href: '/category/journals' },
  { name: 'Contact us', href: STORE_PAGES.contact },
] as const;

export const SIGN_IN_HREF = STORE_PAGES.signIn;
export const CART_HREF = STORE_PAGES.cart;
export const ACCOUNT_HREF = STORE_PAGES.profile;
export const SIGNED_OUT_HREF = STORE_PAGES.signedOut;
/** The back office, offered to admins (DECISIONS 11: the screens check the role, the server every call). */
export const ADMIN_LINKS = [
  { name: 'Customer Orders', href: STORE_PAGES.customerOrders },
  { name: 'Product editor', href: STORE_PAGES.productEditor },
  { name: 'Failed jobs', href: STORE_PAGES.failedJobs },
] as const;
