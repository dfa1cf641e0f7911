import { Knex } from 'knex';

/**
 * Guest checkout (DECISIONS 25): an order may have no account, its buyer known by `buyer_email`
 * until an account proving that address takes it. Library links and sessions are kept as the
 * SHA-256 of their tokens; a link is spent once (`used_at`). Attaching is audited.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table orders alter column user_id drop not null');
  await knex.raw('create index orders_of_guest on orders (buyer_email, created_at desc, id desc) where user_id is null');
  await knex.raw(`
    create table library_links (
      token_hash text primary key,
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz null
    )`);
  await knex.raw('create index library_links_expiry on library_links (expires_at)');
  await knex.raw(`
    create table library_sessions (
      token_hash text primary key,
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
  await knex.raw('create index library_sessions_expiry on library_sessions (expires_at)');
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
    'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected',
    'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset', 'job-retried', 'guest-orders-attached'
  ))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists library_sessions, library_links');
  await knex.raw('drop index if exists orders_of_guest');
  await knex.raw("delete from audit_log where action = 'guest-orders-attached'");
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
    'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected',
    'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset', 'job-retried'
  ))`);
};
