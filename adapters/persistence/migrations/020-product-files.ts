import { Knex } from 'knex';

/**
 * Issue 19, parts 2 and 3: the files a product has (their bytes are in the file storage, private),
 * the completed downloads each buyer gets per product, and the log of every response a download
 * link served. A reset stops a line's entries counting; the log itself is kept.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table product_files (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      product_id text not null references products (id),
      name text not null,
      kind text not null check (kind in ('pdf', 'epub', 'zip', 'mp4')),
      key text not null unique,
      size bigint not null check (size > 0),
      uploaded_at timestamptz not null
    )`);
  await knex.raw('create index product_files_of_product on product_files (product_id, uploaded_at)');
  await knex.raw(`
    create table product_delivery (
      product_id text primary key references products (id),
      downloads_per_buyer integer not null check (downloads_per_buyer between 1 and 1000)
    )`);
  // No reference to product_files: the log outlives a file the admin removed.
  await knex.raw(`
    create table file_downloads (
      id bigint generated always as identity primary key,
      order_id text not null,
      product_id text not null,
      file_id text not null,
      user_id text not null references users (id),
      at timestamptz not null,
      address text not null,
      bytes bigint not null,
      completed boolean not null,
      counted boolean not null default true,
      foreign key (order_id, product_id) references order_lines (order_id, product_id)
    )`);
  await knex.raw('create index file_downloads_of_line on file_downloads (order_id, product_id) where completed and counted');
  await knex.raw('create index file_downloads_of_order on file_downloads (order_id, at)');

  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
    'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected',
    'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset'
  ))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table file_downloads');
  await knex.raw('drop table product_delivery');
  await knex.raw('drop table product_files');
};
