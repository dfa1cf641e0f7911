import { Readable } from 'stream';
import { pipe } from 'fp-ts/function';
import * as TE from 'fp-ts/TaskEither';
import { customerOrdersAnswer } from '../../../api/admin';
import { orderTimelineAnswer } from '../../../api/admin-orders';
import { OrderFilterInput } from '../../../core/ordering/domain/order-filter';
import { FindOrders } from '../../../core/ordering/use-cases/find-orders';
import { PaymentsByHand } from '../../../core/ordering/use-cases/payments-by-hand';
import { toDecimal } from '../../../core/shared/money';
import { On } from '../calls';
import { refuse, respond } from '../respond';
import { currentUser } from '../session';
import { byCustomer, toAdminOrder } from './admin';

export interface AdminOrderUseCases {
  readonly findOrders: FindOrders;
  readonly paymentsByHand: PaymentsByHand;
}

const filterOf = (q: OrderFilterInput): OrderFilterInput => ({
  q: q.q,
  status: q.status,
  provider: q.provider,
  method: q.method,
  currency: q.currency,
  from: q.from,
  to: q.to,
});

/** Customer Orders with its filters, their CSV, and an order's timeline (issue 21): admins only, checked in FindOrders. */
export const adminOrderRoutes = (on: On, { findOrders, paymentsByHand }: AdminOrderUseCases) => {
  on('customerOrders', async (ctx, { query: q }) => {
    const page = pipe(
      findOrders.search(await currentUser(ctx), filterOf(q), q.page, q.limit),
      TE.chain((p) => TE.fromTask(async () => ({ ...p, receipts: await paymentsByHand.receiptsOf(p.items.map((order) => order.id)) }))),
    );
    await respond(ctx, page, customerOrdersAnswer, (p) => ({
      usersOrders: byCustomer(p.items, p.receipts),
      page: q.page,
      totalPages: p.totalPages,
      total: p.total,
      ...(p.more ? { more: true } : {}),
    }));
  });

  // Streamed a batch at a time: Koa pipes the lines as the database gives them, never the whole file.
  on('exportOrders', async (ctx, { query: q }) => {
    const lines = await findOrders.exportCsv(await currentUser(ctx), filterOf(q))();
    if (lines._tag === 'Left') return refuse(ctx, lines.left);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment('orders.csv');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Readable.from(lines.right);
  });

  on('orderTimeline', async (ctx) => {
    await respond(ctx, findOrders.timeline(await currentUser(ctx), ctx.params.orderId), orderTimelineAnswer, ({ order, events }) => ({
      order: toAdminOrder({ ...order, customer: { username: '', email: order.buyerEmail } }),
      events: events.map((e) => ({
        at: e.at,
        kind: e.kind,
        ...(e.productId ? { productId: e.productId } : {}),
        ...(e.amount ? { amount: toDecimal(e.amount) } : {}),
        ...(e.detail ? { detail: e.detail } : {}),
      })),
    }));
  });
};
