import { Knex } from 'knex';

/**
 * E-mail waiting to go out (core/ordering/ports/mailer.ts, Outbox). The order's migration creates
 * the same table; `if not exists` lets either land first.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table if not exists outbox (
      id text primary key,
      recipient text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
      attempts integer not null default 0,
      due_at timestamptz not null default now(),
      claimed_until timestamptz,
      sent_at timestamptz,
      last_error text,
      created_at timestamptz not null default now()
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists outbox');
};
