import { Product } from '../../catalog/domain/product';
import { Id } from '../../shared/ids';
import { Currency, Money, formatMoney, money } from '../../shared/money';

/**
 * A coupon (issue 21): so much off the lines it covers, within its dates, uses and minimum. The
 * server prices the order and then applies the coupon to the lines in scope (DECISIONS 14); the
 * buyer's browser never says what anything costs.
 */
export type CouponOff =
  | { readonly kind: 'percent'; readonly percent: number }
  /** An amount per currency: the order's currency picks one (DECISIONS 24), never a conversion. */
  | { readonly kind: 'fixed'; readonly usd: Money<'USD'>; readonly egp: Money<'EGP'> };

/** What a coupon covers: the whole order, or the products named, of the types or book categories named. */
export type CouponScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'products'; readonly values: readonly Id[] }
  | { readonly kind: 'types'; readonly values: readonly string[] }
  | { readonly kind: 'categories'; readonly values: readonly string[] };

/** An order's subtotal at least this, in its own currency. */
export interface Minimum {
  readonly usd: Money<'USD'>;
  readonly egp: Money<'EGP'>;
}

/** What the admin decides about a coupon; one batch of codes shares them. */
export interface CouponRules {
  readonly off: CouponOff;
  readonly scope: CouponScope;
  readonly startsAt?: string;
  readonly endsAt?: string;
  /** Uses in all; none: any number. */
  readonly maxUses?: number;
  /** Uses per customer (an account, or a guest's e-mail address); none: any number. */
  readonly maxUsesPerCustomer?: number;
  readonly minimum?: Minimum;
}

export interface Coupon extends CouponRules {
  readonly id: Id;
  /** Upper case, as the buyer may type it in any case. */
  readonly code: string;
  readonly disabled: boolean;
  /** Uses held now: an order that failed, expired or was refunded gave its use back. */
  readonly uses: number;
  readonly createdAt: string;
}

export type NewCoupon = Omit<Coupon, 'disabled' | 'uses'>;

/** What a use is counted against: an account, or the address a guest bought with. */
export const customerKey = (buyer: { readonly userId?: Id; readonly email: string }): string =>
  buyer.userId !== undefined ? `account:${buyer.userId}` : `guest:${buyer.email}`;

export const COUPON_UNKNOWN = 'This coupon code does not exist';
export const COUPON_DISABLED = 'This coupon is no longer valid';
export const COUPON_NOT_STARTED = 'This coupon is not valid yet';
export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_USED_UP = 'This coupon has been used up';
export const COUPON_USED_BY_YOU = 'You have already used this coupon';
export const COUPON_OUT_OF_SCOPE = 'This coupon does not apply to the products in this order';
export const couponUnderMinimum = (minimum: Money) => `This coupon needs an order of at least ${formatMoney(minimum)}`;

export const normalCode = (code: string): string => code.trim().toUpperCase();

/** Why a coupon cannot be used now, whoever the buyer (uses per customer are counted by the store). */
export const whyNotNow = (coupon: Coupon, now: Date): string | undefined => {
  if (coupon.disabled) return COUPON_DISABLED;
  if (coupon.startsAt && now.getTime() < Date.parse(coupon.startsAt)) return COUPON_NOT_STARTED;
  if (coupon.endsAt && now.getTime() >= Date.parse(coupon.endsAt)) return COUPON_EXPIRED;
  if (coupon.maxUses !== undefined && coupon.uses >= coupon.maxUses) return COUPON_USED_UP;
  return undefined;
};

export const covers = (scope: CouponScope, product: Pick<Product, '_id' | 'category' | 'subcategory'>): boolean => {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'products':
      return scope.values.includes(product._id);
    case 'types':
      return scope.values.includes(product.category);
    case 'categories':
      return product.subcategory.some((c) => scope.values.includes(c));
  }
};

export const minimumIn = (minimum: Minimum, currency: Currency): Money => (currency === 'EGP' ? minimum.egp : minimum.usd);

/** A line as priced before the coupon, with whether the coupon covers its product. */
export interface PricedLine {
  readonly price: Money;
  readonly covered: boolean;
}

/**
 * What comes off each line: a percent of each covered line (rounded to the minor unit), or the
 * fixed amount shared over the covered lines in proportion to their prices, the last minor units to
 * the first lines with room. A line never goes below zero, so the whole never exceeds what they cost.
 */
export const discountsOf = (off: CouponOff, lines: readonly PricedLine[], currency: Currency): readonly number[] => {
  const covered = lines.map((l) => (l.covered ? l.price.minor : 0));
  if (off.kind === 'percent') return covered.map((minor) => Math.round((minor * off.percent) / 100));
  const base = covered.reduce((a, b) => a + b, 0);
  const amount = Math.min(currency === 'EGP' ? off.egp.minor : off.usd.minor, base);
  if (base === 0) return covered.map(() => 0);
  const shares = covered.map((minor) => Math.floor((minor * amount) / base));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; i < shares.length && left > 0; i++) {
    const room = covered[i] - shares[i];
    const more = Math.min(room, left);
    shares[i] += more;
    left -= more;
  }
  return shares;
};

/** Each line's price less its part of the discount, and the discount in all. */
export const applyCoupon = (off: CouponOff, lines: readonly PricedLine[], currency: Currency): { readonly prices: readonly Money[]; readonly discount: Money } => {
  const parts = discountsOf(off, lines, currency);
  return {
    prices: lines.map((l, i) => money(l.price.minor - parts[i], currency)),
    discount: money(parts.reduce((a, b) => a + b, 0), currency),
  };
};
