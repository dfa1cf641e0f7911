import { Knex } from 'knex';

/**
 * Accounts linked to a person at another provider (Google's `sub`), one person per account and
 * provider; and sign-ins started there, kept until their callback. Only a hash of a pending
 * sign-in's id is kept (the browser's cookie holds the id), as for sessions.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table external_identities (
      provider text not null,
      subject text not null,
      user_id text not null references users (id) on delete cascade,
      linked_at timestamptz not null default now(),
      primary key (provider, subject)
    )`);
  await knex.raw('create unique index external_identities_account on external_identities (provider, user_id)');
  await knex.raw(`
    create table pending_sign_ins (
      id_hash text primary key,
      state text not null,
      nonce text not null,
      code_verifier text not null,
      return_to text not null,
      expires_at timestamptz not null
    )`);
  await knex.raw('create index pending_sign_ins_expiry on pending_sign_ins (expires_at)');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists pending_sign_ins, external_identities');
};
