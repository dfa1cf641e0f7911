import { Database } from '../../adapters/persistence/database';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexPaymentReceipts } from '../../adapters/persistence/knex-payment-receipts';
import { egp } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';
import { PaymentReceiptsUnderTest } from './payment-receipts.contract';

/** KnexPaymentReceipts on a given database, for the PGlite and PostgreSQL runs of the contract. */
export const knexPaymentReceipts = async (db: Database): Promise<PaymentReceiptsUnderTest> => {
  const buyer = nextId();
  const book = aProduct({ title: 'Atlas of Periodontics', egpprice: egp(130_000) });
  await db.knex('users').insert({ id: buyer, username: 'Hana', email: 'hana@account.test', password_hash: 'hash' });
  await new KnexCatalog(db.knex).addMany([book]);
  const orders = new KnexOrders(db.knex);
  return {
    receipts: new KnexPaymentReceipts(db.knex),
    anOrder: async () =>
      (
        await orders.add({
          id: nextId(),
          userId: buyer,
          buyerName: 'Hana Adel',
          buyerEmail: 'hana@mail.test',
          method: 'transfer',
          paymentMethod: 'transfer',
          currency: 'EGP',
          total: egp(130_000),
          lines: [{ productId: book._id, title: book.title, price: egp(130_000) }],
          createdAt: new Date().toISOString(),
        })
      ).id,
    close: () => db.close(),
  };
};
