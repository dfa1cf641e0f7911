import { Knex } from 'knex';
import { rebuildSalesRollups } from '../sales-rollups';

/**
 * Issue 21, reports: the sales and downloads kept per day as orders change, so a report reads a few
 * hundred rows, never every order. An order counts from the day it was placed (UTC) once it is paid,
 * and stays counted when refunded (its refund is counted beside it); per currency, never summed.
 *
 * Triggers keep the rollups, in the transaction of the change, whatever writes it: the store's
 * settlement and refunds, a retention sweep, the benchmark's set-based seed. They are statement-level
 * with transition tables, so one insert of a million orders adds its sums once, not a million times.
 * Each statement adds its rows in key order, so two payments at once take the rollup rows' locks in
 * the same order and never deadlock.
 */

/** The order statuses that were paid: a refunded order's sale stays, with its refund beside it. */
const COUNTED = `('paid', 'partly-refunded', 'refunded')`;

const SALES_DAY = `(created_at at time zone 'UTC')::date`;

/** Adds the signed contributions of `source` (rows of orders with a `sign`) to sales_days. */
const addSales = (source: string) => `
  insert into sales_days (day, currency, orders, revenue_minor, refunds, refunded_minor)
  select day, currency, sum(orders), sum(revenue_minor), sum(refunds), sum(refunded_minor) from (
    select ${SALES_DAY} as day, currency, sign as orders, sign * total_minor as revenue_minor,
           sign * (refunded_minor > 0)::int as refunds, sign * refunded_minor as refunded_minor
    from (${source}) as changed
  ) as c
  group by day, currency
  having sum(orders) <> 0 or sum(revenue_minor) <> 0 or sum(refunds) <> 0 or sum(refunded_minor) <> 0
  order by day, currency
  on conflict (day, currency) do update set
    orders = sales_days.orders + excluded.orders,
    revenue_minor = sales_days.revenue_minor + excluded.revenue_minor,
    refunds = sales_days.refunds + excluded.refunds,
    refunded_minor = sales_days.refunded_minor + excluded.refunded_minor`;

/**
 * Adds signed line contributions (`day`, product_id, currency, units, revenue_minor, refunded_minor)
 * to product_sales, under the day and under its month: a year's top products read twelve months.
 */
const addProductSales = (source: string) => `
  insert into product_sales (span, start, product_id, currency, units, revenue_minor, refunded_minor)
  select span, date_trunc(span, day)::date, product_id, currency, sum(units), sum(revenue_minor), sum(refunded_minor)
  from (${source}) as c cross join (values ('day'), ('month')) as spans (span)
  group by 1, 2, 3, 4
  having sum(units) <> 0 or sum(revenue_minor) <> 0 or sum(refunded_minor) <> 0
  order by 1, 2, 3, 4
  on conflict (span, start, product_id, currency) do update set
    units = product_sales.units + excluded.units,
    revenue_minor = product_sales.revenue_minor + excluded.revenue_minor,
    refunded_minor = product_sales.refunded_minor + excluded.refunded_minor`;

/** A line's signed contribution; `o` is its order, `sign` its weight. */
const lineContribution = (sign: string) =>
  `(o.created_at at time zone 'UTC')::date as day, l.product_id, l.currency, ${sign} as units, ${sign} * l.price_minor as revenue_minor,
   ${sign} * (case when l.refunded then l.price_minor else 0 end) as refunded_minor`;

