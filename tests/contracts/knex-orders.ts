import { Database } from '../../adapters/persistence/database';
import { KnexAuditLog } from '../../adapters/persistence/knex-audit-log';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexOrderHistory } from '../../adapters/persistence/knex-order-history';
import { KnexRefundLedger, KnexUnitOfWork } from '../../adapters/persistence/knex-unit-of-work';
import { OrdersUnderTest } from './orders.contract';

/** KnexOrders on a given database, for the PGlite and PostgreSQL runs of the contract. */
export const knexOrders = (db: Database): OrdersUnderTest => ({
  orders: new KnexOrders(db.knex),
  work: new KnexUnitOfWork(db.knex),
  refunds: new KnexRefundLedger(db.knex),
  history: new KnexOrderHistory(db.knex),
  catalog: new KnexCatalog(db.knex),
  audit: new KnexAuditLog(db.knex),
  addUser: async ({ id, username, email }) => {
    await db.knex('users').insert({ id, username, email, password_hash: 'hash' });
  },
  cacheChanges: async () => Number((await db.knex('cache_changes').count({ count: '*' }).first())?.count),
  deleteProduct: async (id) => {
    await db.knex('products').where('id', id).update({ deleted_at: new Date() });
  },
  confirmations: async () =>
    (await db.knex('outbox').select('recipient', 'subject', 'text_body', 'html_body').orderBy('created_at')).map((row) => ({
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    })),
  close: () => db.close(),
});
