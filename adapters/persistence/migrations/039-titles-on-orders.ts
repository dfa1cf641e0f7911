import { Knex } from 'knex';

/**
 * The titles an order sold, on the order's row (issue 21's orders search by product, at a million
 * orders). A word many titles have ("atlas": one order in eleven) is found by walking the newest
 * orders until the page and its count have enough. With the titles only on the lines, each order
 * walked cost a lookup of its lines (12 µs); on the row, the walk reads the order alone (1 µs). A
 * rare title is still looked up among the titles sold and their lines (migration 032): a trigram
 * index of every order's titles was tried, and its posting lists, as long as the orders, took
 * 33 ms for a whole title.
 *
 * Kept by a trigger on the lines, in the statement that adds them, so every writer of lines (the
 * store, the benchmark's seeding) keeps it alike. Lines are never retitled, so an insert is all it
 * follows. Lowercase, one title per line of text: the search matches within one title (the search
 * text's own line breaks match none; order-search-sql.ts).
 */
export const TITLES_SEPARATOR = '\n';

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`alter table orders add column titles text not null default ''`);
  await knex.raw(`create function titles_on_order() returns trigger language plpgsql as $$
    begin
      update orders o set titles = concat_ws(E'\\n', nullif(o.titles, ''), sold.titles)
      from (select order_id, string_agg(lower(title), E'\\n' order by position) as titles from added group by order_id) sold
      where o.id = sold.order_id;
      return null;
    end $$`);
  // The trigger first: from here the lines are locked against writes, so the filling below misses none.
  await knex.raw(`create trigger order_lines_titles_on_order after insert on order_lines
    referencing new table as added for each statement execute function titles_on_order()`);
  await knex.raw(`update orders o set titles = sold.titles
    from (select order_id, string_agg(lower(title), E'\\n' order by position) as titles from order_lines group by order_id) sold
    where o.id = sold.order_id`);
  await knex.raw('analyze orders');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger order_lines_titles_on_order on order_lines');
  await knex.raw('drop function titles_on_order()');
  await knex.raw('alter table orders drop column titles');
};
