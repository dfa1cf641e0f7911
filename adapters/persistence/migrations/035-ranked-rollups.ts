import { Knex } from 'knex';

/**
 * Issue 21 at 1,000,000 orders: the reports' top products read each month's best first, in the
 * ranking's own order (adapters/persistence/rollup-top.ts), instead of summing every product sold
 * in the range. Partial: only the monthly rows are read so, and only products still counted
 * (a row whose sales all left it stays at zero). A ranking's ties go by product id, as here.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`create index product_sales_ranked on product_sales (start, currency, revenue_minor desc, product_id) where span = 'month' and units > 0`);
  await knex.raw(`create index product_downloads_ranked on product_downloads (start, downloads desc, product_id) where span = 'month' and downloads > 0`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists product_downloads_ranked');
  await knex.raw('drop index if exists product_sales_ranked');
};
