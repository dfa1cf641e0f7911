import { Knex } from 'knex';

/**
 * Indexes for the housekeeping run (knex-retention.ts): each kind of record past its retention is
 * found by an index range, so a batch reads only the rows it removes, however large the table.
 * (visits: its primary key starts with the day; pending_sign_ins has its expiry index already.)
 */
const INDEXES = [
  'create index sessions_expiry on sessions (expires_at)',
  'create index sign_in_failures_window_end on sign_in_failures (window_ends)',
  'create index sign_in_addresses_last_seen on sign_in_addresses (last_seen)',
  'create index password_resets_expiry on password_resets (expires_at)',
  'create index downloads_at on downloads (at)',
  "create index outbox_sent on outbox (sent_at) where status = 'sent'",
  "create index outbox_failed on outbox (due_at) where status = 'failed'",
  "create index orders_unpaid on orders (created_at) where status in ('pending', 'failed')",
  'create index products_deleted on products (deleted_at) where deleted_at is not null',
  'create index cart_items_product on cart_items (product_id)',
];

export const up = async (knex: Knex): Promise<void> => {
  for (const index of INDEXES) await knex.raw(index);
};

export const down = async (knex: Knex): Promise<void> => {
  for (const index of INDEXES) await knex.raw(`drop index if exists ${/^create index (\w+)/.exec(index)![1]}`);
};
