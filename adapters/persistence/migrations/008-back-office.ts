import { Knex } from 'knex';

/**
 * The back office: the audit log of admin actions, the admin's listing of every order, and room
 * for what a bulk reprice can reach.
 */
export const up = async (knex: Knex): Promise<void> => {
  // Written in the transaction of each admin change (see knex-product-editor.ts, knex-orders.ts).
  // The actions are spelled out, not read from AUDIT_ACTIONS, so this migration means the same on
  // every database; a new action needs a migration (the audit log's test tries every action).
  await knex.raw(`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null,
      actor_id text not null references users (id),
      actor_name text not null,
      action text not null check (action in (
        'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered'
      )),
      subject text null,
      before jsonb null,
      after jsonb null,
      detail jsonb null
    )`);
  await knex.raw('create index audit_log_newest on audit_log (at desc, id desc)');

  // Customer Orders pages through every user's orders, newest first.
  await knex.raw('create index orders_newest on orders (created_at desc, id desc)');
  await knex.raw('alter table orders add column delivered_at timestamptz null');

  // Room to spare: whatever the form's and the rate's limits become, one product priced beyond
  // what a 32-bit integer holds must not make the whole reprice fail.
  await knex.raw('alter table products alter column egp_price_cents type bigint');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table products alter column egp_price_cents type integer');
  await knex.raw('alter table orders drop column if exists delivered_at');
  await knex.raw('drop index if exists orders_newest');
  await knex.raw('drop table if exists audit_log');
};
