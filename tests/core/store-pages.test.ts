import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../../core/catalog/domain/product';
import { OTHER_PAGE, STORE_PAGES, countedPage, storePageOf } from '../../core/location/domain/store-pages';

describe('the pages of the store', () => {
  it.each([
    ['/', 'home'],
    ['/product/64d0c0de0000000000000001', 'product'],
    ['/PRODUCT/abc/', 'product'],
    ['/category/books', 'productType'],
    ['/category/books/Endodontics', 'bookCategory'],
    ['/user/cartpage', 'cart'],
    ['/reset-password/abc_DEF-123', 'resetPassword'],
    ['/search-page?q=implant#top', 'searchResults'],
  ])('%s is the %s page', (path, page) => {
    expect(storePageOf(path)).toBe(page);
  });

  it.each(['/product', '/product/abc/reviews', '/wp-admin', '/user', '/Allusers/orders/extra', '/productEditor/new'])('%s is no page of the store', (path) => {
    expect(storePageOf(path)).toBeUndefined();
    expect(countedPage(path)).toBe(OTHER_PAGE);
  });

  it('counts a page with a parameter under its pattern, whatever the value', () => {
    expect(countedPage('/product/64d0c0de0000000000000001')).toBe('/product/:id');
    expect(countedPage('/checkout/64d0c0de0000000000000001/')).toBe('/checkout/:id');
    expect(countedPage('/reset-password/secret-token')).toBe('/reset-password/:token');
  });

  it('counts a page in the spelling of the table, whatever the case of the path', () => {
    expect(countedPage('/user/CARTPAGE')).toBe('/user/cartPage');
    expect(countedPage('/paymentsuccess/')).toBe('/Paymentsuccess');
  });

  it('keeps the values of few and known parameters, in their own spelling, and no others', () => {
    expect(countedPage('/category/BOOKS')).toBe('/category/books');
    expect(countedPage('/category/books/esthetic%20dentistry')).toBe('/category/books/Esthetic dentistry');
    expect(countedPage('/category/books/Oral%20%26%20maxillofacial%20surgery')).toBe('/category/books/Oral & maxillofacial surgery');
    expect(countedPage('/category/anything')).toBe('/category/:category');
    expect(countedPage('/category/books/anything%')).toBe('/category/books/:subcategory');
  });

  it('counts a bounded number of pages, whatever visitors send', () => {
    const patterns = Object.keys(STORE_PAGES).length;
    // Each type alone, and each type with each book category, are the only values kept.
    const bound = patterns + PRODUCT_TYPES.length * (1 + BOOK_CATEGORIES.length) + 1;
    const paths = Array.from({ length: 500 }, (_, i) => [`/product/${i}`, `/category/x${i}`, `/category/books/x${i}`, `/${i}`, `/checkout/${i}`]).flat();
    const counted = new Set([...paths, ...BOOK_CATEGORIES.map((c) => `/category/books/${c}`)].map(countedPage));
    expect(counted.size).toBeLessThanOrEqual(bound);
    expect(counted).toEqual(
      new Set([
        '/product/:id',
        '/category/:category',
        '/category/books/:subcategory',
        OTHER_PAGE,
        '/checkout/:id',
        ...BOOK_CATEGORIES.map((c) => `/category/books/${c}`),
      ]),
    );
  });
});
