import { Knex } from 'knex';

/**
 * Issue 21, the products table: each product's sales and files kept as counts beside it, in a
 * narrow table of their own (kept by triggers as orders are paid, refunded or removed and files come
 * and go, so the table sorts and pages 100,000 products without a group-by over every order line,
 * and a sale never rewrites the wide products row and its trigram indexes); an EGP price the bulk
 * reprice keeps; and a version every write raises, so an edit made from an older copy is refused (409).
 *
 * A sale is a line not refunded of an order whose money came (paid, partly refunded or refunded:
 * a refunded order's lines are each marked refunded). The triggers are per statement, over the
 * changed rows (transition tables), so the benchmark's set-based seeding counts in one update.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`create table product_counts (
      product_id text primary key references products (id),
      sales integer not null default 0,
      files integer not null default 0
    )`);
  await knex.raw('insert into product_counts (product_id) select id from products');
  await knex.raw(`create function product_counted() returns trigger language plpgsql as $$
    begin
      insert into product_counts (product_id) select id from added;
      return null;
    end $$`);
  await knex.raw(`create trigger products_counted after insert on products
    referencing new table as added for each statement execute function product_counted()`);
  await knex.raw('alter table products add column keep_egp_price boolean not null default false');
  await knex.raw('alter table products add column version integer not null default 0');

  await knex.raw(`create function order_sold(status text) returns boolean immutable language sql
    as $$ select status in ('paid', 'partly-refunded', 'refunded') $$`);

  await knex.raw(`create function product_sales_of_lines() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update product_counts p set sales = p.sales + d.n
        from (select l.product_id, count(*) as n from added l join orders o on o.id = l.order_id
              where not l.refunded and order_sold(o.status) group by l.product_id) d
        where p.product_id = d.product_id;
      elsif tg_op = 'DELETE' then
        update product_counts p set sales = p.sales - d.n
        from (select l.product_id, count(*) as n from removed l join orders o on o.id = l.order_id
              where not l.refunded and order_sold(o.status) group by l.product_id) d
        where p.product_id = d.product_id;
      else
        update product_counts p set sales = p.sales + d.n
        from (select a.product_id, sum((not a.refunded)::int - (not r.refunded)::int) as n
              from added a join removed r on r.order_id = a.order_id and r.product_id = a.product_id
              join orders o on o.id = a.order_id
              where a.refunded <> r.refunded and order_sold(o.status) group by a.product_id) d
        where p.product_id = d.product_id and d.n <> 0;
      end if;
      return null;
    end $$`);
  await knex.raw(`create trigger order_lines_added_sales after insert on order_lines
    referencing new table as added for each statement execute function product_sales_of_lines()`);
  await knex.raw(`create trigger order_lines_changed_sales after update on order_lines
    referencing old table as removed new table as added for each statement execute function product_sales_of_lines()`);
  await knex.raw(`create trigger order_lines_removed_sales after delete on order_lines
    referencing old table as removed for each statement execute function product_sales_of_lines()`);

  await knex.raw(`create function product_sales_of_orders() returns trigger language plpgsql as $$
    begin
      update product_counts p set sales = p.sales + d.n
      from (select l.product_id, sum(case when order_sold(a.status) then 1 else -1 end) as n
            from added a join removed r on r.id = a.id join order_lines l on l.order_id = a.id
            where order_sold(a.status) <> order_sold(r.status) and not l.refunded group by l.product_id) d
      where p.product_id = d.product_id and d.n <> 0;
      return null;
    end $$`);
  await knex.raw(`create trigger orders_changed_sales after update on orders
    referencing old table as removed new table as added for each statement execute function product_sales_of_orders()`);

  await knex.raw(`create function product_files_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update product_counts set files = files + 1 where product_id = new.product_id;
        return new;
      end if;
      update product_counts set files = files - 1 where product_id = old.product_id;
      return old;
    end $$`);
  await knex.raw(`create trigger product_files_counted after insert or delete on product_files
    for each row execute function product_files_count()`);

  await knex.raw(`update product_counts p set sales = d.n
    from (select l.product_id, count(*) as n from order_lines l join orders o on o.id = l.order_id
          where not l.refunded and order_sold(o.status) group by l.product_id) d
    where p.product_id = d.product_id`);
  await knex.raw(`update product_counts p set files = d.n
    from (select product_id, count(*) as n from product_files group by product_id) d where p.product_id = d.product_id`);

  // The table's sort keys (then the id, for a stable page), over deleted products too, and a
  // search of title and authors that also finds deleted products.
  await knex.raw('create index products_by_title on products (lower(title), id)');
  await knex.raw('create index products_by_price on products (price_cents, id)');
  await knex.raw('create index products_by_egp_price on products (egp_price_cents, id)');
  await knex.raw('create index product_counts_by_sales on product_counts (sales, product_id)');
  await knex.raw('create index products_by_date on products (created_at, id)');
  await knex.raw('create index products_search_all on products using gin (search_text gin_trgm_ops)');
};

export const down = async (knex: Knex): Promise<void> => {
  for (const index of ['products_search_all', 'products_by_date', 'products_by_egp_price', 'products_by_price', 'products_by_title'])
    await knex.raw(`drop index ${index}`);
  await knex.raw('drop trigger product_files_counted on product_files');
  await knex.raw('drop trigger orders_changed_sales on orders');
  await knex.raw('drop trigger order_lines_removed_sales on order_lines');
  await knex.raw('drop trigger order_lines_changed_sales on order_lines');
  await knex.raw('drop trigger order_lines_added_sales on order_lines');
  await knex.raw('drop trigger products_counted on products');
  await knex.raw('drop table product_counts');
  await knex.raw('drop function product_counted, product_files_count, product_sales_of_orders, product_sales_of_lines, order_sold');
  await knex.raw('alter table products drop column version, drop column keep_egp_price');
};
