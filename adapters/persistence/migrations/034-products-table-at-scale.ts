import { Knex } from 'knex';

/**
 * Issue 21's products table at 100,000 products (p99 under 100 ms at 20 connections): every page
 * also answers how many products match, and counting 100,000 rows per request was most of its cost.
 *
 * product_totals keeps how many products there are per type, book category ('' for every product
 * of the type) and deleted or not, so a total without a search is the sum of at most six rows. A
 * product counts once under each of its categories (a category listed twice is one), as the
 * table's `categories @> array[...]` filter finds it. Triggers keep it in the transaction of the
 * change, whatever writes the product: the editor's create, edit, delete and restore, the
 * catalogue's bulk insert, the benchmark's seed. Inserts and deletes are per statement (one bulk
 * insert adds its counts once); an update is per row and only when the type, the categories or
 * the deleted state moved, so the bulk EGP reprice of every product never touches the counts.
 * Each statement adds its rows in key order, so two writes at once take the rows' locks in the
 * same order and never deadlock.
 */

/** Adds the signed contributions of `source` (type, categories, deleted, sign) to product_totals. */
const addTotals = (source: string) => `
  insert into product_totals (type, category, deleted, products)
  select type, category, deleted, sum(sign) from (
    select type, '' as category, deleted, sign from (${source}) as changed
    union all
    select type, category, deleted, sign
    from (${source}) as changed cross join lateral (select distinct unnest(changed.categories)) as listed (category)
  ) as c
  group by type, category, deleted
  having sum(sign) <> 0
  order by type, category, deleted
  on conflict (type, category, deleted) do update set products = product_totals.products + excluded.products`;

const rowsOf = (table: string, sign: number) => `select type, categories, deleted_at is not null as deleted, ${sign} as sign from ${table}`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table product_totals (
      type text not null,
      category text not null,
      deleted boolean not null,
      products integer not null,
      primary key (type, category, deleted)
    )`);
  await knex.raw(addTotals(rowsOf('products', 1)));

  await knex.raw(`create function product_totals_added() returns trigger language plpgsql as $$
    begin
      ${addTotals(rowsOf('added', 1))};
      return null;
    end $$`);
  await knex.raw(`create trigger products_totalled after insert on products
    referencing new table as added for each statement execute function product_totals_added()`);

  await knex.raw(`create function product_totals_removed() returns trigger language plpgsql as $$
    begin
      ${addTotals(rowsOf('removed', -1))};
      return null;
    end $$`);
  await knex.raw(`create trigger products_untotalled after delete on products
    referencing old table as removed for each statement execute function product_totals_removed()`);

  await knex.raw(`create function product_totals_moved() returns trigger language plpgsql as $$
    begin
      ${addTotals(`select old.type, old.categories, old.deleted_at is not null as deleted, -1 as sign
                   union all select new.type, new.categories, new.deleted_at is not null, 1`)};
      return null;
    end $$`);
  await knex.raw(`create trigger products_retotalled after update of type, categories, deleted_at on products
    for each row when (old.type <> new.type or old.categories <> new.categories or (old.deleted_at is null) <> (new.deleted_at is null))
    execute function product_totals_moved()`);

  // Each sort key read in its ORDER BY's own order, the id breaking ties (knex-products-table.ts),
  // so a page is an index range that stops at its last row. Over deleted products too: the
  // default filter skips the few deleted ones as it walks, and 'all' reads the same index.
  await knex.raw('drop index products_by_title');
  await knex.raw('create index products_by_title on products ((lower(title) collate "C"), id)');
  await knex.raw('create index products_by_type on products (type, id)');
  // The categories as the table sorts by them, joined by commas: array_to_string is only stable (it
  // formats any type), so the index needs this immutable spelling for text arrays.
  await knex.raw(`create function categories_text(categories text[]) returns text immutable strict language sql
    as $$ select array_to_string(categories, ',') $$`);
  await knex.raw('create index products_by_categories on products ((categories_text(categories) collate "C"), id)');
  await knex.raw('create index product_counts_by_file on product_counts ((files > 0), product_id)');

  // Whether each product is on sale, beside its counts: the sales and file sorts pick a page from
  // product_counts alone and read only its products, not every product before the page (page 100
  // of the best sellers read 2,000 wide product rows just to skip the deleted ones).
  await knex.raw('alter table product_counts add column listed boolean not null default true');
  await knex.raw('update product_counts c set listed = false from products p where p.id = c.product_id and p.deleted_at is not null');
  await knex.raw(`create or replace function product_counted() returns trigger language plpgsql as $$
    begin
      insert into product_counts (product_id, listed) select id, deleted_at is null from added;
      return null;
    end $$`);
  await knex.raw(`create function product_listed() returns trigger language plpgsql as $$
    begin
      update product_counts set listed = new.deleted_at is null where product_id = new.id;
      return null;
    end $$`);
  await knex.raw(`create trigger products_listed after update of deleted_at on products
    for each row when ((old.deleted_at is null) <> (new.deleted_at is null)) execute function product_listed()`);
  await knex.raw('create index product_counts_listed_by_sales on product_counts (sales, product_id) where listed');
  await knex.raw('create index product_counts_listed_by_file on product_counts ((files > 0), product_id) where listed');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger products_listed on products');
  await knex.raw('drop function product_listed');
  await knex.raw(`create or replace function product_counted() returns trigger language plpgsql as $$
    begin
      insert into product_counts (product_id) select id from added;
      return null;
    end $$`);
  await knex.raw('alter table product_counts drop column listed');
  await knex.raw('drop index product_counts_by_file, products_by_categories, products_by_type, products_by_title');
  await knex.raw('drop function categories_text');
  await knex.raw('create index products_by_title on products (lower(title), id)');
  await knex.raw('drop trigger products_retotalled on products');
  await knex.raw('drop trigger products_untotalled on products');
  await knex.raw('drop trigger products_totalled on products');
  await knex.raw('drop function product_totals_moved, product_totals_removed, product_totals_added');
  await knex.raw('drop table product_totals');
};
