import { languageOf } from '../../shared/language';
import { DomainError, conflict, invalid, notFound } from '../../shared/errors';
import { equals } from '../../shared/money';
import { MAIL, StoreContact, confirmationOf } from '../domain/confirmation';
import { ORDER_NOT_FOUND, Order } from '../domain/order';
import { failed, paid } from '../domain/order-life';
import { OrderReader, OrderWork, UnitOfWork } from '../ports/orders';
import { PaymentOutcome } from '../ports/payment-gateway';
import { changeOrder } from './change-order';
import { isGuestOrder } from '../domain/order-access';
import { LIBRARY_LINK_LIFETIME_MS } from '../domain/guest-library';
import { libraryLinkOf } from '../domain/library-letter';
import { ResetTokens } from '../../identity/ports/password-resets';
import { Clock } from '../../shared/ids';
import { ProductFiles } from '../../delivery/ports/product-files';
import { STAMP_COPIES, isStamped } from '../../delivery/domain/stamped-copy';

/** What a guest order's confirmation needs to carry a library link: unguessable tokens, and the time. */
export interface LibraryKeys {
  readonly tokens: ResetTokens;
  readonly clock: Clock;
}

/** Where an order stands after the store heard from its provider. */
export type Settled =
  | { readonly kind: 'paid'; readonly order: Order }
  | { readonly kind: 'declined'; readonly order: Order; readonly reason: string; readonly retry?: boolean }
  | { readonly kind: 'pending'; readonly order: Order; readonly reason: string; readonly redirectUrl?: string }
  | { readonly kind: 'unavailable'; readonly order: Order; readonly reason: string }
  /** A provider's refund or reversal notice was recorded (or had been). */
  | { readonly kind: 'refunded'; readonly order: Order };

export const AMOUNT_MISMATCH = 'The payment does not match the order';
export const PAYMENT_SETTLED_ANOTHER_ORDER = 'This payment already settled another order';
export const NO_LONGER_WAITING = 'The order is no longer waiting for this payment';
export const REFERENCE_EXPIRED = 'The reference this payment was made against had expired';

/**
 * The one path from a provider's outcome to an order's state, whoever brought the outcome (the
 * buyer's capture, a webhook, a callback, reconciliation, the admin approving a transfer). Each
 * change is a transition of order-life.ts saved over the version it was computed from, so outcomes
 * racing for one order settle it once and send one confirmation.
 */
export class Settlement {
  constructor(
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly contact: StoreContact,
    private readonly library?: LibraryKeys,
    /** The products' own files (issue 19): a product with one is delivered at payment, as one with a link. */
    private readonly files?: Pick<ProductFiles, 'ofProducts'>,
  ) {}

  async apply(order: Order, outcome: PaymentOutcome): Promise<Settled | DomainError> {
    switch (outcome.kind) {
      case 'paid':
        // Only the provider's word on the amount counts, and it must be the total the store asked.
        if (!equals(outcome.amount, order.total)) return invalid(AMOUNT_MISMATCH);
        return this.pay(order, outcome.paymentId);
      case 'declined': {
        // A decline the buyer may retry at the provider (another card) leaves the order open.
        const now = outcome.retry ? order : await this.fail(order);
        return now.status === 'paid' ? { kind: 'paid', order: now } : { ...outcome, order: now };
      }
      case 'pending':
      case 'unavailable':
        return { ...outcome, order };
    }
  }

  /**
   * Paid, with its confirmation queued and the bought products out of the buyer's cart, all in one
   * unit; delivered at once when every product has a download link. `also` adds the caller's own
   * writes to that unit (the admin's audit entry when an approval pays).
   */
  async pay(
    order: Order,
    paymentId: string,
    also: (tx: OrderWork, saved: Order) => Promise<void> = async () => {},
    transition: typeof paid = paid,
  ): Promise<Settled | DomainError> {
    const { delivered, stamped } = await this.deliveryOf(order);
    const result = await changeOrder(this.orders, this.work, order, (now) => transition(now, paymentId, delivered), async (tx, saved) => {
      await tx.queueMail(MAIL.confirmation(saved.id), confirmationOf(saved, this.contact, await this.libraryLinkFor(tx, saved), stamped));
      // The buyer's own copies of its PDFs and EPUBs: made by a job that exists only if this unit commits.
      if (stamped) await tx.jobs.enqueue(STAMP_COPIES, { orderId: saved.id }, { key: saved.id });
      const owner = saved.userId;
      if (owner !== undefined) for (const line of saved.lines) await tx.removeFromCart(owner, line.productId);
      await also(tx, saved);
    });
    if (result.kind === 'missing') return notFound(ORDER_NOT_FOUND);
    if (result.kind === 'changed') return { kind: 'paid', order: result.order };
    if (result.why === 'expired') return conflict(REFERENCE_EXPIRED);
    if (result.why === 'already') return { kind: 'paid', order: result.order };
    if (result.why === 'not-pending') return conflict(NO_LONGER_WAITING);
    // Unchanged and unpaid: the payment id belongs to another order (a replay).
    return conflict(PAYMENT_SETTLED_ANOTHER_ORDER);
  }

  /** Pending to failed, once; the order as it is afterwards. */
  async fail(order: Order): Promise<Order> {
    const result = await changeOrder(this.orders, this.work, order, failed);
    return result.kind === 'missing' ? order : result.order;
  }

  /** A guest has no profile: their confirmation carries a new link to their library, kept in the same unit. */
  private async libraryLinkFor(tx: OrderWork, order: Order): Promise<string | undefined> {
    if (!isGuestOrder(order) || !this.library) return undefined;
    const { token, hash } = this.library.tokens.issue();
    const issuedAt = this.library.clock.now();
    await tx.keepLibraryLink({ tokenHash: hash, email: order.buyerEmail, issuedAt, expiresAt: new Date(issuedAt.getTime() + LIBRARY_LINK_LIFETIME_MS) });
    return libraryLinkOf(token, this.contact, languageOf(order.language));
  }

  /** Whether every product can be downloaded at once (a file of its own or a link), and whether any file gets the buyer's stamp. */
  private async deliveryOf(order: Order): Promise<{ delivered: boolean; stamped: boolean }> {
    const secrets = await Promise.all(order.lines.map((line) => this.orders.secretsOf(order.id, line.productId)));
    const files = (await this.files?.ofProducts(order.lines.map((l) => l.productId))) ?? [];
    const withFiles = new Set(files.map((f) => f.productId));
    const delivered = order.lines.every((line, i) => withFiles.has(line.productId) || Boolean(secrets[i]?.producturl.trim()));
    return { delivered, stamped: delivered && files.some(isStamped) };
  }
}
