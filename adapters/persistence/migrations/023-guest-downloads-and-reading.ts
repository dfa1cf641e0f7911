import { Knex } from 'knex';

/**
 * Issue 19, parts 5 and 6: a guest's library session downloads too, so the download log keeps who
 * as an account or, for a guest, the address (exactly one of them); each response says whether it
 * served a download or the reader, and only downloads count toward the cap. The reader's last page
 * per holder (`account:<id>` or `library:<address>`), order and file.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table file_downloads alter column user_id drop not null');
  await knex.raw('alter table file_downloads add column guest_email text null');
  await knex.raw('alter table file_downloads add constraint file_downloads_one_holder check ((user_id is null) <> (guest_email is null))');
  await knex.raw(`alter table file_downloads add column purpose text not null default 'download' check (purpose in ('download', 'read'))`);
  await knex.raw('drop index file_downloads_of_line');
  await knex.raw(`create index file_downloads_of_line on file_downloads (order_id, product_id) where completed and counted and purpose = 'download'`);
  await knex.raw(`
    create table reading_positions (
      holder text not null check (holder ~ '^(account|library):.'),
      order_id text not null references orders (id),
      file_id text not null,
      page integer not null check (page between 1 and 100000),
      updated_at timestamptz not null,
      primary key (holder, order_id, file_id)
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table reading_positions');
  await knex.raw(`delete from file_downloads where purpose = 'read' or user_id is null`);
  await knex.raw('drop index file_downloads_of_line');
  await knex.raw('create index file_downloads_of_line on file_downloads (order_id, product_id) where completed and counted');
  await knex.raw('alter table file_downloads drop column purpose');
  await knex.raw('alter table file_downloads drop constraint file_downloads_one_holder');
  await knex.raw('alter table file_downloads drop column guest_email');
  await knex.raw('alter table file_downloads alter column user_id set not null');
};
