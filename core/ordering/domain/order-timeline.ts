import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';
import { MAIL } from './confirmation';
import { Order } from './order';
import { OrderFacts } from '../ports/order-history';

/** What can happen in an order's life, in the order two things of one moment are told. */
export const TIMELINE_KINDS = [
  'placed',
  'paid',
  'receipt-sent',
  'delivered',
  'refund-requested',
  'refunded',
  'refund-refused',
  'mail-queued',
  'mail-sent',
  'mail-failed',
  'downloaded',
  'read',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One moment of an order's life as its admin page tells it. */
export interface TimelineEvent {
  readonly at: string;
  readonly kind: TimelineKind;
  readonly productId?: Id;
  readonly amount?: Money;
  /** A mail's subject and address, a refund's provider id or reason. */
  readonly detail?: string;
}

/** Every outbox id of the order's e-mails: the fixed ones, and one per refund. */
export const mailIdsOf = (orderId: Id) => (refundKeys: readonly string[]): readonly string[] => [
  MAIL.confirmation(orderId),
  MAIL.delivered(orderId),
  MAIL.payAt(orderId),
  MAIL.reminder(orderId),
  MAIL.transferRejected(orderId),
  MAIL.copiesReady(orderId),
  ...refundKeys.map(MAIL.refund),
];

/**
 * The order's life, oldest first: placed, paid, its receipt, delivered, refunds, downloads and
 * e-mails. A fact the store kept without a moment (a mail still queued) is left out rather than
 * guessed; events of one moment keep the order of the list above.
 */
export const timelineOf = (order: Order, facts: OrderFacts): readonly TimelineEvent[] => {
  const events: TimelineEvent[] = [{ at: order.createdAt, kind: 'placed', amount: order.total }];
  if (facts.paidAt) events.push({ at: facts.paidAt, kind: 'paid', amount: order.total, ...(order.paymentId ? { detail: order.paymentId } : {}) });
  if (facts.receiptAt) events.push({ at: facts.receiptAt, kind: 'receipt-sent' });
  if (facts.deliveredAt) events.push({ at: facts.deliveredAt, kind: 'delivered' });
  for (const refund of facts.refunds) {
    events.push({ at: refund.requestedAt, kind: 'refund-requested', amount: refund.amount });
    if (refund.closedAt && refund.state !== 'requested')
      events.push({ at: refund.closedAt, kind: refund.state === 'done' ? 'refunded' : 'refund-refused', amount: refund.amount, ...(refund.detail ? { detail: refund.detail } : {}) });
  }
  for (const d of facts.downloads) events.push({ at: d.at, kind: d.purpose === 'read' ? 'read' : 'downloaded', productId: d.productId });
  for (const mail of facts.mails) {
    const detail = `${mail.subject} → ${mail.to}`;
    if (mail.sentAt) events.push({ at: mail.sentAt, kind: 'mail-sent', detail });
    else if (mail.queuedAt) events.push({ at: mail.queuedAt, kind: mail.status === 'failed' ? 'mail-failed' : 'mail-queued', detail });
  }
  const rank = (e: TimelineEvent) => TIMELINE_KINDS.indexOf(e.kind);
  return events.map((e) => ({ ...e, at: new Date(e.at).toISOString() })).sort((a, b) => a.at.localeCompare(b.at) || rank(a) - rank(b));
};

