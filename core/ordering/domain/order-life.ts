import { Money, money } from '../../shared/money';
import { OfflinePayment } from '../ports/payment-gateway';
import { Order, OrderLine, isPaid } from './order';

/**
 * The order's transitions (DECISIONS 13), as pure functions: each answers the order as it is to be
 * saved, or why it cannot change. Adapters only persist what these answer, and only over the
 * version they were computed from, so two callers racing for one order change it once.
 */
export type Change = { readonly ok: true; readonly order: Order } | { readonly ok: false; readonly why: Unchanged };

/** Why nothing changes: `already` is a repeat (no error); the others refuse the change. */
export type Unchanged = 'already' | 'not-pending' | 'not-paid' | 'expired' | 'nothing-to-refund' | 'too-much';

const changed = (order: Order): Change => ({ ok: true, order: { ...order, version: order.version + 1 } });
const unchanged = (why: Unchanged): Change => ({ ok: false, why });

/** The provider's payment started: its reference, and where to pay when it is paid away from the store. */
export const started = (order: Order, reference: string, payAt?: OfflinePayment): Change => {
  if (order.status !== 'pending') return unchanged('not-pending');
  if (order.reference !== undefined) return unchanged('already');
  return changed({ ...order, reference, ...(payAt ? { payAt } : {}) });
};

/**
 * Paid, once. A failed order may still be paid: the provider saying money moved outranks an
 * earlier decline (the buyer retried at the provider, a late capture). An expired one may not: its
 * reference was void, so a payment against it is not believed.
 */
export const paid = (order: Order, paymentId: string, delivered: boolean): Change => {
  if (order.status === 'expired') return unchanged('expired');
  if (order.status !== 'pending' && order.status !== 'failed') return unchanged('already');
  return changed({ ...order, status: 'paid', paymentId, delivered: order.delivered || delivered });
};

/**
 * The buyer sent proof of a payment made by hand (a transfer's receipt): the owner decides now, so
 * the reference no longer runs out under them.
 */
export const proofSent = (order: Order): Change => {
  if (order.status !== 'pending') return unchanged('not-pending');
  if (!order.payAt?.expiresAt) return unchanged('already');
  const { expiresAt: _gone, ...payAt } = order.payAt;
  return changed({ ...order, payAt });
};

/** Paid by a decision made while the order waited (the owner approving a transfer): never over a rejection made meanwhile. */
export const paidWhilePending = (order: Order, paymentId: string, delivered: boolean): Change =>
  order.status === 'pending' ? paid(order, paymentId, delivered) : unchanged(order.status === 'paid' ? 'already' : 'not-pending');

export const failed = (order: Order): Change => (order.status === 'pending' ? changed({ ...order, status: 'failed' }) : unchanged('not-pending'));

/** Its offline reference ran out unpaid. */
export const expired = (order: Order): Change => (order.status === 'pending' ? changed({ ...order, status: 'expired' }) : unchanged('not-pending'));

export const delivered = (order: Order): Change => {
  if (order.delivered) return unchanged('already');
  return isPaid(order) ? changed({ ...order, delivered: true }) : unchanged('not-paid');
};

/** What is left to give back. */
export const refundable = (order: Order): Money => money(order.total.minor - order.refunded.minor, order.currency);

/** The lines a refund of `productIds` gives back (every line still owned, when none are named), and their sum. */
export const refundOf = (order: Order, productIds?: readonly string[]): { readonly lines: readonly OrderLine[]; readonly amount: Money } => {
  const lines = order.lines.filter((line) => !line.refunded && (productIds === undefined || productIds.includes(line.productId)));
  return { lines, amount: money(Math.min(sumOf(lines), refundable(order).minor), order.currency) };
};

const sumOf = (lines: readonly OrderLine[]) => lines.reduce((total, line) => total + line.price.minor, 0);

/**
 * `amount` given back for the lines `productIds` (their downloads go at once). Everything given
 * back: refunded; else partly refunded. Never more than was paid.
 */
export const refunded = (order: Order, productIds: readonly string[], amount: Money): Change => {
  if (!isPaid(order)) return unchanged('not-paid');
  if (amount.currency !== order.currency || amount.minor > refundable(order).minor) return unchanged('too-much');
  const newly = order.lines.filter((line) => !line.refunded && productIds.includes(line.productId));
  if (amount.minor === 0 && newly.length === 0) return unchanged('nothing-to-refund');
  const lines = order.lines.map((line) => (productIds.includes(line.productId) ? { ...line, refunded: true } : line));
  const total = order.refunded.minor + amount.minor;
  const whole = total === order.total.minor || lines.every((line) => line.refunded);
  const allLines = whole ? lines.map((line) => ({ ...line, refunded: true })) : lines;
  return changed({ ...order, lines: allLines, refunded: money(total, order.currency), status: whole ? 'refunded' : 'partly-refunded' });
};

/**
 * The provider says `soFar` of the payment was given back (undefined: all of it), refunded at its
 * own dashboard or reversed (a chargeback). What the store already recorded is not recorded again;
 * a whole refund takes every download back; a partial one the store did not ask for records the
 * money and leaves the lines for the owner to decide.
 */
export const refundedAtProvider = (order: Order, soFar?: Money): Change => {
  const total = soFar?.minor ?? order.total.minor;
  if (soFar && soFar.currency !== order.currency) return unchanged('too-much');
  if (total <= order.refunded.minor) return unchanged('already');
  const whole = total >= order.total.minor;
  const productIds = whole ? order.lines.map((line) => line.productId) : [];
  return refunded(order, productIds, money(Math.min(total, order.total.minor) - order.refunded.minor, order.currency));
};
