import { CRAWLING, addressesInEveryLanguage, keptOutPaths, listedPagePaths } from '../../core/location/domain/crawlers';
import { STORE_PAGES, StorePage, pathOf, storePageOf } from '../../core/location/domain/store-pages';
import { pathIn } from '../../core/shared/language';

describe('what crawlers are shown (issue 22)', () => {
  it('lists a path for every listed page but the products, which the catalogue lists', () => {
    const listed = new Set(listedPagePaths().map((path) => storePageOf(path)));
    const pages = (Object.keys(CRAWLING) as StorePage[]).filter((page) => CRAWLING[page] === 'listed' && page !== 'product');
    expect([...listed].sort()).toEqual(pages.sort());
  });

  it('keeps out no listed or open page, in any language', () => {
    const shown = [...listedPagePaths(), pathOf('product', { id: 'a00000000000000000000001' }), `${STORE_PAGES.searchResults}?q=x`];
    for (const { path } of shown.flatMap(addressesInEveryLanguage))
      expect([path, keptOutPaths().filter((prefix) => path.startsWith(prefix))]).toEqual([path, []]);
  });

  it('writes a page\'s path with each value one encoded segment, and refuses one missing', () => {
    expect(pathOf('bookCategory', { category: 'books', subcategory: 'Oral & maxillofacial surgery' })).toBe('/category/books/Oral%20%26%20maxillofacial%20surgery');
    expect(pathOf('product', { id: '../admin' })).toBe('/product/..%2Fadmin');
    expect(() => pathOf('product')).toThrow(/needs :id/);
  });

  it('puts every language but English under its prefix, its home at the prefix alone', () => {
    expect(addressesInEveryLanguage('/')).toEqual([
      { language: 'en', path: '/' },
      { language: 'pt', path: '/pt' },
      { language: 'es', path: '/es' },
      { language: 'ar', path: '/ar' },
    ]);
    expect(pathIn('ar', '/product/x')).toBe('/ar/product/x');
  });
});
