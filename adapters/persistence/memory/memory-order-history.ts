import { DownloadFact, OrderFacts, OrderHistory } from '../../../core/ordering/ports/order-history';
import { MemoryOrders } from './memory-orders';
import { MemoryDownloadLog } from './memory-product-files';
import { MemoryRefundLedger } from './memory-unit-of-work';

/** The in-memory twin of KnexOrderHistory, read from the other twins' own records. */
export class MemoryOrderHistory implements OrderHistory {
  constructor(
    private readonly orders: MemoryOrders,
    private readonly refunds: MemoryRefundLedger,
    private readonly fileDownloads: MemoryDownloadLog = new MemoryDownloadLog(),
    private readonly receiptAt: (orderId: string) => Promise<string | undefined> = async () => undefined,
  ) {}

  async factsOf(orderId: string, mailIds: (refundKeys: readonly string[]) => readonly string[]): Promise<OrderFacts> {
    const moments = this.orders.moments.get(orderId) ?? {};
    const refunds = [...this.refunds.refunds.values()].filter((r) => r.record.orderId === orderId);
    const ids = new Set(mailIds(refunds.map((r) => r.record.key)));
    const receiptAt = await this.receiptAt(orderId);
    const files = (await this.fileDownloads.ofOrder(orderId)).filter((d) => d.completed);
    return {
      ...(moments.paidAt ? { paidAt: moments.paidAt } : {}),
      ...(moments.deliveredAt ? { deliveredAt: moments.deliveredAt } : {}),
      ...(receiptAt ? { receiptAt } : {}),
      refunds: refunds.map(({ record, state, detail, closedAt }) => ({
        key: record.key,
        productIds: record.productIds,
        amount: record.amount,
        state,
        requestedAt: record.requestedAt.toISOString(),
        ...(closedAt ? { closedAt } : {}),
        ...(detail ? { detail } : {}),
      })),
      downloads: [
        ...this.orders.downloads.filter((d) => d.orderId === orderId).map((d): DownloadFact => ({ productId: d.productId, at: d.at.toISOString(), purpose: 'link' })),
        ...files.map((d): DownloadFact => ({ productId: d.productId, at: d.at.toISOString(), purpose: d.purpose })),
      ],
      mails: this.orders.queued
        .filter((q) => ids.has(q.id))
        .map((q) => ({ id: q.id, to: q.mail.to, subject: q.mail.subject, status: 'queued' as const, ...(q.at ? { queuedAt: q.at.toISOString() } : {}) })),
    };
  }
}
