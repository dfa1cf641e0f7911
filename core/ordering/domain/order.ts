import { Product } from '../../catalog/domain/product';
import { Id } from '../../shared/ids';
import { Currency, Money } from '../../shared/money';
import { ProviderName } from '../ports/payment-gateway';

/**
 * An order (DECISIONS 13): created `pending` when payment starts, with a copy of each product as it
 * was sold; `paid` exactly once when the provider confirms, or `failed` when it declines;
 * `delivered` goes from false to true only.
 */
export type OrderStatus = 'pending' | 'paid' | 'failed';

/** How an order is paid: a provider, or nothing at all for a free order. */
export type PaymentMethodOf = ProviderName | 'free';

/** A product as it was sold: its title and the price charged, whatever the catalogue says later. */
export interface OrderLine {
  readonly productId: Id;
  readonly title: string;
  readonly price: Money;
}

export interface Order {
  readonly id: Id;
  readonly userId: Id;
  /** The buyer's name and address from the checkout form (the confirmation goes there). */
  readonly buyerName: string;
  readonly buyerEmail: string;
  readonly method: PaymentMethodOf;
  readonly currency: Currency;
  readonly total: Money;
  readonly lines: readonly OrderLine[];
  readonly status: OrderStatus;
  readonly delivered: boolean;
  /** The provider's id for the payment once it started (PayPal order id, Paymob order id). */
  readonly reference?: string;
  /** The provider's id of the settled payment (capture or transaction id): unique across orders. */
  readonly paymentId?: string;
  readonly createdAt: string;
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
 * An order as its buyer's list tells it: a purchase (paid), a payment attempt not completed (still
 * pending, the provider may yet confirm it), or failed (declined, or left unpaid past the
 * reconciliation's day, whether or not the reconciliation has marked it yet).
 */
export type PurchaseState = 'paid' | 'not completed' | 'failed';

/** Unpaid, and started more than `hours` before `now`. */
export const isAbandoned = (order: Pick<Order, 'status' | 'createdAt'>, now: Date, hours = ABANDON_AFTER_HOURS): boolean =>
  order.status === 'pending' && now.getTime() - Date.parse(order.createdAt) > hours * 3_600_000;

export const purchaseStateOf = (order: Pick<Order, 'status' | 'createdAt'>, now: Date, hours = ABANDON_AFTER_HOURS): PurchaseState => {
  if (order.status === 'paid') return 'paid';
  if (order.status === 'failed' || isAbandoned(order, now, hours)) return 'failed';
  return 'not completed';
};
