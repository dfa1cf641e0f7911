import { Knex } from 'knex';

/**
 * The search answers from an index of titles and authors in each process's memory (search-index.ts),
 * which is loaded again when this number has moved: every change to the catalogue adds one, in its
 * own transaction, and the row's lock keeps the numbers in commit order. The trigram index, which
 * the search no longer reads, goes: it was most of the cost of every write to a product.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create table catalogue_version (version bigint not null)');
  await knex.raw('insert into catalogue_version (version) values (1)');
  await knex.raw('drop index products_search');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('create index products_search on products using gin (search_text gin_trgm_ops) where deleted_at is null');
  await knex.raw('drop table catalogue_version');
};
