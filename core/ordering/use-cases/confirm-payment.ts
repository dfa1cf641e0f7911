import * as TE from 'fp-ts/TaskEither';
import { requireUser } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, conflict, invalid, isDomainError, notFound } from '../../shared/errors';
import { isId } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { ORDER_NOT_FOUND, Order } from '../domain/order';
import { started } from '../domain/order-life';
import { OrderReader, UnitOfWork } from '../ports/orders';
import { Gateways, PaymentNotice, ProviderName, RefundNotice, isRefundNotice } from '../ports/payment-gateway';
import { changeOrder } from './change-order';
import { OrderHolder, accountHolder, mayReach } from '../domain/order-access';
import { RefundOrder } from './refund-order';
import { Settled, Settlement } from './settlement';

/** The store's order id, or the provider's reference for it (PayPal's buttons know only theirs). */
export type OrderRef = { readonly orderId: string } | { readonly provider: ProviderName; readonly reference: string };

export const NO_PAYMENT_STARTED = 'No payment was started for this order';
export const NOTICE_NAMES_ANOTHER_ORDER = 'The payment notice names another order than the one it was signed for';

/**
 * Settles an order from whichever source speaks first: the buyer's capture, or a provider's notice
 * the HTTP edge has verified (webhook, callback, redirect). Repeats and races are harmless: the
 * order is paid once and the later callers get the same answer.
 */
export class ConfirmPayment {
  constructor(
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly gateways: Gateways,
    private readonly settlement: Settlement,
    private readonly refunds: RefundOrder,
  ) {}

  /** The buyer approved at the provider: settle it there (PayPal's capture). Only the order's owner may. */
  capture(user: User | undefined, ref: OrderRef): TE.TaskEither<DomainError, Settled> {
    const buyer = requireUser(user);
    return isDomainError(buyer) ? TE.left(buyer) : this.captureFor(accountHolder(buyer), ref);
  }

  /** The capture of whoever may reach the order (order-access.ts): a guest's checkout, too. */
  captureFor(holder: OrderHolder | undefined, ref: OrderRef): TE.TaskEither<DomainError, Settled> {
    return attempt(async () => {
      const order = await this.find(ref);
      // Someone else's order is answered as no order at all.
      if (!order || !mayReach(holder, order)) return notFound(ORDER_NOT_FOUND);
      if (order.status === 'paid') return { kind: 'paid', order };
      const gateway = order.method === 'free' ? undefined : this.gateways[order.method];
      if (!gateway || !order.reference) return invalid(NO_PAYMENT_STARTED);
      return this.settlement.apply(order, await gateway.settle(order.reference, order.id));
    });
  }

  /**
   * A notice `provider`'s gateway verified; an order of another provider or none at all is refused.
   * A refund or reversal takes back what it gave back (RefundOrder).
   */
  notice(provider: ProviderName, notice: PaymentNotice | RefundNotice): TE.TaskEither<DomainError, Settled> {
    if (isRefundNotice(notice)) return TE.map(({ order }: { order: Order }): Settled => ({ kind: 'refunded', order }))(this.refunds.noticed(provider, notice));
    return attempt(async () => {
      const order = await this.orderOf(provider, notice);
      return order ? this.settlement.apply(order, notice.outcome) : notFound(ORDER_NOT_FOUND);
    });
  }

  /**
   * The buyer's browser back from the provider with a verified notice (Paymob's redirect), settled
   * like any notice; the answer is paid only when this notice pays the order its signature names and
   * that order is paid now. A decline or a pending outcome is not a success, even for an order paid
   * since (an old redirect replayed). A notice naming, outside its signature, another order than the
   * signed one was replayed or altered: it settles nothing, or the buyer would read a success for an
   * order still unpaid.
   */
  returned(provider: ProviderName, notice: PaymentNotice | RefundNotice): TE.TaskEither<DomainError, Settled> {
    return attempt(async () => {
      if (isRefundNotice(notice)) return notFound(ORDER_NOT_FOUND);
      const order = await this.orderOf(provider, notice);
      if (!order) return notFound(ORDER_NOT_FOUND);
      if (notice.unsignedOrderId !== undefined && notice.unsignedOrderId !== order.id) return conflict(NOTICE_NAMES_ANOTHER_ORDER);
      const settled = await this.settlement.apply(order, notice.outcome);
      if (isDomainError(settled) || notice.outcome.kind === 'paid' || settled.kind !== 'paid') return settled;
      return { ...notice.outcome, order: settled.order };
    });
  }

  private async find(ref: OrderRef): Promise<Order | undefined> {
    if ('reference' in ref) return this.orders.findByReference(ref.provider, ref.reference);
    return isId(ref.orderId) ? this.orders.findById(ref.orderId) : undefined;
  }

  /**
   * By the provider's reference; or by the order id its signature covers, for an order whose
   * reference the store never wrote (stopped between the provider's answer and its own write): kept
   * now. An order id outside the signature never finds an order.
   */
  private async orderOf(provider: ProviderName, notice: PaymentNotice): Promise<Order | undefined> {
    const known = await this.orders.findByReference(provider, notice.reference);
    if (known || !notice.orderId || !isId(notice.orderId)) return known;
    const order = await this.orders.findById(notice.orderId);
    if (!order || order.method !== provider || order.reference !== undefined) return undefined;
    const kept = await changeOrder(this.orders, this.work, order.id, (now) => started(now, notice.reference));
    return kept.kind === 'missing' || kept.order.reference !== notice.reference ? undefined : kept.order;
  }
}
