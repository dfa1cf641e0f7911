import { searchAnswerJson } from '../../adapters/http/search-answer';
import { searchAnswer, toPublicProduct } from '../../api/catalog';
import { Product } from '../../core/catalog/domain/product';
import { aProduct } from '../support/products';

const product = (overrides: Partial<Product> = {}): Product => ({ ...aProduct(), createdAt: '2026-11-01T00:00:00.000Z', ...overrides });

describe('the search answer, written by hand', () => {
  it('is what the call promises: the schema, and the same as encoding the public products', () => {
    const items = [product({ title: 'Endo "quoted" \u2028 title', isbn: '978-1' }), product({ duration: '3h', videonumbers: '12' }), product()];
    for (const total of [0, 3, 1234]) {
      const parsed = JSON.parse(searchAnswerJson({ items: total ? items : [], total }));
      expect(searchAnswer.parse(parsed)).toEqual(parsed);
      expect(parsed).toEqual({
        success: true,
        message: total ? `${total} results found` : 'No results found',
        code: total ? 'search.found' : 'search.none',
        results: total ? items.map(toPublicProduct) : [],
        count: total,
      });
    }
  });

  it('encodes a product object once, and a new object of it (a changed product) again', () => {
    const productsEncoded = jest.spyOn(JSON, 'stringify');
    const encodings = () => productsEncoded.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && '_id' in value).length;
    try {
      const kept = product({ title: 'Periodontal surgery' });
      const first = searchAnswerJson({ items: [kept], total: 1 });
      expect(searchAnswerJson({ items: [kept], total: 1 })).toBe(first);
      expect(encodings()).toBe(1);
      const renamed = { ...kept, title: 'Periodontal surgery, 2nd edition' };
      expect(JSON.parse(searchAnswerJson({ items: [renamed], total: 1 })).results[0].title).toBe('Periodontal surgery, 2nd edition');
      expect(encodings()).toBe(2);
    } finally {
      productsEncoded.mockRestore();
    }
  });
});
