import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { Clock, isId } from '../../shared/ids';
import { DomainError, conflict, isDomainError, notFound } from '../../shared/errors';
import { PageOf, pageOf, paging } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { ORDER_NOT_FOUND, Order } from '../domain/order';
import { MAIL, StoreContact, deliveryNoticeOf } from '../domain/confirmation';
import { entryOf } from '../../audit/domain/audit';
import { delivered } from '../domain/order-life';
import { CustomerOrder, OrderReader, UnitOfWork } from '../ports/orders';
import { changeOrder } from './change-order';
import { ProductFiles } from '../../delivery/ports/product-files';

export const NOT_PAID = 'Only a paid order can be delivered';

/**
 * The admin's 'Customer Orders' (spec sections 2 and 4): every user's orders, and delivery from
 * pending to delivered only (DECISIONS 13). Each method refuses anyone but an admin itself.
 */
export class CustomerOrders {
  constructor(
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
    /** The products' own files (issue 19): with neither a file nor a link, the notice promises no downloads. */
    private readonly files?: Pick<ProductFiles, 'ofProducts'>,
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
      if (!isId(orderId)) return notFound(ORDER_NOT_FOUND);
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      // Read before the unit: inside it, PGlite's one connection is the transaction's.
      const current = await this.orders.findById(orderId);
      const hasDownloads = current ? await this.hasDownloads(current) : true;
      // Two admins marking at once deliver once, with one entry and one notice.
      const result = await changeOrder(this.orders, this.work, orderId, delivered, async (tx, order) => {
        await tx.audit(entryOf(by, 'order-delivered', { subject: order.id }));
        await tx.queueMail(MAIL.delivered(order.id), deliveryNoticeOf(order, this.contact, hasDownloads));
      });
      if (result.kind === 'missing') return notFound(ORDER_NOT_FOUND);
      if (result.kind === 'changed') return 'delivered';
      return result.why === 'already' ? 'unchanged' : conflict(NOT_PAID);
    });
  }

  /** Whether any of the order's products has a file or a link to download (else it is delivered elsewhere). */
  private async hasDownloads(order: Order): Promise<boolean> {
    if (((await this.files?.ofProducts(order.lines.map((l) => l.productId))) ?? []).length > 0) return true;
    const secrets = await Promise.all(order.lines.map((line) => this.orders.secretsOf(order.id, line.productId)));
    return secrets.some((s) => Boolean(s?.producturl.trim()));
  }
}
