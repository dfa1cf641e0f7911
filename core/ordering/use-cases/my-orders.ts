import * as TE from 'fp-ts/TaskEither';
import { requireUser } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError } from '../../shared/errors';
import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';
import { attempt } from '../../shared/task';
import { Order, OrderLine, OrderStatus, orderNumber } from '../domain/order';
import { Orders } from '../ports/orders';

/** An order as its owner sees it in the profile; no download link or password (DECISIONS 8). */
export interface MyOrder {
  readonly id: Id;
  readonly number: string;
  readonly status: OrderStatus;
  readonly delivered: boolean;
  readonly createdAt: string;
  readonly total: Money;
  readonly lines: readonly (OrderLine & {
    /** Delivered: the owner may open this product's download (OpenDownload, by order and product id). */
    readonly downloadable: boolean;
  })[];
}

const toMyOrder = (order: Order): MyOrder => ({
  id: order.id,
  number: orderNumber(order.id),
  status: order.status,
  delivered: order.delivered,
  createdAt: order.createdAt,
  total: order.total,
  lines: order.lines.map((line) => ({ ...line, downloadable: order.delivered && order.status === 'paid' })),
});

/** The signed-in user's orders, newest first. */
export class MyOrders {
  constructor(private readonly orders: Orders) {}

  list(user: User | undefined): TE.TaskEither<DomainError, readonly MyOrder[]> {
    return attempt(async () => {
      const owner = requireUser(user);
      return isDomainError(owner) ? owner : (await this.orders.ofUser(owner.id)).map(toMyOrder);
    });
  }
}
