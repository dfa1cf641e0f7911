import { Knex } from 'knex';

/**
 * The housekeeping removes a year-old download log entry that does not count toward its line's
 * cap (core/housekeeping/domain/retention.ts): this index finds them by their moment, as migration
 * 015 does for the other tables, so each batch reads only what it removes.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create index file_downloads_uncounted_at on file_downloads (at) where not (completed and counted)');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists file_downloads_uncounted_at');
};
