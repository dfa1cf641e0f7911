import type { PublicProduct } from '../../../api/catalog';
import type { OrderData } from '../../../api/ordering';
import { type Currency, type Money, fromDecimal, isFree, sum } from '../../../core/shared/money';

type Priced = Pick<PublicProduct, 'price' | 'egpprice'>;

/** The products' total in one currency, from the prices the page already has (USD `price`, EGP `egpprice`). */
export const totalIn = (products: readonly Priced[], currency: Currency): Money =>
  sum(
    products.map((p) => fromDecimal(currency === 'EGP' ? p.egpprice : p.price, currency) ?? { minor: 0, currency }),
    currency,
  );

/** An order's total as the server answered it: the amount the provider is asked for. */
export const orderTotal = (order: Pick<OrderData, 'total' | 'currency'>): Money | undefined => fromDecimal(order.total, order.currency);

/**
 * What the buyer will be charged, said before committing (DECISIONS 24): the amount in the
 * provider's currency; for a visitor shown prices in the other currency, about how much that is in
 * theirs (from the products' own prices in it, never an exchange rate the store does not use).
 * `charged` is the server's total once the order exists; until then the products'. Nothing for a
 * free order. The page says it in its language (PaymentStep).
 */
export const chargeOf = (options: {
  products: readonly Priced[];
  currency: Currency;
  shown?: Currency;
  charged?: Money;
}): { charged: Money; about?: Money } | undefined => {
  const { products, currency, shown, charged = totalIn(products, currency) } = options;
  if (isFree(charged)) return undefined;
  const about = shown && shown !== currency ? totalIn(products, shown) : undefined;
  return about && !isFree(about) ? { charged, about } : { charged };
};

/** A currency and the providers that charge in it, with the total they charge: the cart's lines. */
export interface ChargeByCurrency {
  readonly currency: Currency;
  readonly total: Money;
  readonly providers: readonly string[];
}

/** The cart's total per currency that some provider charges in, the visitor's own currency first. */
export const chargesByCurrency = (
  products: readonly Priced[],
  providers: readonly { label: string; currency: Currency }[],
  shown: Currency,
): ChargeByCurrency[] => {
  const currencies = [...new Set(providers.map((p) => p.currency))].sort((a, b) => Number(b === shown) - Number(a === shown));
  return currencies.map((currency) => ({
    currency,
    total: totalIn(products, currency),
    providers: [...new Set(providers.filter((p) => p.currency === currency).map((p) => p.label))],
  }));
};