const TRIGGERS: readonly { name: string; table: string; event: string; referencing: string; body: string }[] = [
  {
    name: 'orders_added',
    table: 'orders',
    event: 'insert',
    referencing: 'new table as new_rows',
    body: addSales(`select *, 1 as sign from new_rows where status in ${COUNTED}`),
  },
  {
    // A status into or out of paid moves the order's lines as well; a refund moves only its money.
    name: 'orders_changed',
    table: 'orders',
    event: 'update',
    referencing: 'old table as old_rows new table as new_rows',
    body: `${addSales(`select *, 1 as sign from new_rows where status in ${COUNTED} union all select *, -1 as sign from old_rows where status in ${COUNTED}`)};
      ${addProductSales(`
        select ${lineContribution('s.sign')}
        from (select n.id, (n.status in ${COUNTED})::int - (o.status in ${COUNTED})::int as sign from new_rows n join old_rows o using (id)) as s
        join orders o on o.id = s.id join order_lines l on l.order_id = s.id
        where s.sign <> 0`)}`,
  },
  {
    name: 'orders_removed',
    table: 'orders',
    event: 'delete',
    referencing: 'old table as old_rows',
    body: addSales(`select *, -1 as sign from old_rows where status in ${COUNTED}`),
  },
  {
    name: 'order_lines_added',
    table: 'order_lines',
    event: 'insert',
    referencing: 'new table as new_rows',
    body: addProductSales(`select ${lineContribution('1')} from new_rows l join orders o on o.id = l.order_id where o.status in ${COUNTED}`),
  },
  {
    name: 'order_lines_changed',
    table: 'order_lines',
    event: 'update',
    referencing: 'old table as old_rows new table as new_rows',
    body: addProductSales(`
      select ${lineContribution('1')} from new_rows l join orders o on o.id = l.order_id where o.status in ${COUNTED}
      union all
      select ${lineContribution('-1')} from old_rows l join orders o on o.id = l.order_id where o.status in ${COUNTED}`),
  },
  {
    // Lines go before their order (the foreign key), so the order is still there to say if it counted.
    name: 'order_lines_removed',
    table: 'order_lines',
    event: 'delete',
    referencing: 'old table as old_rows',
    body: addProductSales(`select ${lineContribution('-1')} from old_rows l join orders o on o.id = l.order_id where o.status in ${COUNTED}`),
  },
  {
    // Issue 19's completed downloads; the log's rows are never updated but to stop counting
    // towards a buyer's cap, which is no download less for the report.
    name: 'file_downloads_added',
    table: 'file_downloads',
    event: 'insert',
    referencing: 'new table as new_rows',
    body: `
      insert into product_downloads (span, start, product_id, downloads)
      select span, date_trunc(span, (at at time zone 'UTC')::date)::date, product_id, count(*)
      from new_rows cross join (values ('day'), ('month')) as spans (span)
      where completed and purpose = 'download'
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (span, start, product_id) do update set downloads = product_downloads.downloads + excluded.downloads`,
  },
];

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table sales_days (
      day date not null,
      currency text not null check (currency in ('USD', 'EGP')),
      orders integer not null,
      revenue_minor bigint not null,
      refunds integer not null,
      refunded_minor bigint not null,
      primary key (day, currency)
    )`);
  await knex.raw(`
    create table product_sales (
      span text not null check (span in ('day', 'month')),
      start date not null,
      product_id text not null,
      currency text not null check (currency in ('USD', 'EGP')),
      units integer not null,
      revenue_minor bigint not null,
      refunded_minor bigint not null,
      primary key (span, start, product_id, currency)
    )`);
  await knex.raw(`
    create table product_downloads (
      span text not null check (span in ('day', 'month')),
      start date not null,
      product_id text not null,
      downloads integer not null,
      primary key (span, start, product_id)
    )`);
  for (const t of TRIGGERS) {
    await knex.raw(`create function ${t.name}() returns trigger language plpgsql as $$ begin ${t.body}; return null; end $$`);
    await knex.raw(`create trigger ${t.name} after ${t.event} on ${t.table} referencing ${t.referencing} for each statement execute function ${t.name}()`);
  }
  await rebuildSalesRollups(knex);

  // The audit log screen's filters, each newest first.
  await knex.raw('create index audit_log_of_actor on audit_log (actor_id, at desc, id desc)');
  await knex.raw('create index audit_log_of_action on audit_log (action, at desc, id desc)');
};

export const down = async (knex: Knex): Promise<void> => {
  for (const t of TRIGGERS) {
    await knex.raw(`drop trigger if exists ${t.name} on ${t.table}`);
    await knex.raw(`drop function if exists ${t.name}()`);
  }
  await knex.raw('drop index if exists audit_log_of_action');
  await knex.raw('drop index if exists audit_log_of_actor');
  await knex.raw('drop table if exists product_downloads, product_sales, sales_days');
};
