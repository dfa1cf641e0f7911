import { Database } from '../../adapters/persistence/database';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexReadingPositions } from '../../adapters/persistence/knex-reading-positions';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';
import { ReadingPositionsUnderTest } from './reading-positions.contract';

/** KnexReadingPositions on a given database, with the orders (and accounts) its reference wants. */
export const knexReadingPositions = (db: Database): ReadingPositionsUnderTest => ({
  positions: new KnexReadingPositions(db.knex),
  addOrder: async (orderId, holder) => {
    const productId = nextId();
    await new KnexCatalog(db.knex).addMany([aProduct({ _id: productId })]);
    if (holder.kind === 'account')
      await db.knex('users').insert({ id: holder.userId, username: `u${holder.userId.slice(-8)}`, email: `${holder.userId}@mail.test`, password_hash: 'hash' });
    await new KnexOrders(db.knex).add({
      id: orderId,
      ...(holder.kind === 'account' ? { userId: holder.userId } : {}),
      buyerName: 'Hana',
      buyerEmail: holder.kind === 'library' ? holder.email : `${holder.userId}@mail.test`,
      method: 'paypal',
      paymentMethod: 'card',
      currency: 'USD',
      total: usd(50),
      lines: [{ productId, title: 'Atlas', price: usd(50) }],
      createdAt: new Date().toISOString(),
    });
  },
  close: () => db.close(),
});
