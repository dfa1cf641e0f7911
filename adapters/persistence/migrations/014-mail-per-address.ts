import { Knex } from 'knex';

/** The outbox counts what it sent to an address within the last hour before it sends another (no relay). */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`create index outbox_sent_to on outbox (lower(recipient), sent_at) where status = 'sent'`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists outbox_sent_to');
};
