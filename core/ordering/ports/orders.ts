import { Actor } from '../../audit/domain/audit';
import { ProductSecrets } from '../../catalog/domain/product';
import { Id } from '../../shared/ids';
import { Paging } from '../../shared/paging';
import { Order } from '../domain/order';
import { ProviderName } from './payment-gateway';
import { OutgoingMail } from './mailer';

/** An order as checkout creates it, pending; the core stamps `createdAt` from its clock. */
export type NewOrder = Omit<Order, 'status' | 'delivered' | 'reference' | 'paymentId'>;

export interface SettledPayment {
  /** The provider's payment id: one payment settles one order, ever (a unique constraint). */
  readonly paymentId: string;
  /** Every product of the order has a download link: delivered at payment (DECISIONS 13). */
  readonly delivered: boolean;
}

/** A download as its owner opens it (DECISIONS 13). */
export interface DownloadRecord {
  readonly orderId: Id;
  readonly productId: Id;
  readonly userId: Id;
  readonly at: Date;
}

/** An order with the account that placed it, as the admin's Customer Orders lists it. */
export interface CustomerOrder extends Order {
  readonly customer: { readonly username: string; readonly email: string };
}

/**
 * Orders, kept in PostgreSQL. Every change of state is a conditional write (pending to paid, once),
 * never a read then a write, so a capture, a webhook, a callback and a reconciliation racing for
 * the same payment settle the order exactly once.
 */
export interface Orders {
  add(order: NewOrder): Promise<Order>;
  /** Keeps the provider's reference of a pending order's payment; a later call changes nothing. */
  started(id: Id, reference: string): Promise<void>;
  findById(id: Id): Promise<Order | undefined>;
  findByReference(provider: ProviderName, reference: string): Promise<Order | undefined>;
  /**
   * To paid, once; the confirmation is queued in the outbox in the same transaction, so there is
   * exactly one per paid order. A failed order may still become paid: the provider saying money
   * moved outranks an earlier decline (the buyer retried at the provider, a late capture). 'unchanged'
   * when the order was already paid or the payment id already settled another order.
   */
  markPaid(id: Id, payment: SettledPayment, confirmation: OutgoingMail): Promise<'paid' | 'unchanged'>;
  /** Pending to failed, once. */
  markFailed(id: Id): Promise<'failed' | 'unchanged'>;
  /** A user's orders, newest first. */
  ofUser(userId: Id): Promise<readonly Order[]>;
  /** Pending orders whose payment started before `before`, oldest first: for reconciliation. */
  unsettled(before: Date, limit: number): Promise<readonly Order[]>;
  /** The download link and password of a product in an order, also after the product was deleted. */
  secretsOf(orderId: Id, productId: Id): Promise<ProductSecrets | undefined>;
  recordDownload(download: DownloadRecord): Promise<void>;
  /**
   * Every customer's orders, newest first, a page at a time (Customer Orders), and how many there
   * are in all, in one answer (the database answers both in one statement).
   */
  all(paging: Paging): Promise<{ readonly items: readonly CustomerOrder[]; readonly total: number }>;
  /**
   * A paid order's delivered flag from false to true, once, with its audit entry and `notice` queued
   * in the outbox in the same transaction. 'unchanged' when it was already delivered; 'unpaid' when
   * it is not paid (nothing to deliver).
   */
  markDelivered(id: Id, by: Actor, notice: OutgoingMail): Promise<'delivered' | 'unchanged' | 'unpaid' | 'missing'>;
}
