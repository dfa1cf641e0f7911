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

export const SIGN_IN_HREF = '/user/login';
export const CART_HREF = '/user/cartPage';
export const ACCOUNT_HREF = '/user/profile';
export const SIGNED_OUT_HREF = '/signout/success';
/** The back office, offered to admins (DECISIONS 11: the screens check the role, the server every call). */
export const ADMIN_LINKS = [
  { name: 'Customer Orders', href: '/Allusers/orders' },
  { name: 'Product editor', href: '/productEditor' },
] as const;
