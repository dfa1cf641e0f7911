import { Money, isFree } from '../../shared/money';

/** A product's two prices: what PayPal charges (USD) and what Paymob charges (EGP). */
export interface Prices {
  readonly price: Money<'USD'>;
  readonly egpprice: Money<'EGP'>;
}

/**
 * DECISIONS 22: a product is free when both its prices are zero, and priced when both are above
 * zero. A product free in one currency only would be given away to whoever pays in that currency,
 * since a free order skips the providers (DECISIONS 14); so the editor, the bulk reprice and the
 * checkout all refuse anything else, through this one rule.
 */
export const isFreeProduct = (p: Prices): boolean => isFree(p.price) && isFree(p.egpprice);

export const isPricedProduct = (p: Prices): boolean => !isFree(p.price) && !isFree(p.egpprice);

export const isFreeOrPriced = (p: Prices): boolean => isFreeProduct(p) || isPricedProduct(p);

/** The editor's message (the form names the fields with these labels). */
export const FREE_OR_PRICED =
  'Price (USD) and Price (EGP) must both be 0 for a free product, or both be above 0 for a priced one';

/** '"A", "B" and 4 more': the first titles of `count` products. */
const quoted = (titles: readonly string[], count = titles.length): string => {
  const named = titles.map((t) => `"${t}"`).join(', ');
  return count > titles.length ? `${named} and ${count - titles.length} more` : named;
};

/** Why the bulk reprice wrote nothing: at this rate these priced products would cost 0 EGP. */
export const repriceWouldGiveAway = (egpPerUsd: string, titles: readonly string[], count: number): string =>
  `Nothing was changed: at ${egpPerUsd} pounds per dollar, ${quoted(titles, count)} would cost 0 EGP while priced in USD. ` +
  'Raise their USD price or use a higher rate.';

/** Why the checkout refused: a product stored before the rule, free in one currency only. */
export const notOrderable = (titles: readonly string[]): string =>
  `${quoted(titles.slice(0, 3), titles.length)} cannot be ordered right now: ${titles.length > 1 ? 'their prices are' : 'its price is'} not set in both currencies. ` +
  'Please contact the store.';

/** The operator's report at start: products that break the rule, and how to fix them. */
export const freeInOneCurrencyReport = (products: readonly { readonly _id: string; readonly title: string }[]): string =>
  `${products.length} product(s) are free in one currency but priced in the other, and cannot be ordered until fixed: ` +
  `${products.slice(0, 10).map((p) => `${p._id} "${p.title}"`).join(', ')}${products.length > 10 ? ', …' : ''}. ` +
  'Set both prices in the Product Management Suite (both 0 or both above 0), or run Update Prices ' +
  '(every EGP price from its USD price: a product at USD 0 becomes free).';
