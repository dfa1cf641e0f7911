import { Knex } from 'knex';
import { queueMail } from './knex-outbox';
import { Actor, entryOf } from '../../core/audit/domain/audit';
import { Paging, offsetOf } from '../../core/shared/paging';
import { ProductSecrets } from '../../core/catalog/domain/product';
import { Order } from '../../core/ordering/domain/order';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { DownloadRecord, NewOrder, Orders, SettledPayment } from '../../core/ordering/ports/orders';
import { ProviderName } from '../../core/ordering/ports/payment-gateway';
import { recordAudit } from './knex-audit-log';
import { OrderLineRow, OrderRow, toLineRows, toOrder, toOrderRow } from './order-rows';
import { toCount } from './product-rows';

/** The outbox row of an order's confirmation: its id makes a second one impossible. */
export const confirmationId = (orderId: string) => `order-paid-${orderId}`;
/** Likewise for the notice that the admin delivered it. */
export const deliveryNoticeId = (orderId: string) => `order-delivered-${orderId}`;

/** pg and PGlite both name the violated constraint (knex's message quotes the SQL, so not that). */
const isPaymentIdTaken = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && e.constraint === 'orders_payment_id_key';
};

/**
 * Orders in PostgreSQL (or PGlite). No write here touches cache_changes: settling an order must not
 * make every shopper's cached pages stale.
 */
export class KnexOrders implements Orders {
  constructor(private readonly db: Knex) {}

  async add(order: NewOrder): Promise<Order> {
    // PGlite has one connection: inside the transaction, only `trx`.
    await this.db.transaction(async (trx) => {
      await trx('orders').insert(toOrderRow(order));
      if (order.lines.length) await trx('order_lines').insert(toLineRows(order));
    });
    return { ...order, status: 'pending', delivered: false };
  }

  async started(id: string, reference: string): Promise<void> {
    await this.db('orders').where({ id, status: 'pending' }).whereNull('reference').update({ reference });
  }

  async findById(id: string): Promise<Order | undefined> {
    const [order] = await this.withLines(this.db('orders').where({ id }));
    return order;
  }

  async findByReference(provider: ProviderName, reference: string): Promise<Order | undefined> {
    const [order] = await this.withLines(this.db('orders').where({ method: provider, reference }));
    return order;
  }

  /**
   * One statement: the conditional update and the outbox row it implies commit together or not at
   * all. Concurrent callers queue on the order's row lock and find it paid when their turn comes.
   */
  async markPaid(id: string, payment: SettledPayment, confirmation: OutgoingMail): Promise<'paid' | 'unchanged'> {
    try {
      const { rows } = await this.db.raw(
        `with paid as (
           update orders set status = 'paid', payment_id = ?, delivered = delivered or ?, paid_at = now()
           where id = ? and status <> 'paid' and not exists (select 1 from orders where payment_id = ?)
           returning id
         ), queued as (
           insert into outbox (id, recipient, subject, text_body, html_body)
           select ?, ?, ?, ?, ? from paid
           returning id
         )
         select count(*)::int as paid from queued`,
        [payment.paymentId, payment.delivered, id, payment.paymentId, confirmationId(id), confirmation.to, confirmation.subject, confirmation.text, confirmation.html],
      );
      return Number(rows[0]?.paid) > 0 ? 'paid' : 'unchanged';
    } catch (error) {
      // Two orders racing with one payment id: the unique constraint lets one through.
      if (isPaymentIdTaken(error)) return 'unchanged';
      throw error;
    }
  }

  async markFailed(id: string): Promise<'failed' | 'unchanged'> {
    const changed = await this.db('orders').where({ id, status: 'pending' }).update({ status: 'failed' });
    return changed > 0 ? 'failed' : 'unchanged';
  }

  async ofUser(userId: string): Promise<readonly Order[]> {
    return this.withLines(this.db('orders').where({ user_id: userId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]));
  }

