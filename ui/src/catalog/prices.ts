import type { PublicProduct } from '../../../api/catalog';
import { isFreeProduct as freeInBothCurrencies } from '../../../core/catalog/domain/free';
import { type CurrencyRegion, currencyOf } from '../../../core/catalog/domain/pricing';
import { type Money, fromDecimal } from '../../../core/shared/money';

/**
 * The price a visitor of `region` sees, as Money again, so the cart adds and formats amounts
 * exactly. The server sends whole cents, so the decimal always converts back; zero stands in for
 * an answer that does not.
 */
export const priceShown = (product: Pick<PublicProduct, 'price' | 'egpprice'>, region: CurrencyRegion): Money => {
  const currency = currencyOf(region);
  return fromDecimal(region === 'Egypt' ? product.egpprice : product.price, currency) ?? { minor: 0, currency };
};

/** Free by the core's rule (DECISIONS 22, both prices zero): its order needs no payment provider (DECISIONS 14). */
export const isFreeProduct = (product: Pick<PublicProduct, 'price' | 'egpprice'>): boolean => {
  const price = fromDecimal(product.price, 'USD');
  const egpprice = fromDecimal(product.egpprice, 'EGP');
  return price !== undefined && egpprice !== undefined && freeInBothCurrencies({ price, egpprice });
};
