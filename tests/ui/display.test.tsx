import { cartBadge } from '../../ui/src/cart/badge';
import { categoryPageSize, homePageSize } from '../../ui/src/catalog/display';

describe('UI display rules', () => {
  it('caps the cart badge at 999', () => {
    expect([cartBadge(-1), cartBadge(0), cartBadge(999), cartBadge(1200)]).toEqual(['0', '0', '999', '999']);
  });
  it('sizes pages by viewport', () => {
    expect([homePageSize(375), homePageSize(767), homePageSize(768)]).toEqual([14, 14, 15]);
    expect([categoryPageSize(767), categoryPageSize(768), categoryPageSize(1280)]).toEqual([12, 15, 15]);
  });
});