  async unsettled(before: Date, limit: number): Promise<readonly Order[]> {
    return this.withLines(
      this.db('orders')
        .where({ status: 'pending' })
        .whereNotNull('reference')
        .where('created_at', '<', before)
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .limit(limit),
    );
  }

  async secretsOf(orderId: string, productId: string): Promise<ProductSecrets | undefined> {
    // No deleted_at filter: a product sold stays downloadable by its buyer after it leaves the catalogue.
    const row = await this.db('order_lines')
      .join('products', 'products.id', 'order_lines.product_id')
      .where({ 'order_lines.order_id': orderId, 'order_lines.product_id': productId })
      .first<{ product_url: string; download_pass: string } | undefined>('products.product_url', 'products.download_pass');
    return row && { producturl: row.product_url, downloadpass: row.download_pass };
  }

  async recordDownload(download: DownloadRecord): Promise<void> {
    await this.db('downloads').insert({ order_id: download.orderId, product_id: download.productId, user_id: download.userId, at: download.at });
  }

  private async withLines(query: Knex.QueryBuilder): Promise<Order[]> {
    const rows: OrderRow[] = await query.select('*');
    const lines = await this.linesOf(rows);
    return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
  }

  /** The lines of many orders in one query. */
  private async linesOf(orders: readonly { id: string }[]): Promise<Map<string, OrderLineRow[]>> {
    const byOrder = new Map<string, OrderLineRow[]>();
    if (!orders.length) return byOrder;
    const lines: OrderLineRow[] = await this.db('order_lines').whereIn('order_id', orders.map((o) => o.id));
    for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
    return byOrder;
  }

  /**
   * One statement, since this listing reads the database on every call: the page's ids from the
   * narrow index first (a deep offset walks only it), those orders with their accounts and their
   * lines (as JSON), and the count of every order, computed once for the statement.
   */
  async all(paging: Paging) {
    const { rows }: { rows: (OrderRow & { customer_username: string; customer_email: string; total: string | number; lines: OrderLineRow[] })[] } =
      await this.db.raw(
        `select o.*, u.username as customer_username, u.email as customer_email, (select count(*) from orders) as total,
           (select json_agg(l) from order_lines l where l.order_id = o.id) as lines
         from orders o join users u on u.id = o.user_id
         where o.id in (select id from orders order by created_at desc, id desc limit ? offset ?)
         order by o.created_at desc, o.id desc`,
        [paging.limit, offsetOf(paging)],
      );
    // Past the last page there is no row to carry the count.
    const total = rows[0] ? toCount(rows[0].total) : toCount((await this.db('orders').count<{ count: string }[]>({ count: '*' }))[0]?.count);
    const items = rows.map((row) => ({
      ...toOrder(row, row.lines ?? []),
      customer: { username: row.customer_username, email: row.customer_email },
    }));
    return { items, total };
  }

  /**
   * A conditional update (paid and not delivered), so two admins marking at once deliver once and
   * record one entry; the entry commits with it. Only when nothing changed is the order read, to
   * say why.
   */
  markDelivered(id: string, by: Actor, notice: OutgoingMail): Promise<'delivered' | 'unchanged' | 'unpaid' | 'missing'> {
    return this.db.transaction(async (trx) => {
      const changed = await trx('orders').where({ id, status: 'paid', delivered: false }).update({ delivered: true, delivered_at: by.at });
      if (changed > 0) {
        await recordAudit(trx, entryOf(by, 'order-delivered', { subject: id }));
        await queueMail(trx, deliveryNoticeId(id), notice);
        return 'delivered' as const;
      }
      const order: Pick<OrderRow, 'status' | 'delivered'> | undefined = await trx('orders').where({ id }).first('status', 'delivered');
      if (!order) return 'missing' as const;
      return order.delivered || order.status === 'paid' ? ('unchanged' as const) : ('unpaid' as const);
    });
  }
}
