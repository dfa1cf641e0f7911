import { Knex } from 'knex';

/**
 * Indexes of the admin's order search and filters (issue 21; adapters/persistence/order-search-sql.ts):
 * an order number is the id's last 6 characters; an e-mail or a product title is found from any 3 of
 * its characters by trigram (pg_trgm, migration 001, which PGlite loads too); the status, provider and
 * currency filters walk their own index newest first, so a rare state is found without reading every
 * order. The refunds and outbox indexes serve an order's timeline.
 */
const INDEXES = [
  'create index orders_number on orders (right(id, 6))',
  'create index orders_buyer_email_trgm on orders using gin (lower(buyer_email) gin_trgm_ops)',
  'create index order_lines_title_trgm on order_lines using gin (lower(title) gin_trgm_ops)',
  'create index orders_status_newest on orders (status, created_at desc, id desc)',
  'create index orders_method_newest on orders (method, payment_method, created_at desc, id desc)',
  'create index orders_currency_newest on orders (currency, created_at desc, id desc)',
  'create index orders_delivered_newest on orders (created_at desc, id desc) where delivered',
  'create index refunds_of_order on refunds (order_id)',
];

export const up = async (knex: Knex): Promise<void> => {
  for (const index of INDEXES) await knex.raw(index);
};

export const down = async (knex: Knex): Promise<void> => {
  for (const index of INDEXES) await knex.raw(`drop index if exists ${/^create index (\w+)/.exec(index)![1]}`);
};
