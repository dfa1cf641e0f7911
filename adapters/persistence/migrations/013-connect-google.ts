import { Knex } from 'knex';

/**
 * A Google account is connected to an existing account only by its signed-in owner (DECISIONS 23):
 * the pending sign-in remembers whose account asked, and the callback links to that account only.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table pending_sign_ins add column connect_for text references users (id) on delete cascade');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table pending_sign_ins drop column connect_for');
};
