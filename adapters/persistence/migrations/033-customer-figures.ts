import { Knex } from 'knex';

/**
 * Issue 21's customers list at 1,000,000 orders: every customer the back office lists (each account,
 * and each address with guest orders) is a row of customer_figures with their orders' figures kept
 * beside it, so a page is an offset over one narrow index in address order and a customer's figures
 * are one row, where the list used to merge accounts with guests and count each page's orders.
 *
 * A row's key is the customer's key (core's customerKeyOf): the account's id, or the guest's address.
 * Admins have rows too (their orders still count), unlisted, so that a role is a flag, not a move.
 * Money is kept per currency in customer_spending, from the orders whose money came (order_sold,
 * migration 028: paid, partly refunded, refunded at zero), less what was given back.
 *
 * Triggers keep them in the transaction of the change, whatever writes it: checkout, settlement,
 * refunds, a guest's orders taken by their new account (user_id set), the retention sweep's deletes,
 * the benchmark's set-based seed. They are per statement (transition tables), so a million orders
 * inserted at once are added up once. Each statement locks the figures rows it changes in key order,
 * so two changes at once never wait on each other crosswise. guest_customers (migration 029) is
 * replaced: a guest's row goes when their last guest order does. listed_customers keeps how many rows
 * are listed, the list's count when nothing is searched.
 */

/** The columns of an order that its customer's figures read; a change to none of them changes no figure. */
const FIGURED = ['user_id', 'buyer_email', 'status', 'currency', 'total_minor', 'refunded_minor', 'created_at'];

/** An order's contribution to its customer's figures, signed: `o` is the order's row. */
const contribution = (o: string, sign: number) =>
  `(${o}.id, coalesce(${o}.user_id, ${o}.buyer_email), ${o}.user_id is null, ${o}.created_at, ${o}.currency,
    order_sold(${o}.status), ${o}.total_minor - ${o}.refunded_minor, ${sign})`;

const COLUMNS = '(id, key, guest, created_at, currency, sold, kept, sign)';

const ADDED = `select c.* from new_rows o cross join lateral (values ${contribution('o', 1)}) as c ${COLUMNS}`;
const REMOVED = `select c.* from old_rows o cross join lateral (values ${contribution('o', -1)}) as c ${COLUMNS}`;
/** An update counts as the old row taken away and the new one added, for the orders whose figured columns changed. */
const CHANGED = `select c.* from new_rows n join old_rows o using (id)
  cross join lateral (values ${contribution('n', 1)}, ${contribution('o', -1)}) as c ${COLUMNS}
  where (${FIGURED.map((col) => `n.${col}`).join(', ')}) is distinct from (${FIGURED.map((col) => `o.${col}`).join(', ')})`;

/** The customer's newest order, from the orders' own indexes (orders_of_user, orders_of_guest). */
const NEWEST_ORDER = `case when f.kind = 'account'
    then (select max(o.created_at) from orders o where o.user_id = f.key)
    else (select max(o.created_at) from orders o where o.user_id is null and o.buyer_email = f.key) end`;

/** The statements that apply the contributions `source` (rows of COLUMNS) to the figures. */
const applied = (source: string) => `
  -- A guest's first order makes the address a customer.
  insert into customer_figures (key, kind, listed, sort_key, name, email)
  select distinct key, 'guest', true, lower(key), '', key from (${source}) c where guest and sign > 0
  order by key
  on conflict (key) do nothing;

  perform 1 from customer_figures where key in (select key from (${source}) c) order by key for update;

  update customer_figures f set orders = f.orders + d.orders, last_order_at = greatest(f.last_order_at, d.newest)
  from (select key, sum(sign)::integer as orders, max(created_at) filter (where sign > 0) as newest from (${source}) c group by key) d
  where f.key = d.key;

  insert into customer_spending (key, currency, orders, kept_minor)
  select key, currency, sum(sign), sum(sign * kept) from (${source}) c where sold
  group by key, currency
  having sum(sign) <> 0 or sum(sign * kept) <> 0
  order by key, currency
  on conflict (key, currency) do update set
    orders = customer_spending.orders + excluded.orders,
    kept_minor = customer_spending.kept_minor + excluded.kept_minor;
  delete from customer_spending where orders = 0 and key in (select key from (${source}) c where sold);

  -- An address whose guest orders are all gone (taken by an account, removed) is no longer a customer.
  delete from customer_figures where kind = 'guest' and orders = 0 and key in (select key from (${source}) c where sign < 0);

  -- An order that left its customer (removed, taken by an account) may have been their newest.
  update customer_figures f set last_order_at = ${NEWEST_ORDER}
  where f.key in (select key from (${source}) c group by key, id, created_at having sum(sign) < 0)`;

const ACCOUNT = `select id, 'account', role = 'User', lower(email), username, email`;

