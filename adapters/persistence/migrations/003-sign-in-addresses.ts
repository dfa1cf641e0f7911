import { Knex } from 'knex';

/**
 * The addresses each account has signed in from, so that a stranger's failed tries do not lock the
 * owner out of them (core/identity/domain/sign-in-limits.ts). Only a hash of the address with the
 * account is kept, never the address itself.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table sign_in_addresses (
      user_id text not null references users (id) on delete cascade,
      address_hash text not null,
      last_seen timestamptz not null,
      primary key (user_id, address_hash)
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists sign_in_addresses');
};
