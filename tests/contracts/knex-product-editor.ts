import { Database } from '../../adapters/persistence/database';
import { KnexAuditLog } from '../../adapters/persistence/knex-audit-log';
import { KnexCarts } from '../../adapters/persistence/knex-carts';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexProductEditor } from '../../adapters/persistence/knex-product-editor';
import { ProductEditorUnderTest } from './product-editor.contract';

/** KnexProductEditor on a given database, with the adapters that read what it writes. */
export const knexProductEditor = (db: Database): ProductEditorUnderTest => ({
  editor: new KnexProductEditor(db.knex),
  catalog: new KnexCatalog(db.knex),
  carts: new KnexCarts(db.knex),
  orders: new KnexOrders(db.knex),
  audit: new KnexAuditLog(db.knex),
  addUser: async (id, username) => {
    await db.knex('users').insert({ id, username, email: `${id}@mail.test`, password_hash: 'hash' });
  },
  close: () => db.close(),
});
