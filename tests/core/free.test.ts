import { FREE_OR_PRICED, isFreeOrPriced, isFreeProduct, isPricedProduct, notOrderable, repriceWouldGiveAway } from '../../core/catalog/domain/free';
import { ProductDraft, productFieldsOf } from '../../core/catalog/domain/product-form';
import { isDomainError } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';

describe('one meaning of free (DECISIONS 22)', () => {
  it.each([
    [0, 0, true, false],
    [2999, 150_000, false, true],
    [1, 1, false, true],
    [2999, 0, false, false],
    [0, 150_000, false, false],
    [0, 1, false, false],
  ])('USD %i cents with EGP %i piasters: free %s, priced %s', (cents, piasters, free, priced) => {
    const prices = { price: usd(cents), egpprice: egp(piasters) };
    expect([isFreeProduct(prices), isPricedProduct(prices), isFreeOrPriced(prices)]).toEqual([free, priced, free || priced]);
  });

  const form: ProductDraft = { title: 'Atlas', author: 'Nadia Farouk', description: 'A guide.', size: '1', Pages: '10', price: '29.99', egpprice: '1500' };
  const messageOf = (prices: ProductDraft) => {
    const result = productFieldsOf({ ...form, ...prices });
    return isDomainError(result) ? result.message : 'accepted';
  };

  it('is the product form’s rule, with one message naming both fields', () => {
    expect(messageOf({ price: '29.99', egpprice: '0' })).toBe(FREE_OR_PRICED);
    expect(messageOf({ price: '0.00', egpprice: '1500' })).toBe(FREE_OR_PRICED);
    expect(messageOf({ price: '0', egpprice: '0.00' })).toBe('accepted');
    expect(messageOf({ price: '0.01', egpprice: '0.01' })).toBe('accepted');
    // A price that is no amount is reported as such, not also as free in one currency.
    expect(messageOf({ price: 'ten', egpprice: '0' })).toBe('Price (USD) must be a number with at most 2 decimals');
  });

  it('names the products in its refusals: the first few, then how many more', () => {
    expect(repriceWouldGiveAway('48.5', ['A', 'B', 'C'], 5)).toBe(
      'Nothing was changed: at 48.5 pounds per dollar, "A", "B", "C" and 2 more would cost 0 EGP while priced in USD. Raise their USD price or use a higher rate.',
    );
    expect(notOrderable(['Atlas'])).toBe('"Atlas" cannot be ordered right now: its price is not set in both currencies. Please contact the store.');
    expect(notOrderable(['A', 'B', 'C', 'D'])).toBe(
      '"A", "B", "C" and 1 more cannot be ordered right now: their prices are not set in both currencies. Please contact the store.',
    );
  });
});
