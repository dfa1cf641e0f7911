import { categoryCardTitle, formatSize, metaDescription, recommendedCardTitle, relatedCardTitle } from '../../core/catalog/domain/display';
import { currencyRegionOf, priceIn } from '../../core/catalog/domain/pricing';
import { egp, formatMoney, usd } from '../../core/shared/money';

describe('display rules', () => {
  const long = 'A'.repeat(69);
  it('truncates titles as each card does', () => {
    expect(categoryCardTitle('A'.repeat(68))).toBe('A'.repeat(68));
    expect(categoryCardTitle(long)).toBe(`${'A'.repeat(65)}...`);
    expect(recommendedCardTitle(long)).toBe(`${'A'.repeat(68)}...`);
    expect(relatedCardTitle('B'.repeat(51))).toBe(`${'B'.repeat(50)}...`);
    expect(relatedCardTitle('B'.repeat(50))).toBe('B'.repeat(50));
  });
  it('shows sizes in Mb, or Gb with one decimal from 1000 MB', () => {
    expect(formatSize(999)).toBe('999 Mb');
    expect(formatSize(1000)).toBe('1.0 Gb');
    expect(formatSize(1450)).toBe('1.4 Gb');
  });
  it('cuts the meta description at 150 characters', () => {
    expect(metaDescription('x'.repeat(300))).toHaveLength(150);
  });
  it('prices in the visitor region, free at zero', () => {
    const product = { price: usd(2450), egpprice: egp(122500) };
    expect(currencyRegionOf('Egypt')).toBe('Egypt');
    expect(currencyRegionOf('France')).toBe('USD');
    expect(currencyRegionOf(null)).toBe('USD');
    expect(formatMoney(priceIn(product, 'USD'))).toBe('$24.50');
    expect(formatMoney(priceIn(product, 'Egypt'))).toBe('EGP 1,225');
    expect(formatMoney(priceIn({ price: usd(0), egpprice: egp(0) }, 'Egypt'))).toBe('Free');
  });
});
