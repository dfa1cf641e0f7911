import { Currency, Money } from '../../shared/money';
import { Product } from './product';

/** Egypt pays in EGP; everyone else in USD (also when the location is unknown or slow). */
export type CurrencyRegion = 'Egypt' | 'USD';

export const currencyRegionOf = (country: string | null | undefined): CurrencyRegion =>
  country === 'Egypt' ? 'Egypt' : 'USD';

export const currencyOf = (region: CurrencyRegion): Currency => (region === 'Egypt' ? 'EGP' : 'USD');

/** The price a visitor of `region` pays for a product. */
export const priceIn = (product: Pick<Product, 'price' | 'egpprice'>, region: CurrencyRegion): Money =>
  region === 'Egypt' ? product.egpprice : product.price;
