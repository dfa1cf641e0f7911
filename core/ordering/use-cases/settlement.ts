import { DomainError, conflict, invalid } from '../../shared/errors';
import { equals } from '../../shared/money';
import { StoreContact, confirmationOf } from '../domain/confirmation';
import { Order } from '../domain/order';
import { Orders } from '../ports/orders';
import { Carts } from '../../cart/ports';
import { PaymentOutcome } from '../ports/payment-gateway';

/** Where an order stands after the store heard from its provider. */
export type Settled =
  | { readonly kind: 'paid'; readonly order: Order }
  | { readonly kind: 'declined'; readonly order: Order; readonly reason: string; readonly retry?: boolean }
  | { readonly kind: 'pending'; readonly order: Order; readonly reason: string; readonly redirectUrl?: string }
  | { readonly kind: 'unavailable'; readonly order: Order; readonly reason: string };

export const AMOUNT_MISMATCH = 'The payment does not match the order';
export const PAYMENT_SETTLED_ANOTHER_ORDER = 'This payment already settled another order';

/**
 * The one path from a provider's outcome to an order's state, whoever brought the outcome (the
 * buyer's capture, a webhook, a callback, reconciliation). Every change is a conditional write of
 * Orders, so outcomes racing for one order settle it once and send one confirmation.
 */
export class Settlement {
  constructor(
    private readonly orders: Orders,
    private readonly carts: Carts,
    private readonly contact: StoreContact,
  ) {}

  async apply(order: Order, outcome: PaymentOutcome): Promise<Settled | DomainError> {
    switch (outcome.kind) {
      case 'paid':
        // Only the provider's word on the amount counts, and it must be the total the store asked.
        if (!equals(outcome.amount, order.total)) return invalid(AMOUNT_MISMATCH);
        return this.pay(order, outcome.paymentId);
      case 'declined': {
        // A decline the buyer may retry at the provider (another card) leaves the order open.
        if (!outcome.retry) await this.orders.markFailed(order.id);
        const now = await this.current(order);
        return now.status === 'paid' ? { kind: 'paid', order: now } : { ...outcome, order: now };
      }
      case 'pending':
      case 'unavailable':
        return { ...outcome, order };
    }
  }

  /** Marks the order paid with its confirmation; delivered at once when every product has a download link. */
  async pay(order: Order, paymentId: string): Promise<Settled | DomainError> {
    const delivered = await this.allDownloadable(order);
    const confirmation = confirmationOf({ ...order, status: 'paid', delivered, paymentId }, this.contact);
    const marked = await this.orders.markPaid(order.id, { paymentId, delivered }, confirmation);
    // What the buyer now owns leaves their cart (a paid cart order empties it).
    if (marked === 'paid') for (const line of order.lines) await this.carts.remove(order.userId, line.productId);
    const now = await this.current(order);
    // 'unchanged' with the order still unpaid: the payment id belongs to another order (a replay).
    return now.status === 'paid' ? { kind: 'paid', order: now } : conflict(PAYMENT_SETTLED_ANOTHER_ORDER);
  }

  private async allDownloadable(order: Order): Promise<boolean> {
    const secrets = await Promise.all(order.lines.map((line) => this.orders.secretsOf(order.id, line.productId)));
    return secrets.every((s) => Boolean(s?.producturl.trim()));
  }

  private async current(order: Order): Promise<Order> {
    return (await this.orders.findById(order.id)) ?? order;
  }
}
