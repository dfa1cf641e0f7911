import { Knex } from 'knex';

const ACTIONS_BEFORE = `'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected',
    'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset', 'job-retried', 'guest-orders-attached',
    'confirmation-resent', 'library-link-resent'`;

/**
 * Coupons (issue 21). `uses` counts the uses held now, changed only under the coupon row's lock in
 * the transaction that creates (or fails, expires, refunds) the order, so the caps hold against
 * buyers racing for the last use. A redemption is kept per order (one coupon per order); one given
 * back stays, marked, for the reports. An order keeps the code and the discount it was sold with.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table coupons (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
      percent_off integer null check (percent_off between 1 and 100),
      usd_off_minor bigint null check (usd_off_minor > 0),
      egp_off_minor bigint null check (egp_off_minor > 0),
      scope text not null check (scope in ('all', 'products', 'types', 'categories')),
      scope_values jsonb not null default '[]',
      starts_at timestamptz null,
      ends_at timestamptz null,
      max_uses integer null check (max_uses > 0),
      max_uses_per_customer integer null check (max_uses_per_customer > 0),
      minimum_usd_minor bigint null check (minimum_usd_minor >= 0),
      minimum_egp_minor bigint null check (minimum_egp_minor >= 0),
      disabled boolean not null default false,
      uses integer not null default 0 check (uses >= 0),
      created_at timestamptz not null default now(),
      check ((percent_off is null) <> (usd_off_minor is null and egp_off_minor is null))
    )`);
  await knex.raw('create index coupons_newest on coupons (created_at desc, id desc)');
  await knex.raw(`
    create table coupon_redemptions (
      order_id text primary key references orders (id) deferrable initially deferred,
      coupon_id text not null references coupons (id),
      customer text not null,
      discount_minor bigint not null check (discount_minor >= 0),
      currency text not null check (currency in ('USD', 'EGP')),
      redeemed_at timestamptz not null,
      given_back boolean not null default false
    )`);
  await knex.raw('create index coupon_uses_of_customer on coupon_redemptions (coupon_id, customer) where not given_back');
  await knex.raw('alter table orders add column coupon_code text null, add column discount_minor bigint null check (discount_minor >= 0)');
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
    ${ACTIONS_BEFORE}, 'coupons-created', 'coupon-disabled'
  ))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw("delete from audit_log where action in ('coupons-created', 'coupon-disabled')");
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}))`);
  await knex.raw('alter table orders drop column coupon_code, drop column discount_minor');
  await knex.raw('drop table coupon_redemptions');
  await knex.raw('drop table coupons');
};
