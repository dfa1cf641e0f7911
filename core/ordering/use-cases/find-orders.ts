import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError, notFound } from '../../shared/errors';
import { isId } from '../../shared/ids';
import { PageOf, cappedPageOf, countCapOf, pageOf, paging } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { ORDER_NOT_FOUND, Order } from '../domain/order';
import { ORDER_CSV_HEADER, orderCsvLine } from '../domain/order-export';
import { csvLine } from '../../shared/csv';
import { OrderCursor, OrderFilter, OrderFilterInput, isEmptyFilter, orderFilterOf } from '../domain/order-filter';
import { TimelineEvent, mailIdsOf, timelineOf } from '../domain/order-timeline';
import { OrderHistory } from '../ports/order-history';
import { CustomerOrder, OrderReader } from '../ports/orders';

/** A page of the orders found, and whether there are more than its total says (counted to a cap, countCapOf). */
export type FoundOrders = PageOf<CustomerOrder> & { readonly more: boolean };

/** How many orders an export reads at a time: its memory stays that of one batch, however many it writes. */
export const EXPORT_BATCH = 500;

/**
 * The admin's search of Customer Orders, its CSV export, and an order's timeline (issue 21). Each
 * method refuses anyone but an admin itself; none changes anything.
 */
export class FindOrders {
  constructor(
    private readonly orders: OrderReader,
    private readonly history: OrderHistory,
  ) {}

  search(user: User | undefined, input: OrderFilterInput, page: number, limit: number): TE.TaskEither<DomainError, FoundOrders> {
    return attempt(async () => {
      const checked = this.checked(user, input);
      if (isDomainError(checked)) return checked;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      // No filter: the spec's list as it was, counted exactly.
      if (isEmptyFilter(checked)) {
        const all = await this.orders.all(p.right);
        return { ...pageOf(all.items, all.total, p.right), more: false };
      }
      const cap = countCapOf(checked.text);
      const { items, total } = await this.orders.search(checked, p.right, cap);
      return cappedPageOf(items, total, p.right, cap);
    });
  }

  /**
   * The CSV of every order the filter picks, newest first, as lines to stream: read a batch at a
   * time after the last one given (a keyset), so neither the store's memory nor a batch's cost
   * grows with the number of orders. Rights and the filter are checked before the first line.
   */
  exportCsv(user: User | undefined, input: OrderFilterInput): TE.TaskEither<DomainError, AsyncIterable<string>> {
    return attempt(async () => {
      const checked = this.checked(user, input);
      if (isDomainError(checked)) return checked;
      return this.lines(checked);
    });
  }

  /** The order with its lines, and its life oldest first. */
  timeline(user: User | undefined, orderId: string): TE.TaskEither<DomainError, { readonly order: Order; readonly events: readonly TimelineEvent[] }> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(orderId)) return notFound(ORDER_NOT_FOUND);
      const order = await this.orders.findById(orderId);
      if (!order) return notFound(ORDER_NOT_FOUND);
      const facts = await this.history.factsOf(order.id, mailIdsOf(order.id));
      return { order, events: timelineOf(order, facts) };
    });
  }

  private checked(user: User | undefined, input: OrderFilterInput): OrderFilter | DomainError {
    const admin = requireAdmin(user);
    if (isDomainError(admin)) return admin;
    const filter = orderFilterOf(input);
    return E.isLeft(filter) ? filter.left : filter.right;
  }

  private async *lines(filter: OrderFilter): AsyncGenerator<string> {
    yield csvLine(ORDER_CSV_HEADER);
    let after: OrderCursor | undefined;
    for (;;) {
      const batch = await this.orders.searchAfter(filter, after, EXPORT_BATCH);
      for (const order of batch) yield orderCsvLine(order);
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
