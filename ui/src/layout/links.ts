import { BOOK_CATEGORIES } from '../../../core/catalog/domain/product';

/** Where the catalogue's navigation points. */
export const bookCategoryHref = (category: string) => `/category/books/${encodeURIComponent(category)}`;
export const ALL_BOOKS_HREF = '/category/books';
export const BOOK_LINKS = BOOK_CATEGORIES.map((name) => ({ name, href: bookCategoryHref(name) }));
export const MAIN_LINKS = [
  { name: 'Courses', href: '/category/courses' },
  { name: 'Journals', href: '/category/journals' },
  { name: 'Contact us', href: '/contactus' },
] as const;

/**
 * Accounts arrive in a later issue. Until then every visitor is signed out, and the cart and the
 * account pages are behind sign-in, so both lead to the sign-in page.
 */
export const SIGN_IN_HREF = '/user/login';
export const CART_HREF = SIGN_IN_HREF;
export const ACCOUNT_HREF = SIGN_IN_HREF;
export const CART_COUNT_SIGNED_OUT = 0;
