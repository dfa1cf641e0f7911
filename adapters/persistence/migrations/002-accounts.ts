import { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table users (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      username text not null,
      email text not null,
      role text not null default 'User' check (role in ('User', 'Admin')),
      password_hash text not null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create unique index users_username on users (lower(username))');
  await knex.raw('create unique index users_email on users (lower(email))');

  // Only a hash of each session token is kept: a copy of the table opens no session.
  await knex.raw(`
    create table sessions (
      token_hash text primary key,
      user_id text not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
  await knex.raw('create index sessions_user on sessions (user_id)');

  await knex.raw(`
    create table sign_in_failures (
      key text primary key,
      failures integer not null,
      window_ends timestamptz not null
    )`);

  await knex.raw(`
    create table cart_items (
      user_id text not null references users (id) on delete cascade,
      product_id text not null references products (id),
      added_at timestamptz not null default clock_timestamp(),
      primary key (user_id, product_id)
    )`);
  await knex.raw("insert into cache_versions (name, version) values ('accounts', 1)");
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists cart_items, sign_in_failures, sessions, users');
  await knex.raw("delete from cache_versions where name = 'accounts'");
};
