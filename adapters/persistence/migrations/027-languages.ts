import { Knex } from 'knex';

/**
 * Issue 20: the language an account chose (none until its owner picks one while signed in), and the
 * language each order was placed in, which its letters are written in. Orders placed before this were
 * placed in English, the only language the store spoke.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`alter table users add column language text null check (language in ('en', 'pt', 'es', 'ar'))`);
  await knex.raw(`alter table orders add column language text not null default 'en' check (language in ('en', 'pt', 'es', 'ar'))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table orders drop column language');
  await knex.raw('alter table users drop column language');
};
