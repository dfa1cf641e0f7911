import { Database } from '../../adapters/persistence/database';
import { KnexAuditLog } from '../../adapters/persistence/knex-audit-log';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexDownloadLog, KnexProductFiles } from '../../adapters/persistence/knex-product-files';
import { usd } from '../../core/shared/money';
import { aProduct } from '../support/products';
import { ProductFilesUnderTest } from './product-files.contract';

/** KnexProductFiles and KnexDownloadLog on a given database, with the rows their references need. */
export const knexProductFiles = (db: Database): ProductFilesUnderTest => {
  const users = new Set<string>();
  const addUser = async (id: string) => {
    if (users.has(id)) return;
    users.add(id);
    await db.knex('users').insert({ id, username: `u${id.slice(-8)}`, email: `${id}@mail.test`, password_hash: 'hash' });
  };
  return {
    files: new KnexProductFiles(db.knex),
    log: new KnexDownloadLog(db.knex),
    audit: new KnexAuditLog(db.knex),
    addUser,
    addProduct: async (productId) => {
      await new KnexCatalog(db.knex).addMany([aProduct({ _id: productId })]);
    },
    addOrder: async (orderId, userId, productIds) => {
      await addUser(userId);
      await new KnexOrders(db.knex).add({
        id: orderId,
        userId,
        buyerName: 'Hana',
        buyerEmail: 'hana@mail.test',
        method: 'paypal',
        paymentMethod: 'card',
        currency: 'USD',
        total: usd(100),
        lines: productIds.map((productId) => ({ productId, title: 'Atlas', price: usd(50) })),
        createdAt: new Date().toISOString(),
      });
    },
    close: () => db.close(),
  };
};
