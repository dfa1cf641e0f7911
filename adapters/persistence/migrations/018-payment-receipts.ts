import { Knex } from 'knex';

/**
 * Issue 18, item 4: the receipt a buyer sends for an order paid by hand (an InstaPay or wallet
 * transfer), one per order (a new one replaces it). The image itself is in the receipts' private
 * storage; this row says where, and when it came. It goes with its order.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table payment_receipts (
      order_id text primary key references orders (id) on delete cascade,
      address text not null,
      format text not null check (format in ('jpg', 'png', 'gif', 'webp')),
      uploaded_at timestamptz not null
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table payment_receipts');
};
