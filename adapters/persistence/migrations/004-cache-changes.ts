import { Knex } from 'knex';

/**
 * What changed, for the caches of every app process (see change-feed.ts): one row per change,
 * read by each process once per refresh interval and pruned after a few minutes. It replaces the
 * one version per area, which made a cart write forget every shopper's cached answers.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table cache_changes (
      seq bigserial primary key,
      area text not null check (area in ('catalogue', 'cart', 'account')),
      key text not null default '',
      at timestamptz not null default now()
    )`);
  await knex.raw('create index cache_changes_at on cache_changes (at)');
  await knex.raw('drop table cache_versions');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('create table cache_versions (name text primary key, version bigint not null)');
  await knex.raw("insert into cache_versions (name, version) values ('catalogue', 1), ('accounts', 1)");
  await knex.raw('drop table cache_changes');
};
