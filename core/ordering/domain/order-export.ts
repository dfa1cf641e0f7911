import { csvLine } from '../../shared/csv';
import { toDecimalString } from '../../shared/money';
import { Order, orderNumber } from './order';

/**
 * The CSV the owner exports of the orders the filters show (issue 21), a line at a time; its cells
 * are written as every CSV of the back office is (core/shared/csv.ts: never run as a formula).
 */
export const ORDER_CSV_HEADER = [
  'order',
  'id',
  'placed',
  'status',
  'delivered',
  'buyer',
  'email',
  'provider',
  'method',
  'currency',
  'total',
  'refunded',
  'products',
] as const;

/** An order's line of the export: amounts as decimals in its own currency (never converted or summed). */
export const orderCsvLine = (order: Order): string =>
  csvLine([
    orderNumber(order.id),
    order.id,
    order.createdAt,
    order.status,
    order.delivered,
    order.buyerName,
    order.buyerEmail,
    order.method,
    order.paymentMethod,
    order.currency,
    toDecimalString(order.total),
    toDecimalString(order.refunded),
    order.lines.map((line) => line.title).join(' | '),
  ]);
