import { Knex } from 'knex';
import { OrderWork, RefundLedger, RefundRecord, UnitOfWork } from '../../core/ordering/ports/orders';
import { Jobs } from '../../core/shared/jobs';
import { money } from '../../core/shared/money';
import { recordAudit } from './knex-audit-log';
import { KnexCarts } from './knex-carts';
import { KnexCoupons } from './knex-coupons';
import { KnexOrders } from './knex-orders';
import { keepLibraryLink } from './knex-guest-library';
import { queueMail } from './knex-outbox';
import { toCount } from './product-rows';

interface RefundRow {
  key: string;
  order_id: string;
  product_ids: string[];
  amount_minor: string | number;
  currency: 'USD' | 'EGP';
  requested_by: string;
  requested_at: Date | string;
}

const toRefund = (row: RefundRow): RefundRecord => ({
  key: row.key,
  orderId: row.order_id,
  productIds: row.product_ids,
  amount: money(toCount(row.amount_minor), row.currency),
  requestedBy: row.requested_by,
  requestedAt: new Date(row.requested_at),
});

/** Refunds in PostgreSQL: one under way per order (a partial unique index), closed once. */
export class KnexRefundLedger implements RefundLedger {
  constructor(private readonly db: Knex) {}

  async request(refund: RefundRecord): Promise<'requested' | 'busy'> {
    const { rows } = await this.db.raw(
      `insert into refunds (key, order_id, product_ids, amount_minor, currency, requested_by, requested_at)
       values (?, ?, ?::jsonb, ?, ?, ?, ?) on conflict do nothing returning key`,
      [refund.key, refund.orderId, JSON.stringify(refund.productIds), refund.amount.minor, refund.amount.currency, refund.requestedBy, refund.requestedAt],
    );
    return rows.length ? 'requested' : 'busy';
  }

  async close(key: string, state: 'done' | 'refused', detail: string): Promise<boolean> {
    const changed = await this.db('refunds').where({ key, state: 'requested' }).update({ state, detail: detail.slice(0, 500), closed_at: this.db.fn.now() });
    return changed > 0;
  }

  async underWay(orderId: string): Promise<RefundRecord | undefined> {
    const row: RefundRow | undefined = await this.db('refunds').where({ order_id: orderId, state: 'requested' }).first();
    return row && toRefund(row);
  }

  async stuck(before: Date, limit: number): Promise<readonly RefundRecord[]> {
    const rows: RefundRow[] = await this.db('refunds').where({ state: 'requested' }).where('requested_at', '<', before).orderBy('requested_at').limit(limit);
    return rows.map(toRefund);
  }
}

/** Without a job queue (repository tests), a unit that enqueues says so. */
const noQueue = {
  within: (): Jobs => ({
    enqueue: () => Promise.reject(new Error('This unit of work was made without a job queue')),
  }),
};

/** The transaction seam on PostgreSQL: every write of a unit in one transaction (PGlite: `trx` only, never the base knex). */
export class KnexUnitOfWork implements UnitOfWork {
  constructor(
    private readonly db: Knex,
    /** The job queue (pg-boss-jobs.ts) as seen from a transaction: jobs sent there commit with it. */
    private readonly queue: { within(trx: Knex.Transaction): Jobs } = noQueue,
  ) {}

  run<T>(work: (tx: OrderWork) => Promise<T>): Promise<T> {
    return this.db.transaction((trx) =>
      work({
        orders: new KnexOrders(trx),
        refunds: new KnexRefundLedger(trx),
        coupons: new KnexCoupons(trx),
        queueMail: async (id, mail, dueAt) => void (await queueMail(trx, id, mail, dueAt)),
        audit: async (entry) => void (await recordAudit(trx, entry)),
        removeFromCart: (userId, productId) => new KnexCarts(trx).remove(userId, productId),
        keepLibraryLink: (link) => keepLibraryLink(trx, link),
        jobs: this.queue.within(trx),
      }),
    );
  }
}
