import * as TE from 'fp-ts/TaskEither';
import { Actor, entryOf } from '../../audit/domain/audit';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, conflict, invalid, isDomainError, notFound, unavailable } from '../../shared/errors';
import { Clock, IdGenerator, isId } from '../../shared/ids';
import { money } from '../../shared/money';
import { attempt } from '../../shared/task';
import { MAIL, StoreContact, refundLetterOf } from '../domain/confirmation';
import { ORDER_NOT_FOUND, Order, isPaid } from '../domain/order';
import { refundOf, refunded, refundedAtProvider } from '../domain/order-life';
import { OrderReader, RefundLedger, RefundRecord, UnitOfWork } from '../ports/orders';
import { Gateways, ProviderName, RefundNotice } from '../ports/payment-gateway';
import { changeOrder } from './change-order';

export const NOTHING_PAID = 'Nothing was paid for this order: there is nothing to refund';
export const ONLY_PAID_REFUNDED = 'Only a paid order can be refunded';
export const NOT_IN_ORDER = 'A product to refund is not in this order';
export const ALREADY_REFUNDED = 'Every product named was refunded already';
export const REFUND_UNDER_WAY = 'A refund of this order is under way: wait for it to finish';
export const REFUND_RETRY_LATER = 'The payment provider could not be reached. The refund will be tried again shortly.';

/** What a refund did: the order as it is now. */
export interface Refunded {
  readonly order: Order;
}

/** Thrown inside a unit of work to undo it: the refund was closed by someone else (a provider's notice) meanwhile. */
class ClosedElsewhere extends Error {}

/**
 * Money back to the buyer (issue 18): the owner refunds a paid order, whole or chosen lines, through
 * the order's provider; a provider's own refund or reversal notice does the same. The refunded
 * lines lose their downloads at once. The refund is kept before the provider is asked, with a key
 * the provider sees on every attempt, so a second refund at once is refused and a refund whose
 * answer was lost (the app stopped) is asked again with the same key and recorded once.
 */
export class RefundOrder {
  constructor(
    private readonly orders: OrderReader,
    private readonly ledger: RefundLedger,
    private readonly work: UnitOfWork,
    private readonly gateways: Gateways,
    private readonly contact: StoreContact,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** The owner's refund of `productIds` (every line still owned when none are named). */
  refund(user: User | undefined, orderId: string, productIds?: readonly string[]): TE.TaskEither<DomainError, Refunded> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      if (!order) return notFound(ORDER_NOT_FOUND);
      if (order.method === 'free') return invalid(NOTHING_PAID);
      if (!isPaid(order) || !order.paymentId || !order.reference) return conflict(ONLY_PAID_REFUNDED);
      if (productIds?.some((id) => !order.lines.some((line) => line.productId === id))) return invalid(NOT_IN_ORDER);
      const { lines, amount } = refundOf(order, productIds);
      if (!lines.length) return invalid(ALREADY_REFUNDED);
      const record: RefundRecord = {
        key: this.ids.next(),
        orderId: order.id,
        productIds: lines.map((line) => line.productId),
        amount,
        requestedBy: admin.id,
        requestedAt: this.clock.now(),
      };
      if ((await this.ledger.request(record)) === 'busy') return conflict(REFUND_UNDER_WAY);
      return this.ask(order, record, { id: admin.id, username: admin.username, at: record.requestedAt });
    });
  }

  /** A verified refund or reversal notice of `provider`: the same as the owner's refund, once, whichever comes first. */
  noticed(provider: ProviderName, notice: RefundNotice): TE.TaskEither<DomainError, Refunded> {
    return attempt(async () => {
      const order = await this.orders.findByPaymentId(provider, notice.paymentId);
      if (!order) return notFound(ORDER_NOT_FOUND);
      const soFar = notice.refundedSoFar?.minor ?? order.total.minor;
      // The store's own refund under way, now done at the provider: recorded with its lines.
      const asked = await this.ledger.underWay(order.id);
      if (asked && order.refunded.minor + asked.amount.minor <= soFar) await this.complete(asked, `noticed:${notice.paymentId}`);
      let before = order.refunded;
      const atProvider = (now: Order) => {
        before = now.refunded;
        return refundedAtProvider(now, notice.refundedSoFar);
      };
      const result = await changeOrder(this.orders, this.work, order.id, atProvider, async (tx, saved) => {
        const amount = money(saved.refunded.minor - before.minor, saved.currency);
        const taken = saved.lines.filter((line) => line.refunded).map((line) => line.productId);
        await tx.queueMail(MAIL.refund(`${notice.paymentId}-${saved.refunded.minor}`), refundLetterOf(saved, taken, amount, this.contact));
      });
      if (result.kind === 'missing') return notFound(ORDER_NOT_FOUND);
      return { order: result.order };
    });
  }

  /** Refunds asked for before `before` whose answer never came back: asked again, with the same key. */
  async retryStuck(before: Date, limit: number): Promise<number> {
    let retried = 0;
    for (const record of await this.ledger.stuck(before, limit)) {
      const order = await this.orders.findById(record.orderId);
      if (order && !isDomainError(await this.ask(order, record))) retried++;
    }
    return retried;
  }

  private async ask(order: Order, record: RefundRecord, by?: Actor): Promise<Refunded | DomainError> {
    const gateway = order.method === 'free' ? undefined : this.gateways[order.method];
    if (!gateway || !order.paymentId || !order.reference) return unavailable(REFUND_RETRY_LATER);
    const outcome = await gateway.refund({
      reference: order.reference,
      paymentId: order.paymentId,
      paid: order.total,
      amount: record.amount,
      refundKey: record.key,
      method: order.paymentMethod,
    });
    switch (outcome.kind) {
      case 'refunded':
        return { order: await this.complete(record, outcome.refundId, by) };
      case 'refused':
        await this.ledger.close(record.key, 'refused', outcome.reason);
        return invalid(outcome.reason);
      case 'unavailable':
        // Left as requested: the reconciliation asks again with the same key.
        return unavailable(REFUND_RETRY_LATER);
    }
  }

  /** The refund done at the provider: its lines lose their downloads, the buyer is told, the owner's action logged. */
  private async complete(record: RefundRecord, refundId: string, by?: Actor): Promise<Order> {
    try {
      const result = await changeOrder(this.orders, this.work, record.orderId, (order) => refunded(order, record.productIds, record.amount), async (tx, saved) => {
        if (!(await tx.refunds.close(record.key, 'done', refundId))) throw new ClosedElsewhere();
        await tx.queueMail(MAIL.refund(record.key), refundLetterOf(saved, record.productIds, record.amount, this.contact));
        const detail = { amount: record.amount.minor, currency: record.amount.currency, products: [...record.productIds], refundId };
        if (by) await tx.audit(entryOf(by, 'order-refunded', { subject: record.orderId, detail }));
      });
      // Not refundable any more (a provider's notice recorded it whole): the refund is over all the same.
      if (result.kind !== 'changed') await this.ledger.close(record.key, 'done', refundId);
    } catch (error) {
      if (!(error instanceof ClosedElsewhere)) throw error;
    }
    return (await this.orders.findById(record.orderId))!;
  }
}
