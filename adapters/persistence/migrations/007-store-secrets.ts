import { Knex } from 'knex';

/** Secrets the store makes for itself (the download links' signing key), shared by every app process. */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create table store_secrets (name text primary key, value text not null, created_at timestamptz not null default now())');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists store_secrets');
};
