import { Knex } from 'knex';

/**
 * Issue 19, item 4: each buyer's own copy of a PDF or EPUB, one per order and file, made by the
 * stamping job. `key` names the copy in the file storage; a row without one was delivered as
 * uploaded, and `note` says why. It goes with its order; it outlives a file the admin removed.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table stamped_copies (
      order_id text not null references orders (id) on delete cascade,
      file_id text not null,
      key text unique,
      note text,
      made_at timestamptz not null,
      primary key (order_id, file_id),
      check (key is not null or note is not null)
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table stamped_copies');
};
