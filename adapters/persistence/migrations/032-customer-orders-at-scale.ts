import { Knex } from 'knex';

/**
 * Customer Orders over a million orders (issue 21's benchmark):
 *
 * - The spec's list shows pages, so it needs the exact number of orders on every call: kept in
 *   `order_tally` by triggers as orders are added and removed (the retention's unpaid orders), per
 *   statement over the changed rows, so a set-based insert counts in one update. The count is spread
 *   over a few rows, each connection adding to its own, so checkouts in flight at once do not queue
 *   on one row's lock until they commit; the list reads their sum.
 * - A product's title as sold is searched among the titles sold (`sold_titles`, a row per distinct
 *   title, kept by a trigger on order lines; a title never sold again stays, which only costs a row),
 *   then their lines found by the title's b-tree: the trigram index over every line (migration 029)
 *   intersected posting lists as long as the lines themselves, since the catalogue's titles repeat.
 * - The rare states the owner filters by each walk a small index of their own, newest first, keyed
 *   by what is asked of them with it: an unpaid state (pending, failed) by provider and method (a
 *   kiosk's or a wallet's payments left waiting), refunds by currency (the money given back in it).
 *   Such a filter is one range of that index, so its page stops after 20 entries and its count
 *   (bounded, COUNT_CAP in core/shared/paging.ts) reads only the index, where a walk of the state's or the
 *   method's index read every order of the other to count them.
 *
 * The new tables and the lines' new index are analysed here: without their statistics the planner
 * took every title for one sold ten thousand times and read every order to find a buyer's address.
 */
const INDEXES = [
  `create index orders_pending_by_method on orders (method, payment_method, created_at desc, id desc) where status = 'pending'`,
  `create index orders_failed_by_method on orders (method, payment_method, created_at desc, id desc) where status in ('failed', 'expired')`,
  `create index orders_refunded_by_currency on orders (currency, created_at desc, id desc) where status in ('refunded', 'partly-refunded')`,
  'create index order_lines_by_title on order_lines (lower(title))',
  'create index sold_titles_trgm on sold_titles using gin (title gin_trgm_ops)',
];

/** How many rows the count is spread over: more than the connections that add orders at once. */
const TALLY_SLOTS = 16;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create table order_tally (slot smallint primary key, orders bigint not null)');
  await knex.raw(`create function orders_tallied() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into n from added;
      else
        select -count(*) into n from removed;
      end if;
      if n <> 0 then
        update order_tally set orders = orders + n where slot = pg_backend_pid() % ${TALLY_SLOTS};
      end if;
      return null;
    end $$`);
  // The triggers first: from here the table is locked against writes, so the count below misses none.
  await knex.raw(`create trigger orders_tallied_added after insert on orders
    referencing new table as added for each statement execute function orders_tallied()`);
  await knex.raw(`create trigger orders_tallied_removed after delete on orders
    referencing old table as removed for each statement execute function orders_tallied()`);
  await knex.raw(`insert into order_tally (slot, orders) select slot, 0 from generate_series(0, ${TALLY_SLOTS - 1}) slot`);
  await knex.raw('update order_tally set orders = (select count(*) from orders) where slot = 0');

  await knex.raw('create table sold_titles (title text primary key)');
  await knex.raw(`create function titles_sold() returns trigger language plpgsql as $$
    begin
      insert into sold_titles (title) select distinct lower(title) from added on conflict do nothing;
      return null;
    end $$`);
  await knex.raw(`create trigger order_lines_titles_sold after insert on order_lines
    referencing new table as added for each statement execute function titles_sold()`);
  await knex.raw('insert into sold_titles (title) select distinct lower(title) from order_lines');

  for (const index of INDEXES) await knex.raw(index);
  await knex.raw('drop index order_lines_title_trgm');
  await knex.raw('analyze order_lines, sold_titles, order_tally');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('create index order_lines_title_trgm on order_lines using gin (lower(title) gin_trgm_ops)');
  for (const index of [...INDEXES].reverse()) await knex.raw(`drop index if exists ${/^create index (\w+)/.exec(index)![1]}`);
  await knex.raw('drop trigger order_lines_titles_sold on order_lines');
  await knex.raw('drop table sold_titles');
  await knex.raw('drop trigger orders_tallied_removed on orders');
  await knex.raw('drop trigger orders_tallied_added on orders');
  await knex.raw('drop table order_tally');
  await knex.raw('drop function titles_sold, orders_tallied');
};
