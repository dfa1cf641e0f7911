import { Database } from '../../adapters/persistence/database';
import { KnexStampedCopies } from '../../adapters/persistence/knex-stamped-copies';
import { knexProductFiles } from './knex-product-files';
import { StampedCopiesUnderTest } from './stamped-copies.contract';

/** KnexStampedCopies on a given database, with the orders its reference needs. */
export const knexStampedCopies = (db: Database): StampedCopiesUnderTest => {
  const rows = knexProductFiles(db);
  return {
    copies: new KnexStampedCopies(db.knex),
    addOrder: (orderId) => rows.addOrder(orderId, `${orderId.slice(0, 12)}${'0'.repeat(12)}`, []),
    close: () => rows.close(),
  };
};
