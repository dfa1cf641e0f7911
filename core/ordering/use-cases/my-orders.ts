import * as TE from 'fp-ts/TaskEither';
import { requireUser } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError } from '../../shared/errors';
import { Id } from '../../shared/ids';
import { Money } from '../../shared/money';
import { attempt } from '../../shared/task';
import { Order, OrderLine, OrderStatus, orderNumber } from '../domain/order';
import { Orders } from '../ports/orders';

/**
 * An order as its owner sees it in the profile. A delivered product carries its download password
 * (DECISIONS 13: shown beside the link); its link stays on the server, behind OpenDownload.
 */
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
    /** The file's password, for a downloadable product only. */
    readonly password?: string;
  })[];
}

const toMyOrder = async (order: Order, orders: Orders): Promise<MyOrder> => {
  const downloadable = order.delivered && order.status === 'paid';
  const lines = await Promise.all(
    order.lines.map(async (line) => {
      const password = downloadable ? (await orders.secretsOf(order.id, line.productId))?.downloadpass : undefined;
      return { ...line, downloadable, ...(password ? { password } : {}) };
    }),
  );
  return { id: order.id, number: orderNumber(order.id), status: order.status, delivered: order.delivered, createdAt: order.createdAt, total: order.total, lines };
};

/** The signed-in user's orders, newest first. */
export class MyOrders {
  constructor(private readonly orders: Orders) {}

  list(user: User | undefined): TE.TaskEither<DomainError, readonly MyOrder[]> {
    return attempt(async () => {
      const owner = requireUser(user);
      if (isDomainError(owner)) return owner;
      return Promise.all((await this.orders.ofUser(owner.id)).map((order) => toMyOrder(order, this.orders)));
    });
  }
}
