import { Knex } from 'knex';

/**
 * Computes the reports' rollups (migration 031) afresh from every order, line and download: what the
 * migration runs over a store's existing orders, and what an operator (or a seed that went around
 * the triggers) runs to put them right. In one transaction, so a report never reads them half-built;
 * the tables are locked meanwhile, so a payment waits rather than adds to a sum being replaced.
 */
export const rebuildSalesRollups = async (db: Knex): Promise<void> => {
  const rebuild = async (trx: Knex) => {
    await trx.raw('lock table sales_days, product_sales, product_downloads in exclusive mode');
    await trx.raw('delete from sales_days');
    await trx.raw('delete from product_sales');
    await trx.raw('delete from product_downloads');
    await trx.raw(`
      insert into sales_days (day, currency, orders, revenue_minor, refunds, refunded_minor)
      select (created_at at time zone 'UTC')::date, currency, count(*), sum(total_minor), count(*) filter (where refunded_minor > 0), sum(refunded_minor)
      from orders where status in ('paid', 'partly-refunded', 'refunded')
      group by 1, 2`);
    await trx.raw(`
      insert into product_sales (span, start, product_id, currency, units, revenue_minor, refunded_minor)
      select span, date_trunc(span, (o.created_at at time zone 'UTC')::date)::date, l.product_id, l.currency, count(*), sum(l.price_minor),
             sum(case when l.refunded then l.price_minor else 0 end)
      from order_lines l join orders o on o.id = l.order_id cross join (values ('day'), ('month')) as spans (span)
      where o.status in ('paid', 'partly-refunded', 'refunded')
      group by 1, 2, 3, 4`);
    await trx.raw(`
      insert into product_downloads (span, start, product_id, downloads)
      select span, date_trunc(span, (at at time zone 'UTC')::date)::date, product_id, count(*)
      from file_downloads cross join (values ('day'), ('month')) as spans (span)
      where completed and purpose = 'download'
      group by 1, 2, 3`);
  };
  // Inside a migration knex already holds a transaction; elsewhere, one of its own.
  if (db.isTransaction) await rebuild(db);
  else await db.transaction(rebuild);
};
