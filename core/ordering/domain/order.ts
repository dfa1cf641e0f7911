import { Product } from '../../catalog/domain/product';
import { Id } from '../../shared/ids';
import { Language } from '../../shared/language';
import { Currency, Money } from '../../shared/money';
import { MethodName, OfflinePayment, ProviderName } from '../ports/payment-gateway';

/**
 * An order (DECISIONS 13): created `pending` when payment starts, with a copy of each product as it
 * was sold; `paid` exactly once when the provider confirms, or `failed` when it declines, or
 * `expired` when the reference it was to be paid against (a kiosk's) ran out; a paid order is
 * `partly-refunded` or `refunded` as its money goes back. `delivered` goes from false to true only.
 * The transitions are the functions of order-life.ts; adapters only persist them.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'partly-refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order is paid: a provider, or nothing at all for a free order. */
export type PaymentMethodOf = ProviderName | 'free';

/** A product as it was sold: its title and the price charged, whatever the catalogue says later. */
export interface OrderLine {
  readonly productId: Id;
  readonly title: string;
  readonly price: Money;
  /** Its money went back: its download is gone. */
  readonly refunded?: boolean;
}

export interface OrderCoupon {
  readonly code: string;
  readonly discount: Money;
}

export interface Order {
  readonly id: Id;
  /**
   * The account that bought it; none for a guest's order (DECISIONS 25), whose buyer is known by
   * `buyerEmail` alone until an account proving that address attaches it (order-access.ts).
   */
  readonly userId?: Id;
  /** The buyer's name and address from the checkout form (the confirmation goes there). */
  readonly buyerName: string;
  readonly buyerEmail: string;
  /**
   * The language the order was placed in (issue 20), the one its letters are written in. Checkout
   * always records it; the database says English for orders placed before the store spoke others,
   * and an order built without one (a test's) is English too.
   */
  readonly language?: Language;
  /** The provider (its registered name), or 'free'. */
  readonly method: PaymentMethodOf;
  /** How the buyer pays through it: 'card', 'wallet', 'kiosk'... ('free' for a free order). */
  readonly paymentMethod: MethodName;
  readonly currency: Currency;
  readonly total: Money;
  readonly lines: readonly OrderLine[];
  readonly status: OrderStatus;
  readonly delivered: boolean;
  /** The provider's id for the payment once it started (PayPal order id, Paymob order id). */
  readonly reference?: string;
  /** The provider's id of the settled payment (capture or transaction id): unique across orders. */
  readonly paymentId?: string;
  /** Money given back so far, in the order's currency. */
  readonly refunded: Money;
  /** Where and against what the buyer pays away from the store (a kiosk's bill reference, a transfer). */
  readonly payAt?: OfflinePayment;
  /**
   * The coupon the buyer used (issue 21): its code and what it took off in all. The lines' prices
   * are already less their parts of it, so the lines add up to the total the provider charges.
   */
  readonly coupon?: OrderCoupon;
  readonly createdAt: string;
  /** Counts the order's saved changes: a change computed from an older version is not saved. */
  readonly version: number;
}

/** The order number shoppers see: the last 6 characters of its id (spec section 9). */
export const orderNumber = (id: Id): string => id.slice(-6);

/** What a product costs in a provider's currency (DECISIONS 14): USD from `price`, EGP from `egpprice`. */
export const priceOf = (product: Pick<Product, 'price' | 'egpprice'>, currency: Currency): Money =>
  currency === 'EGP' ? product.egpprice : product.price;

/** Each product as it is sold now, priced from the catalogue in the order's currency. */
export const linesOf = (products: readonly Product[], currency: Currency): readonly OrderLine[] =>
  products.map((p) => ({ productId: p._id, title: p.title, price: priceOf(p, currency) }));

export const ORDER_NOT_FOUND = 'Order not found';

/** The most products one order names: more than a shopper's cart holds, few enough to price in one query. */
export const ORDER_MAX_PRODUCTS = 100;
export const PRODUCT_NAMED_TWICE = 'Each product can be bought once per order: a product is named twice';
export const NO_PRODUCTS_NAMED = 'Name at least one product to buy';
export const TOO_MANY_PRODUCTS = `An order holds at most ${ORDER_MAX_PRODUCTS} products`;

/**
 * How long a started payment may stay unpaid before the buyer is taken to have left it: the
 * reconciliation fails the order then (DECISIONS 13), and the buyer's list already says so.
 */
export const ABANDON_AFTER_HOURS = 24;

/**
 * An order as its buyer's list tells it: a purchase (paid), money given back (refunded, partly), a
 * payment to make away from the store before its reference runs out (awaiting payment), a payment
 * attempt not completed (still pending, the provider may yet confirm it), or failed (declined,
 * expired, or left unpaid past the reconciliation's day, whether or not it has marked it yet).
 */
export const PURCHASE_STATES = ['paid', 'partly refunded', 'refunded', 'awaiting payment', 'not completed', 'failed'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

type Dated = Pick<Order, 'status' | 'createdAt'> & { readonly payAt?: OfflinePayment };

/** Unpaid past its reference's expiry, or else started more than `hours` before `now`. */
export const isAbandoned = (order: Dated, now: Date, hours = ABANDON_AFTER_HOURS): boolean => {
  if (order.status !== 'pending') return false;
  const expiresAt = order.payAt?.expiresAt;
  if (expiresAt) return now.getTime() >= Date.parse(expiresAt);
  return now.getTime() - Date.parse(order.createdAt) > hours * 3_600_000;
};

export const purchaseStateOf = (order: Dated, now: Date, hours = ABANDON_AFTER_HOURS): PurchaseState => {
  switch (order.status) {
    case 'paid':
      return 'paid';
    case 'partly-refunded':
      return 'partly refunded';
    case 'refunded':
      return 'refunded';
    case 'failed':
    case 'expired':
      return 'failed';
    case 'pending':
      if (isAbandoned(order, now, hours)) return 'failed';
      return order.payAt ? 'awaiting payment' : 'not completed';
  }
};

/** Paid, and not all given back: what the buyer owns (less its refunded lines). */
export const isPaid = (order: Pick<Order, 'status'>): boolean => order.status === 'paid' || order.status === 'partly-refunded';

/** A product its buyer may download now: the order delivered and paid, and this line's money not given back. */
export const canDownload = (order: Pick<Order, 'status' | 'delivered'>, line: Pick<OrderLine, 'refunded'>): boolean =>
  order.delivered && isPaid(order) && !line.refunded;
