import { Knex } from 'knex';
import { searchTextOf } from '../../../core/catalog/domain/search-text';

/**
 * Issue 20, item 5: a product's optional Arabic title and description (null when the admin gave
 * none), and search_text in the search's own spelling (search-text.ts), which now folds Arabic
 * letter forms, diacritics and digits. Only rows with Arabic-block characters can read differently
 * in it (Latin text is lower-cased as before), so only those are written again.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table products add column arabic_title text, add column arabic_description text');
  const rows: { id: string; title: string; authors: string[] }[] = await knex('products')
    .select('id', 'title', 'authors')
    .whereRaw(`(title || ' ' || array_to_string(authors, ' ')) ~ '[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdcf\ufdf0-\ufdff\ufe70-\ufeff]'`);
  for (const row of rows)
    await knex('products').where({ id: row.id }).update({ search_text: searchTextOf({ title: row.title, author: row.authors }) });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table products drop column arabic_title, drop column arabic_description');
};
