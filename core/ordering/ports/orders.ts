import { Jobs } from '../../shared/jobs';
import { CouponLedger } from '../../coupons/ports';
import { AuditEntry } from '../../audit/domain/audit';
import { ProductSecrets } from '../../catalog/domain/product';
import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';
import { Paging } from '../../shared/paging';
import { Order } from '../domain/order';
import { OrderCursor, OrderFilter } from '../domain/order-filter';
import { LibraryLink } from './guest-library';
import { OutgoingMail } from './mailer';
import { ProviderName } from './payment-gateway';

/** An order as checkout creates it, pending; the core stamps `createdAt` from its clock. */
export type NewOrder = Omit<Order, 'status' | 'delivered' | 'reference' | 'paymentId' | 'refunded' | 'payAt' | 'version'>;

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

/** Orders as the use cases read them, in PostgreSQL. */
export interface OrderReader {
  findById(id: Id): Promise<Order | undefined>;
  findByReference(provider: ProviderName, reference: string): Promise<Order | undefined>;
  /** By the provider's id of its settled payment (a capture, a transaction): refund notices name it. */
  findByPaymentId(provider: ProviderName, paymentId: string): Promise<Order | undefined>;
  /** A user's orders, newest first. */
  ofUser(userId: Id): Promise<readonly Order[]>;
  /** The guest orders placed with `email` (its normal form) and attached to no account, newest first. */
  ofGuest(email: string): Promise<readonly Order[]>;
  /** Pending orders whose payment started before `before`, oldest first: for reconciliation. */
  unsettled(before: Date, limit: number): Promise<readonly Order[]>;
  /** Pending orders to be paid away from the store whose reference runs out before `before`, soonest first. */
  expiring(before: Date, limit: number): Promise<readonly Order[]>;
  /** The download link and password of a product in an order, also after the product was deleted. */
  secretsOf(orderId: Id, productId: Id): Promise<ProductSecrets | undefined>;
  /**
   * Every customer's orders, newest first, a page at a time (Customer Orders), and how many there
   * are in all, in one answer (the database answers both in one statement).
   */
  all(paging: Paging): Promise<{ readonly items: readonly CustomerOrder[]; readonly total: number }>;
  /**
   * The orders `filter` picks (order-filter.ts `passes` is the rule), newest first, a page at a
   * time, and how many there are, counted up to `countCap` (a count past it answers `countCap + 1`:
   * counting a million matches exactly would cost more than the page).
   */
  search(filter: OrderFilter, paging: Paging, countCap: number): Promise<{ readonly items: readonly CustomerOrder[]; readonly total: number }>;
  /** Up to `limit` orders `filter` picks, newest first, that come after `after` (from the newest when none). */
  searchAfter(filter: OrderFilter, after: OrderCursor | undefined, limit: number): Promise<readonly CustomerOrder[]>;
}

/** What saving an order changed: nothing when it moved on since it was read ('stale'). */
export type Saved = 'saved' | 'stale' | 'payment-taken';

/**
 * The writes of orders. `save` writes an order a transition of order-life.ts answered, only over
 * the version it was computed from: never a read then a blind write, so a capture, a webhook, a
 * callback and a reconciliation racing for one payment settle the order exactly once.
 */
export interface OrderWriter {
  add(order: NewOrder): Promise<Order>;
  /**
   * Stores `order` (its version one above the stored one's). 'stale' when the stored order is at
   * another version; 'payment-taken' when its payment id already settled another order (one
   * provider payment settles one order, ever).
   */
  save(order: Order): Promise<Saved>;
  recordDownload(download: DownloadRecord): Promise<void>;
  /**
   * Gives the guest orders of `email` (attached to no account) to the account `userId`; answers
   * their ids, oldest first. An order attached already stays with its account.
   */
  attachGuestOrders(email: string, userId: Id): Promise<readonly Id[]>;
}

/** A refund the store asked a provider for, kept before it asks so that none is made twice. */
export interface RefundRecord {
  /** The refund's key: the same for every attempt at the provider. */
  readonly key: string;
  readonly orderId: Id;
  readonly productIds: readonly Id[];
  readonly amount: Money;
  readonly requestedBy: Id;
  readonly requestedAt: Date;
}

export type RefundState = 'requested' | 'done' | 'refused';

export interface RefundLedger {
  /** Keeps a refund to ask for; 'busy' when the order already has one under way (one at a time). */
  request(refund: RefundRecord): Promise<'requested' | 'busy'>;
  /** The refund's end: done (with the provider's refund id) or refused (with why). Only from requested: false when it was closed already. */
  close(key: string, state: Exclude<RefundState, 'requested'>, detail: string): Promise<boolean>;
  /** The refund under way for an order, if any. */
  underWay(orderId: Id): Promise<RefundRecord | undefined>;
  /** Refunds asked for before `before` and never closed (the app stopped, the provider was down). */
  stuck(before: Date, limit: number): Promise<readonly RefundRecord[]>;
}

/** The writes one use case makes together: all of them, or none. */
export interface OrderWork {
  readonly orders: OrderWriter;
  readonly refunds: RefundLedger;
  /** Coupons' uses, taken with the order that uses one and given back as it changes (issue 21). */
  readonly coupons: CouponLedger;
  /** Queues an e-mail in the outbox; the same id queued again changes nothing. */
  queueMail(id: string, mail: OutgoingMail, dueAt?: Date): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
  /** A product the buyer now owns leaves their cart. */
  removeFromCart(userId: Id, productId: Id): Promise<void>;
  /** Keeps a link to a guest's library, with the confirmation that carries it. */
  keepLibraryLink(link: LibraryLink): Promise<void>;
  /** Background work that follows from this unit (stamping a paid order's files): queued only if it commits. */
  readonly jobs: Jobs;
}

/**
 * The transaction seam: runs `work` in one unit, committing all its writes or, when it throws,
 * none. A unit whose first write finds the order stale should write nothing more and return.
 */
export interface UnitOfWork {
  run<T>(work: (tx: OrderWork) => Promise<T>): Promise<T>;
}
