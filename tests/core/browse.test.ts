import * as E from 'fp-ts/Either';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { aProduct } from '../support/products';
import { invalid, notFound } from '../../core/shared/errors';
import { right } from '../support/either';

const setUp = async () => {
  const catalog = new MemoryCatalog();
  const books = Array.from({ length: 31 }, (_, i) => aProduct({ title: `Orthodontics handbook ${i}`, subcategory: ['Orthodontics'] }));
  await catalog.addMany(books);
  return { browse: new Browse(catalog), search: new SearchCatalog(catalog), books };
};

describe('browsing the catalogue', () => {
  it('pages the catalogue with total pages', async () => {
    const { browse } = await setUp();
    const result = right(await browse.products(3, 15)());
    expect(result).toMatchObject({ total: 31, totalPages: 3 });
    expect(result.items).toHaveLength(1);
  });

  it.each([
    [0, 15, 'page must be a whole number from 1 to 1000000'],
    [-1, 15, 'page must be a whole number from 1 to 1000000'],
    [1.5, 15, 'page must be a whole number from 1 to 1000000'],
    [2_000_000, 15, 'page must be a whole number from 1 to 1000000'],
    [1, 0, 'limit must be a whole number from 1 to 50'],
    [1, 51, 'limit must be a whole number from 1 to 50'],
  ])('refuses page %p limit %p', async (page, limit, message) => {
    const { browse } = await setUp();
    expect(await browse.products(page, limit)()).toEqual(E.left(invalid(message)));
  });

  it('reads book categories in any case and refuses names the store does not have', async () => {
    const { browse } = await setUp();
    expect(right(await browse.shelf('books', 'orthodontics', 1, 50)()).total).toBe(31);
    expect(right(await browse.shelf('books', 'Functional Therapy', 1, 15)())).toEqual({ total: 0, totalPages: 0, items: [] });
    for (const [type, category] of [['videos', undefined], ['books', 'Astrology'], ['courses', 'Orthodontics']] as const)
      expect(await browse.shelf(type, category, 1, 15)()).toEqual(E.left(notFound('No such category')));
  });

  it('finds a product by id; any other id is not found', async () => {
    const { browse, books } = await setUp();
    expect(await browse.details(books[0]._id)()).toMatchObject(E.right({ _id: books[0]._id }));
    for (const id of ['ffffffffffffffffffffffff', 'abc', '', 'FFFFFFFFFFFFFFFFFFFFFFFF'])
      expect(await browse.details(id)()).toEqual(E.left(notFound('Product not found')));
  });

  it('relates at most the limit, never the product itself', async () => {
    const { browse, books } = await setUp();
    const related = right(await browse.related('books', books[0]._id)()).map((p) => p._id);
    expect(related).toHaveLength(4);
    expect(related).not.toContain(books[0]._id);
    expect(right(await browse.related('books', books[0]._id, 2)())).toHaveLength(2);
  });

  it('refuses related products of an unknown type or beyond the page size', async () => {
    const { browse, books } = await setUp();
    expect(await browse.related('videos', books[0]._id)()).toEqual(E.left(notFound('No such category')));
    expect(await browse.related('books', books[0]._id, 51)()).toEqual(E.left(invalid('limit must be a whole number from 1 to 50')));
  });
});

describe('searching', () => {
  it('trims the query and pages the results', async () => {
    const { search } = await setUp();
    const result = right(await search.run('  handbook ', 2, 20)());
    expect(result).toMatchObject({ query: 'handbook', total: 31, totalPages: 2 });
    expect(result.items).toHaveLength(11);
  });

  it('refuses a blank or oversized query', async () => {
    const { search } = await setUp();
    expect(await search.run(' \t ', 1, 20)()).toEqual(E.left(invalid('Please enter something to search for')));
    expect(await search.run('x'.repeat(201), 1, 20)()).toEqual(E.left(invalid('Search is limited to 200 characters')));
    expect(await search.run('handbook', 0, 20)()).toEqual(E.left(invalid('page must be a whole number from 1 to 1000000')));
  });
});
