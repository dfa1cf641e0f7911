import { Knex } from 'knex';

/**
 * A customers search stays as fast after a day of sales as after a vacuum (issue 21). Every order
 * changes its customer's row of customer_figures (migration 033: orders, last order). With the table's
 * pages full, each change was written to another page, and so added the row again to every index,
 * the trigram index of names and addresses included, whose new entries wait in a pending list that
 * every search reads through until a vacuum merges it. At a million orders, after the benchmark's
 * few hundred sales, the list held 4,735 entries: a search for part of an address took 5 to 9 ms in
 * the index alone, and 226 ms p99 at 20 connections, where it had taken 51.
 *
 * - Pages are now filled to 80%, so a change to a customer's figures fits beside the row, and
 *   changes no index (PostgreSQL's heap-only update: no indexed column changes). Rows already in full
 *   pages move once, at their next change.
 * - The trigram index takes what still comes (new customers, the rows that move) into its tree at
 *   once, rather than into a pending list that searches read through.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table customer_figures set (fillfactor = 80)');
  await knex.raw('alter index customer_figures_search set (fastupdate = off)');
  // The entries already pending, merged now: with fastupdate off nothing merges them later but a vacuum.
  await knex.raw(`select gin_clean_pending_list('customer_figures_search'::regclass)`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter index customer_figures_search reset (fastupdate)');
  await knex.raw('alter table customer_figures reset (fillfactor)');
};
