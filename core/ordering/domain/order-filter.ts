import * as E from 'fp-ts/Either';
import { MS_PER_DAY, midnightOf } from '../../shared/days';
import { DomainError, invalid } from '../../shared/errors';
import { CURRENCIES, Currency } from '../../shared/money';
import { Order, OrderStatus } from './order';

/**
 * The states the owner filters Customer Orders by (issue 21), in the owner's words. The store keeps
 * finer ones (order.ts); each shown state stands for these of the store's:
 * - pending: still `pending` (a payment started, or a kiosk or transfer not paid yet);
 * - paid: money taken and kept, whole or in part (`paid`, `partly-refunded`), delivered or not;
 * - failed: never paid (`failed`, `expired`);
 * - refunded: money given back, whole or in part (`refunded`, `partly-refunded`);
 * - delivered: its downloads released (the `delivered` flag, which only a paid order gets).
 */
export const SHOWN_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'delivered'] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

export const STORE_STATUSES_OF: Readonly<Record<Exclude<ShownStatus, 'delivered'>, readonly OrderStatus[]>> = {
  pending: ['pending'],
  paid: ['paid', 'partly-refunded'],
  failed: ['failed', 'expired'],
  refunded: ['refunded', 'partly-refunded'],
};

/** The fewest characters a search looks for: fewer would match most orders and no index helps. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 200;

/** What the admin's filters pick; every field optional, all given ones must hold. */
export interface OrderFilter {
  /**
   * Lower case; an order number (its last 6 characters), a whole order id, the start of the buyer's
   * e-mail (or all of it), or part of a product's title. An address is matched from its start: every
   * address shares its domain's and common names' trigrams, so a search within addresses would read
   * most of the orders' index, where a prefix is one range of a b-tree.
   */
  readonly text?: string;
  readonly status?: ShownStatus;
  /** A provider's registered name ('paypal', 'paymob', 'transfer') or 'free'. */
  readonly provider?: string;
  /** The method within it ('card', 'wallet', 'kiosk'...). */
  readonly method?: string;
  readonly currency?: Currency;
  /** Placed at or after `from` and before `to` (ISO instants; a bare date `to` takes its whole day). */
  readonly from?: string;
  readonly to?: string;
}

/** The filter as the admin typed it: text from the query string, unchecked. */
export interface OrderFilterInput {
  readonly q?: string;
  readonly status?: string;
  readonly provider?: string;
  readonly method?: string;
  readonly currency?: string;
  readonly from?: string;
  readonly to?: string;
}

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN} characters to search orders`;
export const SEARCH_TOO_LONG = `A search of orders is at most ${SEARCH_MAX} characters`;
export const UNKNOWN_SHOWN_STATUS = `The status must be one of ${SHOWN_STATUSES.join(', ')}`;
export const UNKNOWN_CURRENCY = `The currency must be one of ${CURRENCIES.join(', ')}`;
export const BAD_PROVIDER = 'The provider and the method are names of letters, digits and dashes';
export const BAD_DATE = 'Dates must be written as YYYY-MM-DD (or a full ISO time)';
export const DATES_REVERSED = 'The "from" date must come before the "to" date';

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO instant of a date the admin gave (a day, as every back-office filter takes it, or a full time), or undefined when it is none. */
const instantOf = (text: string, endOfDay: boolean): string | undefined => {
  const day = midnightOf(text);
  if (day) return new Date(endOfDay ? day.getTime() + MS_PER_DAY : day.getTime()).toISOString();
  const at = INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
};

const blank = (text: string | undefined) => text === undefined || text.trim() === '';

/** The admin's filter, checked: what it picks, or why it is refused (400). */
export const orderFilterOf = (input: OrderFilterInput): E.Either<DomainError, OrderFilter> => {
  const filter: { -readonly [K in keyof OrderFilter]: OrderFilter[K] } = {};
  if (!blank(input.q)) {
    const text = input.q!.trim().toLowerCase();
    if (text.length < SEARCH_MIN) return E.left(invalid(SEARCH_TOO_SHORT));
    if (text.length > SEARCH_MAX) return E.left(invalid(SEARCH_TOO_LONG));
    filter.text = text;
  }
  if (!blank(input.status)) {
    if (!(SHOWN_STATUSES as readonly string[]).includes(input.status!)) return E.left(invalid(UNKNOWN_SHOWN_STATUS));
    filter.status = input.status as ShownStatus;
  }
  for (const key of ['provider', 'method'] as const) {
    if (blank(input[key])) continue;
    const name = input[key]!.trim().toLowerCase();
    if (!NAME.test(name)) return E.left(invalid(BAD_PROVIDER));
    filter[key] = name;
  }
  if (!blank(input.currency)) {
    const currency = input.currency!.trim().toUpperCase();
    if (!(CURRENCIES as readonly string[]).includes(currency)) return E.left(invalid(UNKNOWN_CURRENCY));
    filter.currency = currency as Currency;
  }
  for (const key of ['from', 'to'] as const) {
    if (blank(input[key])) continue;
    const at = instantOf(input[key]!.trim(), key === 'to');
    if (!at) return E.left(invalid(BAD_DATE));
    filter[key] = at;
  }
  if (filter.from && filter.to && filter.from >= filter.to) return E.left(invalid(DATES_REVERSED));
  return E.right(filter);
};

export const isEmptyFilter = (filter: OrderFilter): boolean => Object.values(filter).every((value) => value === undefined);

/** Whether `order` passes `filter`: the rule the memory twin follows, and the database's SQL mirrors. */
export const passes = (filter: OrderFilter, order: Order): boolean => {
  if (filter.text !== undefined) {
    const t = filter.text;
    const found =
      order.id === t ||
      order.id.slice(-6) === t ||
      order.buyerEmail.toLowerCase().startsWith(t) ||
      order.lines.some((line) => line.title.toLowerCase().includes(t));
    if (!found) return false;
  }
  if (filter.status === 'delivered' && !order.delivered) return false;
  if (filter.status && filter.status !== 'delivered' && !STORE_STATUSES_OF[filter.status].includes(order.status)) return false;
  if (filter.provider !== undefined && order.method !== filter.provider) return false;
  if (filter.method !== undefined && order.paymentMethod !== filter.method) return false;
  if (filter.currency !== undefined && order.currency !== filter.currency) return false;
  if (filter.from !== undefined && order.createdAt < filter.from) return false;
  if (filter.to !== undefined && order.createdAt >= filter.to) return false;
  return true;
};

/**
 * Where a walk through the filtered orders, newest first, got to: the last order it gave. The next
 * batch starts after it whatever was added since (a keyset, not an offset), so an export of 100,000
 * orders costs the same per batch at its end as at its start.
 */
export interface OrderCursor {
  readonly createdAt: string;
  readonly id: string;
}
