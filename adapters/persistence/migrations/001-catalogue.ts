import { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw(`
    create table products (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      title text not null,
      authors text[] not null default '{}',
      description text not null default '',
      covers text[] not null default '{}',
      small_covers text[] not null default '{}',
      price_cents integer not null check (price_cents >= 0),
      egp_price_cents integer not null check (egp_price_cents >= 0),
      type text not null check (type in ('books', 'courses', 'journals')),
      categories text[] not null default '{}',
      size_mb numeric not null default 0,
      pages integer not null default 0,
      language text not null default '',
      format text not null default '',
      year text not null default '',
      isbn text,
      eisbn text,
      duration text,
      video_count text,
      product_url text not null default '',
      download_pass text not null default '',
      -- lower-cased title and authors, the one text search reads (kept by the repository)
      search_text text not null,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`);
  // Listings read newest first, per type or book category; deleted products are never listed.
  await knex.raw('create index products_newest on products (created_at desc, id desc) where deleted_at is null');
  await knex.raw('create index products_type_newest on products (type, created_at desc, id desc) where deleted_at is null');
  await knex.raw('create index products_categories on products using gin (categories) where deleted_at is null');
  await knex.raw('create index products_recent_editions on products (year desc, created_at desc, id desc) where deleted_at is null');
  await knex.raw('create index products_search on products using gin (search_text gin_trgm_ops) where deleted_at is null');

  // A version per cached area that goes up with every change to it, so that every app process can
  // tell that its cache is stale (see shared-version.ts).
  await knex.raw('create table cache_versions (name text primary key, version bigint not null)');
  await knex.raw("insert into cache_versions (name, version) values ('catalogue', 1)");

  await knex.raw(`
    create table visits (
      day date not null,
      page text not null,
      country text not null,
      count integer not null default 0,
      primary key (day, page, country)
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists visits, cache_versions, products');
};
