import { Knex } from 'knex';
import { RetainedRecord } from '../../core/housekeeping/domain/retention';
import { Retention } from '../../core/housekeeping/ports';

/** A table, and which of its rows are records of a kind past their moment (`?` is the moment). */
interface Rows {
  readonly table: string;
  readonly past: string;
}

/** Kinds whose rows stand alone: nothing references them, so each goes by itself. */
const STANDALONE: Readonly<Record<Exclude<RetainedRecord, 'unpaid-orders' | 'cart-entries-of-deleted-products'>, Rows>> = {
  visits: { table: 'visits', past: 'day < ?::date' },
  'sign-in-failures': { table: 'sign_in_failures', past: 'window_ends < ?' },
  'sign-in-addresses': { table: 'sign_in_addresses', past: 'last_seen < ?' },
  'pending-sign-ins': { table: 'pending_sign_ins', past: 'expires_at < ?' },
  sessions: { table: 'sessions', past: 'expires_at < ?' },
  'password-resets': { table: 'password_resets', past: 'expires_at < ?' },
  downloads: { table: 'downloads', past: 'at < ?' },
  // Completed downloads that count stay: the line's cap is counted from them (index: migration 024).
  'file-downloads': { table: 'file_downloads', past: 'not (completed and counted) and at < ?' },
  'library-links': { table: 'library_links', past: 'expires_at < ?' },
  'library-sessions': { table: 'library_sessions', past: 'expires_at < ?' },
  'sent-mail': { table: 'outbox', past: "status = 'sent' and sent_at < ?" },
  'failed-mail': { table: 'outbox', past: "status = 'failed' and due_at < ?" },
};

const removedCount = (result: { rows: { removed: number | string }[] }) => Number(result.rows[0]?.removed ?? 0);

/**
 * The housekeeping run's deletes in PostgreSQL (or PGlite): one bounded statement per batch, on an
 * index of the moment (migration 015). Rows another process is removing (or writing) at that
 * moment are skipped, not waited for (`skip locked`): several processes run this at once.
 */
export class KnexRetention implements Retention {
  constructor(private readonly db: Knex) {}

  async remove(kind: RetainedRecord, before: Date, limit: number): Promise<number> {
    if (kind === 'unpaid-orders') return this.removeUnpaidOrders(before, limit);
    if (kind === 'cart-entries-of-deleted-products') return this.removeCartEntriesOfDeleted(before, limit);
    const { table, past } = STANDALONE[kind];
    // A visit's day is a date: compared with the moment's day in UTC, whatever the session's time zone.
    const moment = kind === 'visits' ? before.toISOString().slice(0, 10) : before;
    // `ctid = any(array(...))` finds the chosen rows by their address (a TID scan), with no key to
    // compare; the downloads table has none.
    return removedCount(
      await this.db.raw(
        `with removed as (
           delete from ${table} where ctid = any(array(select ctid from ${table} where ${past} limit ? for update skip locked))
           returning 1
         )
         select count(*)::int as removed from removed`,
        [moment, limit],
      ),
    );
  }

  /**
   * An unpaid order goes with its lines, in one statement (the lines' foreign key is checked at
   * its end). Only pending and failed orders: a paid one is a business record, and only a paid
   * order has downloads, whose key names its lines.
   */
  private async removeUnpaidOrders(before: Date, limit: number): Promise<number> {
    return removedCount(
      await this.db.raw(
        `with chosen as (
           select id from orders where status in ('pending', 'failed', 'expired') and created_at < ?
           order by created_at limit ? for update skip locked
         ), lines as (
           delete from order_lines where order_id in (select id from chosen)
         ), removed as (
           delete from orders where id in (select id from chosen) returning 1
         )
         select count(*)::int as removed from removed`,
        [before, limit],
      ),
    );
  }

  /**
   * No cart shows these entries (knex-carts.ts reads products on sale only), so no cached cart
   * answer changes and no change is logged.
   */
  private async removeCartEntriesOfDeleted(before: Date, limit: number): Promise<number> {
    return removedCount(
      await this.db.raw(
        `with chosen as (
           select c.user_id, c.product_id from cart_items c join products p on p.id = c.product_id
           where p.deleted_at < ? limit ? for update of c skip locked
         ), removed as (
           delete from cart_items where (user_id, product_id) in (select user_id, product_id from chosen) returning 1
         )
         select count(*)::int as removed from removed`,
        [before, limit],
      ),
    );
  }
}
