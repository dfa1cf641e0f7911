import { Knex } from 'knex';
import { DownloadFact, MailFact, OrderFacts, OrderHistory, RefundFact } from '../../core/ordering/ports/order-history';
import { Currency, money } from '../../core/shared/money';

const iso = (at: Date | string | null | undefined): string | undefined => (at ? new Date(at).toISOString() : undefined);

/**
 * An order's life as the tables keep it (issue 21's order page): each read by the order's own index
 * (refunds_of_order, downloads_of_order, file_downloads_of_order; the outbox by its ids).
 */
export class KnexOrderHistory implements OrderHistory {
  constructor(private readonly db: Knex) {}

  async factsOf(orderId: string, mailIds: (refundKeys: readonly string[]) => readonly string[]): Promise<OrderFacts> {
    const order = await this.db('orders').where({ id: orderId }).first<{ paid_at: Date | null; delivered_at: Date | null } | undefined>('paid_at', 'delivered_at');
    const receipt = await this.db('payment_receipts').where({ order_id: orderId }).first<{ uploaded_at: Date } | undefined>('uploaded_at');
    const refundRows: { key: string; product_ids: string[]; amount_minor: string | number; currency: Currency; state: RefundFact['state']; detail: string | null; requested_at: Date; closed_at: Date | null }[] =
      await this.db('refunds').where({ order_id: orderId }).orderBy('requested_at');
    const linkDownloads: { product_id: string; at: Date }[] = await this.db('downloads').where({ order_id: orderId }).select('product_id', 'at');
    const fileDownloads: { product_id: string; at: Date; purpose: 'download' | 'read' }[] = await this.db('file_downloads')
      .where({ order_id: orderId, completed: true })
      .select('product_id', 'at', 'purpose');
    const mailRows: { id: string; recipient: string; subject: string; status: MailFact['status']; created_at: Date; sent_at: Date | null }[] = await this.db('outbox')
      .whereIn('id', [...mailIds(refundRows.map((r) => r.key))])
      .select('id', 'recipient', 'subject', 'status', 'created_at', 'sent_at');
    const paidAt = iso(order?.paid_at);
    const deliveredAt = iso(order?.delivered_at);
    const receiptAt = iso(receipt?.uploaded_at);
    return {
      ...(paidAt ? { paidAt } : {}),
      ...(deliveredAt ? { deliveredAt } : {}),
      ...(receiptAt ? { receiptAt } : {}),
      refunds: refundRows.map((r) => ({
        key: r.key,
        productIds: r.product_ids,
        amount: money(Number(r.amount_minor), r.currency),
        state: r.state,
        requestedAt: iso(r.requested_at)!,
        ...(r.closed_at ? { closedAt: iso(r.closed_at)! } : {}),
        ...(r.detail ? { detail: r.detail } : {}),
      })),
      downloads: [
        ...linkDownloads.map((d): DownloadFact => ({ productId: d.product_id, at: iso(d.at)!, purpose: 'link' })),
        ...fileDownloads.map((d): DownloadFact => ({ productId: d.product_id, at: iso(d.at)!, purpose: d.purpose })),
      ],
      mails: mailRows.map((m) => ({
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        status: m.status,
        queuedAt: iso(m.created_at)!,
        ...(m.sent_at ? { sentAt: iso(m.sent_at)! } : {}),
      })),
    };
  }
}
