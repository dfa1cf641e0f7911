import { KeptProducts } from '../../adapters/persistence/kept-products';
import { aProduct } from '../support/products';

const products = Array.from({ length: 10 }, () => ({ ...aProduct(), createdAt: '2026-11-01T00:00:00.000Z' }));

describe('KeptProducts', () => {
  it('gives back what it keeps, by position, and nothing else', () => {
    const kept = new KeptProducts(10, 5);
    kept.set(3, products[3]);
    kept.set(7, products[7]);
    expect(kept.get(3)).toBe(products[3]);
    expect(kept.get(7)).toBe(products[7]);
    expect(kept.get(4)).toBeUndefined();
    kept.set(3, products[0]);
    expect(kept.get(3)).toBe(products[0]);
    expect(kept.size).toBe(2);
  });

  it('keeps at most its number, forgetting first what was not read since', () => {
    const kept = new KeptProducts(10, 3);
    [0, 1, 2].forEach((p) => kept.set(p, products[p]));
    kept.get(0);
    kept.get(2);
    kept.set(3, products[3]);
    // 1 was the one not read: 0 and 2 had a second chance.
    expect([0, 1, 2, 3].map((p) => kept.get(p) !== undefined)).toEqual([true, false, true, true]);
    expect(kept.size).toBe(3);
    for (let p = 4; p < 10; p++) kept.set(p, products[p]);
    expect(products.filter((_, p) => kept.get(p)).length).toBe(3);
    expect([7, 8, 9].every((p) => kept.get(p) === products[p])).toBe(true);
  });
});
