import { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { Paging, offsetOf } from '../../core/shared/paging';
import { ProductSecrets } from '../../core/catalog/domain/product';
import { Order } from '../../core/ordering/domain/order';
import { CustomerOrder, DownloadRecord, NewOrder, OrderReader, OrderWriter, Saved } from '../../core/ordering/ports/orders';
import { ProviderName } from '../../core/ordering/ports/payment-gateway';
import { OrderCursor, OrderFilter } from '../../core/ordering/domain/order-filter';
import { OrderLineRow, OrderRow, toLineRows, toOrder, toOrderRow } from './order-rows';
import { Condition, TITLES_WALKED_FROM, TitlesFound, filterSql, titlesSoldSql } from './order-search-sql';
import { toCount } from './product-rows';

/** How many orders there are: the sum of migration 032's tally rows, a handful whatever the orders. */
const ORDERS_KEPT_COUNT = 'select coalesce(sum(orders), 0) as total from order_tally';

/** An order with its account's name and address and its lines (as JSON), as Customer Orders reads it. */
type CustomerOrderRow = OrderRow & { customer_username: string; customer_email: string; lines: OrderLineRow[] | null };
const toCustomerOrder = (row: CustomerOrderRow): CustomerOrder => ({
  ...toOrder(row, row.lines ?? []),
  customer: { username: row.customer_username, email: row.customer_email },
});

/** pg and PGlite both name the violated constraint (knex's message quotes the SQL, so not that). */
const isPaymentIdTaken = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && e.constraint === 'orders_payment_id_key';
};

/**
 * Orders in PostgreSQL (or PGlite), read and written; the writes run in a unit of work's transaction
 * (knex-unit-of-work.ts) when given one. No write here touches cache_changes: settling an order must
 * not make every shopper's cached pages stale.
 */
export class KnexOrders implements OrderReader, OrderWriter {
  /** `titlesWalkedFrom`: how many titles sold make a word common enough to walk the newest orders for (order-search-sql.ts). */
  constructor(
    private readonly db: Knex,
    private readonly titlesWalkedFrom = TITLES_WALKED_FROM,
  ) {}

  /** The texts many titles sold have, as the owner searches them again (paging, exporting). */
  private readonly walked = new LRUCache<string, true>({ max: 256 });

  async add(order: NewOrder): Promise<Order> {
    // PGlite has one connection: inside the transaction, only `trx`.
    await this.db.transaction(async (trx) => {
      await trx('orders').insert(toOrderRow(order));
      if (order.lines.length) await trx('order_lines').insert(toLineRows(order));
    });
    return { ...order, status: 'pending', delivered: false, refunded: { minor: 0, currency: order.currency }, version: 0 };
  }

  /**
   * One conditional update over the version the change was computed from: a concurrent writer waits
   * on the row's lock and then finds another version (stale). No savepoint: a payment id already
   * taken by another order aborts the unit's transaction, which then writes nothing, and the caller
   * writes nothing more after 'payment-taken' (changeOrder), so its commit rolls back.
   */
  async save(order: Order): Promise<Saved> {
    try {
      const changed = await this.db('orders')
        .where({ id: order.id, version: order.version - 1 })
        .update({
          status: order.status,
          delivered: order.delivered,
          reference: order.reference ?? null,
          payment_id: order.paymentId ?? null,
          refunded_minor: order.refunded.minor,
          pay_at: order.payAt ? JSON.stringify(order.payAt) : null,
          version: order.version,
          paid_at: this.db.raw("case when ? = 'paid' then coalesce(paid_at, now()) else paid_at end", [order.status]),
          delivered_at: this.db.raw('case when ? then coalesce(delivered_at, now()) else delivered_at end', [order.delivered]),
        });
      if (changed === 0) return 'stale';
    } catch (error) {
      if (isPaymentIdTaken(error)) return 'payment-taken';
      throw error;
    }
    const refunded = order.lines.filter((line) => line.refunded).map((line) => line.productId);
    if (refunded.length) await this.db('order_lines').where({ order_id: order.id, refunded: false }).whereIn('product_id', refunded).update({ refunded: true });
    return 'saved';
  }

