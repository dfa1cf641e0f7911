import { Knex } from 'knex';

/**
 * Issue 18: an order's whole life. Its status may also be expired (a kiosk reference ran out),
 * partly-refunded or refunded; it records the method paid by, the money given back, where to pay
 * away from the store (a kiosk's reference), and a version every saved change moves on, so a change
 * computed from an older read is never saved (core/ordering/domain/order-life.ts). A line whose money
 * went back is marked so (its download ends). Refunds are kept before the provider is asked: one
 * under way per order, so two at once never refund twice. The audit log gains the refund and the
 * manual transfer's approval and rejection.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table orders drop constraint orders_status_check');
  await knex.raw("alter table orders add constraint orders_status_check check (status in ('pending', 'paid', 'failed', 'expired', 'partly-refunded', 'refunded'))");
  await knex.raw("alter table orders add column payment_method text not null default ''");
  await knex.raw("update orders set payment_method = case method when 'paymob' then 'card' else method end");
  await knex.raw('alter table orders alter column payment_method drop default');
  await knex.raw('alter table orders add column refunded_minor bigint not null default 0');
  await knex.raw('alter table orders add constraint orders_refunded_within_total check (refunded_minor >= 0 and refunded_minor <= total_minor)');
  await knex.raw('alter table orders add column pay_at jsonb null');
  await knex.raw('alter table orders add column version integer not null default 0');
  // ISO times in UTC sort as text: the reminders' and the expiry's scan.
  await knex.raw("create index orders_expiring on orders ((pay_at ->> 'expiresAt')) where status = 'pending' and pay_at is not null");
  await knex.raw('alter table order_lines add column refunded boolean not null default false');

  await knex.raw(`
    create table refunds (
      key text primary key,
      order_id text not null references orders (id),
      product_ids jsonb not null,
      amount_minor bigint not null check (amount_minor > 0),
      currency text not null check (currency in ('USD', 'EGP')),
      state text not null default 'requested' check (state in ('requested', 'done', 'refused')),
      detail text null,
      requested_by text not null references users (id),
      requested_at timestamptz not null,
      closed_at timestamptz null
    )`);
  await knex.raw("create unique index refunds_one_under_way on refunds (order_id) where state = 'requested'");
  await knex.raw("create index refunds_stuck on refunds (requested_at) where state = 'requested'");

  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
    'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected'
  ))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table refunds');
  await knex.raw('alter table order_lines drop column refunded');
  await knex.raw('alter table orders drop column version, drop column pay_at, drop column refunded_minor, drop column payment_method');
  await knex.raw('alter table orders drop constraint orders_status_check');
  await knex.raw("alter table orders add constraint orders_status_check check (status in ('pending', 'paid', 'failed'))");
};
