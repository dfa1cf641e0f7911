import { Order, OrderLine, OrderStatus, PaymentMethodOf } from '../../core/ordering/domain/order';
import { NewOrder } from '../../core/ordering/ports/orders';
import { OfflinePayment } from '../../core/ordering/ports/payment-gateway';
import { CURRENCIES, Currency, money } from '../../core/shared/money';
import { languageOf } from '../../core/shared/language';

/**
 * One place maps order rows to orders and back. Amounts are bigint minor units, which pg answers as
 * strings and PGlite as numbers; both become exact Money (safe integers only, else money() throws).
 */
export interface OrderRow {
  id: string;
  /** None for a guest's order not attached to an account. */
  user_id: string | null;
  buyer_name: string;
  buyer_email: string;
  /** 'en' for the orders placed before issue 20 (the column's default). */
  language: string;
  method: string;
  currency: string;
  total_minor: string | number;
  status: string;
  delivered: boolean;
  reference: string | null;
  payment_id: string | null;
  payment_method: string;
  refunded_minor: string | number;
  /** jsonb: an object from both drivers. */
  pay_at: OfflinePayment | null;
  version: number;
  /** The coupon used (issue 21) and what it took off, in the order's currency. */
  coupon_code?: string | null;
  discount_minor?: string | number | null;
  created_at: Date | string;
}

export interface OrderLineRow {
  order_id: string;
  position: number;
  product_id: string;
  title: string;
  price_minor: string | number;
  currency: string;
  refunded?: boolean;
}

const currencyOf = (value: string): Currency => {
  if (!(CURRENCIES as readonly string[]).includes(value)) throw new Error(`Unknown currency in an order row: ${value}`);
  return value as Currency;
};

const toLine = (row: OrderLineRow): OrderLine => ({
  productId: row.product_id,
  title: row.title,
  price: money(Number(row.price_minor), currencyOf(row.currency)),
  ...(row.refunded ? { refunded: true } : {}),
});

export const toOrder = (row: OrderRow, lines: readonly OrderLineRow[]): Order => ({
  id: row.id,
  ...(row.user_id === null ? {} : { userId: row.user_id }),
  buyerName: row.buyer_name,
  buyerEmail: row.buyer_email,
  language: languageOf(row.language),
  method: row.method as PaymentMethodOf,
  currency: currencyOf(row.currency),
  total: money(Number(row.total_minor), currencyOf(row.currency)),
  lines: [...lines].sort((a, b) => a.position - b.position).map(toLine),
  status: row.status as OrderStatus,
  delivered: row.delivered,
  ...(row.reference === null ? {} : { reference: row.reference }),
  ...(row.payment_id === null ? {} : { paymentId: row.payment_id }),
  paymentMethod: row.payment_method,
  refunded: money(Number(row.refunded_minor), currencyOf(row.currency)),
  ...(row.pay_at ? { payAt: row.pay_at } : {}),
  ...(row.coupon_code ? { coupon: { code: row.coupon_code, discount: money(Number(row.discount_minor ?? 0), currencyOf(row.currency)) } } : {}),
  version: row.version,
  createdAt: new Date(row.created_at).toISOString(),
});

export const toOrderRow = (order: NewOrder) => ({
  id: order.id,
  user_id: order.userId ?? null,
  buyer_name: order.buyerName,
  buyer_email: order.buyerEmail,
  language: order.language ?? 'en',
  method: order.method,
  payment_method: order.paymentMethod,
  currency: order.currency,
  total_minor: order.total.minor,
  coupon_code: order.coupon?.code ?? null,
  discount_minor: order.coupon?.discount.minor ?? null,
  created_at: order.createdAt,
});

export const toLineRows = (order: NewOrder): OrderLineRow[] =>
  order.lines.map((line, position) => ({
    order_id: order.id,
    position,
    product_id: line.productId,
    title: line.title,
    price_minor: line.price.minor,
    currency: line.price.currency,
  }));
