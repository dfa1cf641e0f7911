import { Id } from '../shared/ids';
import { Money } from '../shared/money';
import { Paging } from '../shared/paging';
import { Coupon, NewCoupon } from './domain/coupon';

/** Coupons as the checkout and the admin read them. */
export interface CouponReader {
  /** By its code, in its normal (upper-case) form. */
  byCode(code: string): Promise<Coupon | undefined>;
  /** The uses a customer (customerKey) holds of a coupon now. */
  usesBy(couponId: Id, customer: string): Promise<number>;
  /** Newest first, and how many there are in all. */
  list(paging: Paging): Promise<{ readonly items: readonly Coupon[]; readonly total: number }>;
}

/** One use of a coupon by an order, taken in the unit of work that creates the order. */
export interface CouponUse {
  readonly couponId: Id;
  readonly orderId: Id;
  readonly customer: string;
  readonly discount: Money;
  readonly at: Date;
}

/**
 * Why a use was not taken: disabled meanwhile, no uses left, or none left for this customer. The
 * caps are checked and the use counted under the coupon's lock, so buyers racing for its last use
 * get it once (Shopware GHSA-27gv and Shopper GHSA-9rh9 were this race).
 */
export type Redemption = 'redeemed' | 'closed' | 'used-up' | 'used-by-customer';

/** The writes of coupons, inside a unit of work (OrderWork.coupons). */
export interface CouponLedger {
  /** Adds them all, or none when a code is taken already. */
  add(coupons: readonly NewCoupon[]): Promise<'added' | 'code-taken'>;
  /** Refuses it to every later checkout; the coupon as it is now, undefined when there is none. */
  disable(id: Id): Promise<Coupon | undefined>;
  /** Takes a use for an order, within the coupon's caps (see Redemption). */
  redeem(use: CouponUse): Promise<Redemption>;
  /** The order's use goes back to the coupon (it failed, expired or was refunded); false when it held none. */
  giveBack(orderId: Id): Promise<boolean>;
  /** A failed order was paid after all: it takes its use again, caps or not (its money moved at that price). */
  retake(orderId: Id): Promise<boolean>;
}

/** Unguessable codes for generated coupons. */
export interface CouponCodes {
  next(): string;
}
