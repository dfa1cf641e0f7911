import { Knex } from 'knex';

/**
 * Reset links, kept as the SHA-256 of their token. A token is void once used, past its expiry, or
 * once the account's password changes (every way of changing it sets `used_at` on the account's
 * open tokens in the same step).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table password_resets (
      token_hash text primary key,
      user_id text not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz null
    )`);
  await knex.raw('create index password_resets_open on password_resets (user_id) where used_at is null');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists password_resets');
};
