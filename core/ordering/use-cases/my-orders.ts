import * as TE from 'fp-ts/TaskEither';
import { requireUser } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError, notFound } from '../../shared/errors';
import { Clock, Id, isId } from '../../shared/ids';
import { Money } from '../../shared/money';
import { attempt } from '../../shared/task';
import { ABANDON_AFTER_HOURS, ORDER_NOT_FOUND, Order, OrderLine, canDownload, OrderStatus, PurchaseState, orderNumber, purchaseStateOf, OrderCoupon } from '../domain/order';
import { OrderReader } from '../ports/orders';
import { OfflinePayment } from '../ports/payment-gateway';
import { OrderHolder, accountHolder, mayReach } from '../domain/order-access';

/**
 * An order as its owner sees it in the profile. A delivered product carries its download password
 * (DECISIONS 13: shown beside the link); its link stays on the server, behind OpenDownload.
 */
export interface MyOrder {
  readonly id: Id;
  readonly number: string;
  readonly status: OrderStatus;
  /** What the buyer's list says of it: an unpaid attempt is not a purchase. */
  readonly state: PurchaseState;
  readonly delivered: boolean;
  readonly createdAt: string;
  readonly total: Money;
  /** Given back so far. */
  readonly refunded: Money;
  /** The provider and its method: 'paymob' and 'kiosk'. */
  readonly method: string;
  readonly paymentMethod: string;
  /** Where and against what to pay, for an order paid away from the store. */
  readonly payAt?: OfflinePayment;
  /** The coupon used and what it took off (issue 21). */
  readonly coupon?: OrderCoupon;
  readonly lines: readonly (OrderLine & {
    /** Delivered: the owner may open this product's download (OpenDownload, by order and product id). */
    readonly downloadable: boolean;
    /** The file's password, for a downloadable product only. */
    readonly password?: string;
  })[];
}

const toMyOrder = async (order: Order, orders: OrderReader, now: Date, abandonAfterHours: number): Promise<MyOrder> => {
  const lines = await Promise.all(
    order.lines.map(async (line) => {
      const downloadable = canDownload(order, line);
      const password = downloadable ? (await orders.secretsOf(order.id, line.productId))?.downloadpass : undefined;
      return { ...line, downloadable, ...(password ? { password } : {}) };
    }),
  );
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    state: purchaseStateOf(order, now, abandonAfterHours),
    delivered: order.delivered,
    createdAt: order.createdAt,
    total: order.total,
    refunded: order.refunded,
    method: order.method,
    paymentMethod: order.paymentMethod,
    ...(order.payAt ? { payAt: order.payAt } : {}),
    ...(order.coupon ? { coupon: order.coupon } : {}),
    lines,
  };
};

/** The signed-in user's orders, as their profile and their payment's result page show them. */
export class MyOrders {
  constructor(
    private readonly orders: OrderReader,
    private readonly clock: Clock,
    private readonly abandonAfterHours = ABANDON_AFTER_HOURS,
  ) {}

  /** Newest first. */
  list(user: User | undefined): TE.TaskEither<DomainError, readonly MyOrder[]> {
    return attempt(async () => {
      const owner = requireUser(user);
      if (isDomainError(owner)) return owner;
      return this.listOf(await this.orders.ofUser(owner.id));
    });
  }

  /** A guest's library: the orders of its address not attached to an account, newest first. */
  library(email: string): TE.TaskEither<DomainError, readonly MyOrder[]> {
    return attempt(async () => this.listOf(await this.orders.ofGuest(email)));
  }

  private listOf(orders: readonly Order[]): Promise<readonly MyOrder[]> {
    const now = this.clock.now();
    return Promise.all(orders.map((order) => toMyOrder(order, this.orders, now, this.abandonAfterHours)));
  }

  /** One of them, by its id (the result page after a provider's redirect); anyone else's is no order at all. */
  one(user: User | undefined, orderId: string): TE.TaskEither<DomainError, MyOrder> {
    const owner = requireUser(user);
    return isDomainError(owner) ? TE.left(owner) : this.oneFor(accountHolder(owner), orderId);
  }

  /** One order its holder may reach (order-access.ts): an account's, a guest library's, a guest checkout's. */
  oneFor(holder: OrderHolder | undefined, orderId: string): TE.TaskEither<DomainError, MyOrder> {
    return attempt(async () => {
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      if (!order || !mayReach(holder, order)) return notFound(ORDER_NOT_FOUND);
      return toMyOrder(order, this.orders, this.clock.now(), this.abandonAfterHours);
    });
  }
}
