import { toDecimalString } from '../../shared/money';
import { Order, orderNumber } from './order';

/**
 * The CSV the owner exports of the orders the filters show (issue 21). A cell a spreadsheet would
 * read as a formula (=, +, -, @, or a tab or carriage return before one) gets a leading apostrophe,
 * so a buyer's name or a product title typed as `=HYPERLINK(...)` is shown, never run (OWASP's CSV
 * injection advice); every cell is quoted, its quotes doubled, so commas and line breaks stay inside.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: string | number | boolean): string => {
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** One line of cells, ended as RFC 4180 says (CRLF). */
export const csvLine = (cells: readonly (string | number | boolean)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

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