const TRIGGERS: readonly { name: string; table: string; event: string; referencing: string; body: string }[] = [
  { name: 'customer_orders_added', table: 'orders', event: 'insert', referencing: 'new table as new_rows', body: applied(ADDED) },
  { name: 'customer_orders_changed', table: 'orders', event: 'update', referencing: 'old table as old_rows new table as new_rows', body: applied(CHANGED) },
  { name: 'customer_orders_removed', table: 'orders', event: 'delete', referencing: 'old table as old_rows', body: applied(REMOVED) },
  {
    name: 'customer_accounts_added',
    table: 'users',
    event: 'insert',
    referencing: 'new table as new_rows',
    body: `insert into customer_figures (key, kind, listed, sort_key, name, email) ${ACCOUNT} from new_rows`,
  },
  {
    // A rename shows in the list at once; the address and role are not changed by the store today.
    name: 'customer_accounts_changed',
    table: 'users',
    event: 'update',
    referencing: 'new table as new_rows',
    body: `update listed_customers c set customers = c.customers + d.n
        from (select sum((u.role = 'User')::integer - f.listed::integer) as n from new_rows u join customer_figures f on f.key = u.id) d where d.n <> 0;
      update customer_figures f set listed = u.role = 'User', sort_key = lower(u.email), name = u.username, email = u.email
      from new_rows u
      where f.key = u.id and (f.listed, f.sort_key, f.name, f.email) is distinct from (u.role = 'User', lower(u.email), u.username, u.email)`,
  },
  {
    name: 'customer_accounts_removed',
    table: 'users',
    event: 'delete',
    referencing: 'old table as old_rows',
    body: `delete from customer_figures where key in (select id from old_rows)`,
  },
  {
    // The list's count without a search, kept: counting 10,000 rows a request was most of a page's work.
    // One row, so new customers (a sign-up, a new guest address) take turns on it until each commits:
    // rare beside the orders, which do not touch it.
    name: 'listed_customers_added',
    table: 'customer_figures',
    event: 'insert',
    referencing: 'new table as new_rows',
    body: `update listed_customers c set customers = c.customers + d.n from (select count(*) as n from new_rows where listed) d where d.n <> 0`,
  },
  {
    name: 'listed_customers_removed',
    table: 'customer_figures',
    event: 'delete',
    referencing: 'old table as old_rows',
    body: `update listed_customers c set customers = c.customers - d.n from (select count(*) as n from old_rows where listed) d where d.n <> 0`,
  },
];

const INDEXES = [
  // The list's order (the key last: addresses kept before normalisation may differ only in case):
  // a page's keys are read from the index alone, then only its own rows.
  'create index customer_figures_listed on customer_figures (sort_key, kind, key) where listed',
  // A search's name and address in one trigram index: one index scan a search, not one for each.
  `create index customer_figures_search on customer_figures using gin ((lower(name) || ' ' || sort_key) gin_trgm_ops) where listed`,
];

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table customer_figures (
      key text primary key,
      kind text not null check (kind in ('account', 'guest')),
      listed boolean not null,
      sort_key text not null,
      name text not null,
      email text not null,
      orders integer not null default 0 check (orders >= 0),
      last_order_at timestamptz
    )`);
  await knex.raw(`
    create table customer_spending (
      key text not null references customer_figures (key) on delete cascade,
      currency text not null,
      orders integer not null,
      kept_minor bigint not null,
      primary key (key, currency)
    )`);
  // One row: how many customers the list holds, counted by the triggers below as rows come and go (the filling included).
  await knex.raw('create table listed_customers (customers integer not null check (customers >= 0))');
  await knex.raw('insert into listed_customers (customers) values (0)');
  // Triggers first: creating them waits for and then holds off other writers of orders and users
  // until this migration commits, so no order placed meanwhile is missed by the filling below.
  for (const t of TRIGGERS) {
    await knex.raw(`create function ${t.name}() returns trigger language plpgsql as $$ begin ${t.body}; return null; end $$`);
    await knex.raw(`create trigger ${t.name} after ${t.event} on ${t.table} referencing ${t.referencing} for each statement execute function ${t.name}()`);
  }
  await knex.raw(`
    insert into customer_figures (key, kind, listed, sort_key, name, email, orders, last_order_at)
    select u.id, 'account', u.role = 'User', lower(u.email), u.username, u.email, coalesce(o.orders, 0), o.last_order_at
    from users u left join (select user_id, count(*) as orders, max(created_at) as last_order_at from orders where user_id is not null group by user_id) o
      on o.user_id = u.id
    union all
    select buyer_email, 'guest', true, lower(buyer_email), '', buyer_email, count(*), max(created_at) from orders where user_id is null group by buyer_email`);
  await knex.raw(`
    insert into customer_spending (key, currency, orders, kept_minor)
    select coalesce(user_id, buyer_email), currency, count(*), sum(total_minor - refunded_minor) from orders where order_sold(status) group by 1, 2`);
  for (const index of INDEXES) await knex.raw(index);
  await knex.raw('analyze customer_figures, customer_spending');
  await knex.raw('drop table guest_customers');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('create table guest_customers (email text primary key)');
  await knex.raw('insert into guest_customers (email) select distinct buyer_email from orders where user_id is null');
  await knex.raw('create index guest_customers_email_trgm on guest_customers using gin (email gin_trgm_ops)');
  for (const t of TRIGGERS) {
    await knex.raw(`drop trigger if exists ${t.name} on ${t.table}`);
    await knex.raw(`drop function if exists ${t.name}()`);
  }
  await knex.raw('drop table if exists listed_customers, customer_spending, customer_figures');
};