  async findById(id: string): Promise<Order | undefined> {
    const [order] = await this.withLines(this.db('orders').where({ id }));
    return order;
  }

  async findByReference(provider: ProviderName, reference: string): Promise<Order | undefined> {
    const [order] = await this.withLines(this.db('orders').where({ method: provider, reference }));
    return order;
  }

  async findByPaymentId(provider: ProviderName, paymentId: string): Promise<Order | undefined> {
    const [order] = await this.withLines(this.db('orders').where({ method: provider, payment_id: paymentId }));
    return order;
  }

  async ofUser(userId: string): Promise<readonly Order[]> {
    return this.withLines(this.db('orders').where({ user_id: userId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]));
  }

  async ofGuest(email: string): Promise<readonly Order[]> {
    return this.withLines(
      this.db('orders').whereNull('user_id').where({ buyer_email: email }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]),
    );
  }

  async attachGuestOrders(email: string, userId: string): Promise<readonly string[]> {
    const rows: { id: string; created_at: Date | string }[] = await this.db('orders')
      .whereNull('user_id')
      .where({ buyer_email: email })
      .update({ user_id: userId })
      .returning(['id', 'created_at']);
    return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id)).map((row) => row.id);
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

  async expiring(before: Date, limit: number): Promise<readonly Order[]> {
    const expiresAt = this.db.raw("(pay_at ->> 'expiresAt')");
    return this.withLines(
      this.db('orders').where({ status: 'pending' }).whereNotNull('pay_at').where(expiresAt, '<', before.toISOString()).orderBy([{ column: expiresAt }, { column: 'id' }]).limit(limit),
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

  /** The orders with their lines, in one statement: a callback's settlement reads its order once. */
  private async withLines(query: Knex.QueryBuilder): Promise<Order[]> {
    const rows: (OrderRow & { lines: OrderLineRow[] })[] = await query.select(
      'orders.*',
      this.db.raw(`coalesce((select json_agg(l) from order_lines l where l.order_id = orders.id), '[]'::json) as lines`),
    );
    return rows.map((row) => toOrder(row, row.lines));
  }

  /**
   * One statement, since this listing reads the database on every call: the page's ids from the
   * narrow index first (a deep offset walks only it), those orders with their accounts and their
   * lines (as JSON), and how many orders there are, kept by migration 032's triggers as orders come
   * and go (counting a million orders on every page was most of this call's time).
   */
  async all(paging: Paging) {
    const { rows }: { rows: (CustomerOrderRow & { total: string | number })[] } =
      // A guest's order has no account: it is listed under the address it was bought with.
      await this.db.raw(
        `select o.*, coalesce(u.username, '') as customer_username, coalesce(u.email, o.buyer_email) as customer_email,
           (${ORDERS_KEPT_COUNT}) as total,
           (select json_agg(l) from order_lines l where l.order_id = o.id) as lines
         from orders o left join users u on u.id = o.user_id
         where o.id in (select id from orders order by created_at desc, id desc limit ? offset ?)
         order by o.created_at desc, o.id desc`,
        [paging.limit, offsetOf(paging)],
      );
    // Past the last page there is no row to carry the count.
    const total = toCount(rows[0] ? rows[0].total : (await this.db.raw<{ rows: { total: string | number }[] }>(ORDERS_KEPT_COUNT)).rows[0]?.total);
    return { items: rows.map(toCustomerOrder), total };
  }

  async search(filter: OrderFilter, paging: Paging, countCap: number) {
    // Enough of a text search's newest matches for its count and its page, wherever that ends.
    const where = filterSql(filter, Math.max(countCap + 1, offsetOf(paging) + paging.limit), undefined, await this.titlesFound(filter));
    if (where.matched) return this.searchText(where, where.matched, paging, countCap);
    const items = await this.customerOrders(`${where.sql} order by o.created_at desc, o.id desc limit ? offset ?`, [...where.bindings, paging.limit, offsetOf(paging)]);
    return { items, total: await this.countFound(where, countCap) };
  }

  /**
   * A text search finds its matches once for both its page and its count: as two statements, its
   * lookups (the titles sold the dearest) ran twice. The matches are kept up to the count's cap, or
   * to the page's end when that is further (the `enough` of its condition).
   */
  private async searchText(where: Condition, matched: NonNullable<Condition['matched']>, paging: Paging, countCap: number) {
    const offset = offsetOf(paging);
    const { rows }: { rows: (CustomerOrderRow & { found: string | number })[] } = await this.db.raw(
      `with found as materialized (select id, created_at from (${matched.sql}) as m order by created_at desc, id desc limit ?)
       select page.*, coalesce(u.username, '') as customer_username, coalesce(u.email, page.buyer_email) as customer_email,
         (select json_agg(l) from order_lines l where l.order_id = page.id) as lines, (select count(*) from found) as found
       from (select o.* from found f join orders o on o.id = f.id order by f.created_at desc, f.id desc limit ? offset ?) page
       left join users u on u.id = page.user_id
       order by page.created_at desc, page.id desc`,
      [...matched.bindings, Math.max(countCap + 1, offset + paging.limit), paging.limit, offset] as Knex.RawBinding[],
    );
    // Past the last page there is no row to carry the count.
    const found = rows[0] ? toCount(rows[0].found) : offset === 0 ? 0 : await this.countFound(where, countCap);
    return { items: rows.map(toCustomerOrder), total: Math.min(found, countCap + 1) };
  }

  /** Counted only so far: past the cap the page says "more than", which a million matches would not repay. */
  private async countFound(where: Condition, countCap: number): Promise<number> {
    const { rows } = await this.db.raw<{ rows: { total: string | number }[] }>(
      `select count(*) as total from (select 1 from orders o where ${where.sql} limit ?) found`,
      [...where.bindings, countCap + 1],
    );
    return toCount(rows[0]?.total);
  }

  async searchAfter(filter: OrderFilter, after: OrderCursor | undefined, limit: number) {
    const where = filterSql(filter, limit, after, await this.titlesFound(filter));
    return this.customerOrders(`${where.sql} order by o.created_at desc, o.id desc limit ?`, [...where.bindings, limit]);
  }

  /**
   * The titles sold that a text search looks up, or 'walk' when many have its text. A text once
   * walked is walked from then on without asking: titles sold are only ever added, and a walk finds
   * the same orders whatever the titles (it reads them on the orders), so only its speed was at stake.
   */
  private async titlesFound(filter: OrderFilter): Promise<TitlesFound> {
    if (filter.text === undefined) return [];
    if (this.walked.has(filter.text)) return 'walk';
    const { sql, bindings } = titlesSoldSql(filter.text, this.titlesWalkedFrom);
    const { rows } = await this.db.raw<{ rows: { title: string }[] }>(sql, bindings);
    if (rows.length < this.titlesWalkedFrom) return rows.map((row) => row.title);
    this.walked.set(filter.text, true);
    return 'walk';
  }

  /** Orders with their accounts and lines, the condition's and order's page of them (on `orders o`). */
  private async customerOrders(condition: string, bindings: readonly unknown[]): Promise<CustomerOrder[]> {
    const { rows }: { rows: CustomerOrderRow[] } = await this.db.raw(
      `select page.*, coalesce(u.username, '') as customer_username, coalesce(u.email, page.buyer_email) as customer_email,
         (select json_agg(l) from order_lines l where l.order_id = page.id) as lines
       from (select o.* from orders o where ${condition}) page left join users u on u.id = page.user_id
       order by page.created_at desc, page.id desc`,
      bindings as Knex.RawBinding[],
    );
    return rows.map(toCustomerOrder);
  }
}
