import { Knex } from 'knex';

/**
 * Indexes of the admin's order search and filters (issue 21; adapters/persistence/order-search-sql.ts):
 * an order number is the id's last 6 characters; an e-mail by its start (a b-tree range); a product
 * title from any 3 of its characters by trigram (pg_trgm, migration 001, which PGlite loads too); the status, provider and
 * currency filters walk their own index newest first, so a rare state is found without reading every
 * order. The refunds index serves an order's timeline.
 *
 * The customers list (issue 21): guests are the addresses of guest orders, kept once each in
 * guest_customers as orders are added (knex-orders.ts), so the list pages through accounts and guests
 * by address on two indexes instead of grouping every guest order; names and addresses are found by
 * trigram. Two admin actions join the audit log: a confirmation or a library link sent again.
 */
const INDEXES = [
  'create index orders_number on orders (right(id, 6))',
  'create index orders_buyer_email_prefix on orders (lower(buyer_email) text_pattern_ops)',
  'create index order_lines_title_trgm on order_lines using gin (lower(title) gin_trgm_ops)',
  'create index orders_status_newest on orders (status, created_at desc, id desc)',
  'create index orders_method_newest on orders (method, payment_method, created_at desc, id desc)',
  'create index orders_currency_newest on orders (currency, created_at desc, id desc)',
  'create index orders_delivered_newest on orders (created_at desc, id desc) where delivered',
  'create index refunds_of_order on refunds (order_id)',
  'create index users_username_trgm on users using gin (lower(username) gin_trgm_ops)',
  'create index users_email_trgm on users using gin (lower(email) gin_trgm_ops)',
];

const ACTIONS_BEFORE = `'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected',
    'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset', 'job-retried', 'guest-orders-attached'`;

export const up = async (knex: Knex): Promise<void> => {
  for (const index of INDEXES) await knex.raw(index);
  await knex.raw('create table guest_customers (email text primary key)');
  await knex.raw('insert into guest_customers (email) select distinct buyer_email from orders where user_id is null');
  await knex.raw('create index guest_customers_email_trgm on guest_customers using gin (email gin_trgm_ops)');
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, 'confirmation-resent', 'library-link-resent'))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`delete from audit_log where action in ('confirmation-resent', 'library-link-resent')`);
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}))`);
  await knex.raw('drop table if exists guest_customers');
  for (const index of INDEXES) await knex.raw(`drop index if exists ${/^create index (\w+)/.exec(index)![1]}`);
};
