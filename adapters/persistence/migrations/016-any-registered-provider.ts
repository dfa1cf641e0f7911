import { Knex } from 'knex';

/**
 * An order's `method` names the provider it is paid through, as registered (adapters/payments/
 * registry.ts), or 'free': a closed list here would make adding a provider a change to the schema.
 * The shape of a registered name is still checked (the composition refuses any other at start).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table orders drop constraint orders_method_check');
  await knex.raw("alter table orders add constraint orders_method_check check (method ~ '^[a-z][a-z0-9-]{0,29}$')");
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table orders drop constraint orders_method_check');
  await knex.raw("alter table orders add constraint orders_method_check check (method in ('paypal', 'paymob', 'free'))");
};
