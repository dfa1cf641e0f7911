import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';
import { RefundState } from './orders';

/** A refund of the order as the ledger keeps it. */
export interface RefundFact {
  readonly key: string;
  readonly productIds: readonly Id[];
  readonly amount: Money;
  readonly state: RefundState;
  readonly requestedAt: string;
  readonly closedAt?: string;
  /** The provider's refund id, or why it refused. */
  readonly detail?: string;
}

/** A file of a product of the order opened by its buyer: a download or a page read in the reader. */
export interface DownloadFact {
  readonly productId: Id;
  readonly at: string;
  readonly purpose: 'download' | 'read' | 'link';
}

/** An e-mail about the order as the outbox keeps it. */
export interface MailFact {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly status: 'queued' | 'sending' | 'sent' | 'failed';
  readonly queuedAt?: string;
  readonly sentAt?: string;
}

/** What the store kept of one order's life besides the order itself, each kind as its table keeps it. */
export interface OrderFacts {
  readonly paidAt?: string;
  readonly deliveredAt?: string;
  /** When the buyer sent the receipt of a transfer. */
  readonly receiptAt?: string;
  readonly refunds: readonly RefundFact[];
  readonly downloads: readonly DownloadFact[];
  readonly mails: readonly MailFact[];
}

/**
 * The facts of an order's life, read for the admin's order page (issue 21). An order's e-mails are
 * known by their outbox ids (confirmation.ts MAIL), its refunds' by their keys: `mailIds` lists them.
 */
export interface OrderHistory {
  factsOf(orderId: Id, mailIds: (refundKeys: readonly string[]) => readonly string[]): Promise<OrderFacts>;
}
