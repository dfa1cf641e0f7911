import { Carts } from '../../../core/cart/ports';
import { OrderWork, RefundLedger, RefundRecord, UnitOfWork } from '../../../core/ordering/ports/orders';
import { MemoryAuditLog } from './memory-audit-log';
import { MemoryCoupons } from './memory-coupons';
import { MemoryJobs } from './memory-jobs';
import { MemoryOrders } from './memory-orders';

/** The in-memory twin of KnexRefundLedger. */
export class MemoryRefundLedger implements RefundLedger {
  refunds = new Map<string, { readonly record: RefundRecord; readonly state: 'requested' | 'done' | 'refused'; readonly detail?: string; readonly closedAt?: string }>();

  async request(refund: RefundRecord): Promise<'requested' | 'busy'> {
    if (this.refunds.has(refund.key) || [...this.refunds.values()].some((r) => r.record.orderId === refund.orderId && r.state === 'requested')) return 'busy';
    this.refunds.set(refund.key, { record: refund, state: 'requested' });
    return 'requested';
  }

  async close(key: string, state: 'done' | 'refused', detail: string): Promise<boolean> {
    const refund = this.refunds.get(key);
    if (refund?.state !== 'requested') return false;
    this.refunds.set(key, { ...refund, state, detail, closedAt: new Date().toISOString() });
    return true;
  }

  async underWay(orderId: string) {
    return [...this.refunds.values()].find((r) => r.record.orderId === orderId && r.state === 'requested')?.record;
  }

  async stuck(before: Date, limit: number) {
    return [...this.refunds.values()]
      .filter((r) => r.state === 'requested' && r.record.requestedAt < before)
      .slice(0, limit)
      .map((r) => r.record);
  }

  checkpoint(): () => void {
    const refunds = new Map(this.refunds);
    return () => void (this.refunds = refunds);
  }
}

/**
 * The in-memory twin of KnexUnitOfWork: units run one at a time (as rows locked by a transaction
 * would make them wait), and a unit that throws is undone, its orders, refunds, e-mails and audit
 * entries put back as they were, its jobs unqueued. The cart's removals are not undone: a product that left a cart
 * with a payment that did not commit only needs adding again, and the twin has no rollback for it.
 */
export class MemoryUnitOfWork implements UnitOfWork {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly orders: MemoryOrders,
    private readonly refunds: MemoryRefundLedger,
    private readonly carts: Pick<Carts, 'remove'>,
    private readonly audit: MemoryAuditLog,
    private readonly jobs: MemoryJobs = new MemoryJobs([]),
    readonly coupons: MemoryCoupons = new MemoryCoupons(),
  ) {}

  run<T>(work: (tx: OrderWork) => Promise<T>): Promise<T> {
    const mine = this.turn.then(() => this.once(work));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async once<T>(work: (tx: OrderWork) => Promise<T>): Promise<T> {
    const undo = [this.orders.checkpoint(), this.refunds.checkpoint(), this.audit.checkpoint(), this.jobs.checkpoint(), this.coupons.checkpoint()];
    try {
      return await work({
        orders: this.orders,
        refunds: this.refunds,
        coupons: this.coupons,
        queueMail: async (id, mail) => this.orders.queue({ id, mail, at: new Date() }),
        audit: async (entry) => this.audit.record(entry),
        removeFromCart: (userId, productId) => this.carts.remove(userId, productId),
        keepLibraryLink: async (link) => this.orders.keepLibraryLink(link),
        jobs: this.jobs,
      });
    } catch (error) {
      undo.forEach((back) => back());
      throw error;
    }
  }
}
