import { Knex } from 'knex';

/**
 * Issue 22, item 4: when each product last changed, the sitemap's `lastmod`. Set by the writers
 * (product-rows.ts, knex-product-editor.ts) to the time of the change they make, as the admin's
 * audit entry has it; a product never changed since it was added keeps the time it was added.
 * The sitemap lists products by id, which the primary key already orders.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table products add column changed_at timestamptz');
  await knex.raw('update products set changed_at = created_at');
  await knex.raw('alter table products alter column changed_at set not null, alter column changed_at set default now()');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table products drop column changed_at');
};
