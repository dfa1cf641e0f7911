import { Product } from './product';

/** Egypt pays in EGP; everyone else in USD (also when the location is unknown or slow). */
export type CurrencyRegion = 'Egypt' | 'USD';

export const currencyRegionOf = (country: string | null | undefined): CurrencyRegion =>
  country === 'Egypt' ? 'Egypt' : 'USD';

export const priceIn = (product: Pick<Product, 'price' | 'egpprice'>, region: CurrencyRegion): number =>
  region === 'Egypt' ? product.egpprice : product.price;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const egp = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A price in the visitor's currency, or 'Free' when it is zero. */
export const formatPrice = (amount: number, region: CurrencyRegion): string => {
  if (amount === 0) return 'Free';
  return region === 'Egypt' ? `EGP ${egp.format(amount)}` : usd.format(amount);
};

export const displayPrice = (product: Pick<Product, 'price' | 'egpprice'>, region: CurrencyRegion): string =>
  formatPrice(priceIn(product, region), region);
