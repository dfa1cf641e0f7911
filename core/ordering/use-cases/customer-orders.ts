import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { Clock, isId } from '../../shared/ids';
import { DomainError, conflict, isDomainError, notFound } from '../../shared/errors';
import { PageOf, pageOf, paging } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { ORDER_NOT_FOUND } from '../domain/order';
import { StoreContact, deliveryNoticeOf } from '../domain/confirmation';
import { CustomerOrder, Orders } from '../ports/orders';

export const NOT_PAID = 'Only a paid order can be delivered';

/**
 * The admin's 'Customer Orders' (spec sections 2 and 4): every user's orders, and delivery from
 * pending to delivered only (DECISIONS 13). Each method refuses anyone but an admin itself.
 */
export class CustomerOrders {
  constructor(
    private readonly orders: Orders,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
  ) {}

  list(user: User | undefined, page: number, limit: number): TE.TaskEither<DomainError, PageOf<CustomerOrder>> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      const { items, total } = await this.orders.all(p.right);
      return pageOf(items, total, p.right);
    });
  }

  /**
   * Delivers a paid order and e-mails its buyer that the downloads are ready. Marking a delivered
   * order again changes nothing and is no error.
   */
  markDelivered(user: User | undefined, orderId: string): TE.TaskEither<DomainError, 'delivered' | 'unchanged'> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      if (!order) return notFound(ORDER_NOT_FOUND);
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      const result = await this.orders.markDelivered(order.id, by, deliveryNoticeOf({ ...order, delivered: true }, this.contact));
      if (result === 'missing') return notFound(ORDER_NOT_FOUND);
      return result === 'unpaid' ? conflict(NOT_PAID) : result;
    });
  }
}
