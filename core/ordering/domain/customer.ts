import * as E from 'fp-ts/Either';
import { normalEmail } from '../../identity/domain/user';
import { DomainError, invalid } from '../../shared/errors';
import { Id, isId } from '../../shared/ids';
import { Money } from '../../shared/money';
import { SEARCH_MAX, SEARCH_MIN } from './order-filter';
import { Order } from './order';

/**
 * A customer of the back office (issue 21): an account, or a guest known only by the address its
 * orders were bought with (DECISIONS 25) until an account proving that address takes them.
 */
export type CustomerRef = { readonly kind: 'account'; readonly id: Id } | { readonly kind: 'guest'; readonly email: string };

/** A customer as the list shows it: who, and what they bought so far. */
export interface CustomerSummary {
  readonly ref: CustomerRef;
  /** The account's username; empty for a guest. */
  readonly name: string;
  readonly email: string;
  readonly orders: number;
  /** Paid money kept (less refunds), one amount per currency it was paid in: never summed across them. */
  readonly spent: readonly Money[];
  readonly lastOrderAt?: string;
}

export const NOT_A_CUSTOMER = 'A customer is named by an account id or a guest e-mail address';
export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const CONFIRMATION_RESENT = 'The confirmation is sent again';
export const LIBRARY_LINK_RESENT = 'A new library link is sent';
export const ONLY_PAID_CONFIRMED = 'Only a paid order has a confirmation to send again';
export const NO_GUEST_ORDERS = 'This address has no guest orders: its library holds nothing';
export const CUSTOMER_SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN} characters to search customers`;
export const CUSTOMER_SEARCH_TOO_LONG = `A search of customers is at most ${SEARCH_MAX} characters`;

/** The customer a page's address names: an account's 24-character id, or a guest's address. */
export const customerRefOf = (text: string): E.Either<DomainError, CustomerRef> => {
  if (isId(text)) return E.right({ kind: 'account', id: text });
  return guestRefOf(text);
};

const guestRefOf = (text: string): E.Either<DomainError, CustomerRef> => {
  if (text.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(text)) return E.right({ kind: 'guest', email: normalEmail(text) });
  return E.left(invalid(NOT_A_CUSTOMER));
};

/** The name or address part typed in the customers' search, lower case; undefined for none. */
export const customerSearchOf = (typed: string | undefined): E.Either<DomainError, string | undefined> => {
  const text = typed?.trim().toLowerCase() ?? '';
  if (text === '') return E.right(undefined);
  if (text.length < SEARCH_MIN) return E.left(invalid(CUSTOMER_SEARCH_TOO_SHORT));
  if (text.length > SEARCH_MAX) return E.left(invalid(CUSTOMER_SEARCH_TOO_LONG));
  return E.right(text);
};

/** Statuses whose money the store took and may keep, in part: paid, partly refunded (and refunded, at zero). */
export const SPENDING_STATUSES: readonly Order['status'][] = ['paid', 'partly-refunded', 'refunded'];

/** What a customer's orders spent, per currency, oldest currency first: the rule the database's sum mirrors. */
export const spentOf = (orders: readonly Order[]): readonly Money[] => {
  const per = new Map<Money['currency'], number>();
  for (const o of orders) if (SPENDING_STATUSES.includes(o.status)) per.set(o.currency, (per.get(o.currency) ?? 0) + o.total.minor - o.refunded.minor);
  return [...per.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]) => ({ currency, minor }));
};

/** The key of a customer in an address: the account id, or the guest's address. */
export const customerKeyOf = (ref: CustomerRef): string => (ref.kind === 'account' ? ref.id : ref.email);
