import { Knex } from 'knex';

/**
 * Orders, the products they sold, the downloads of them, and the outbox of e-mails. Amounts are
 * whole minor units with their currency. An order's state changes only by conditional updates
 * (see knex-orders.ts); `payment_id` is unique so one provider payment settles one order, ever.
 * Order lines reference products, which are only ever soft-deleted: a sold product stays reachable.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table orders (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      user_id text not null references users (id),
      buyer_name text not null,
      buyer_email text not null,
      method text not null check (method in ('paypal', 'paymob', 'free')),
      currency text not null check (currency in ('USD', 'EGP')),
      total_minor bigint not null check (total_minor >= 0),
      status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
      delivered boolean not null default false,
      reference text,
      payment_id text unique,
      created_at timestamptz not null default now(),
      paid_at timestamptz
    )`);
  await knex.raw('create index orders_of_user on orders (user_id, created_at desc, id desc)');
  await knex.raw('create unique index orders_reference on orders (method, reference) where reference is not null');
  await knex.raw("create index orders_unsettled on orders (created_at) where status = 'pending' and reference is not null");

  await knex.raw(`
    create table order_lines (
      order_id text not null references orders (id),
      position integer not null,
      product_id text not null references products (id),
      title text not null,
      price_minor bigint not null check (price_minor >= 0),
      currency text not null check (currency in ('USD', 'EGP')),
      primary key (order_id, product_id),
      unique (order_id, position)
    )`);

  await knex.raw(`
    create table downloads (
      order_id text not null,
      product_id text not null,
      user_id text not null references users (id),
      at timestamptz not null default now(),
      foreign key (order_id, product_id) references order_lines (order_id, product_id)
    )`);
  await knex.raw('create index downloads_of_order on downloads (order_id, product_id)');

  // Written in the transaction of the change it tells of; read and sent by the mail sender.
  await knex.raw(`
    create table outbox (
      id text primary key,
      recipient text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
      attempts integer not null default 0,
      due_at timestamptz not null default now(),
      claimed_until timestamptz null,
      sent_at timestamptz null,
      last_error text null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw("create index outbox_due on outbox (due_at) where status in ('queued', 'sending')");
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists outbox, downloads, order_lines, orders');
};
