import { Database } from '../../adapters/persistence/database';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexProductEditor } from '../../adapters/persistence/knex-product-editor';
import { KnexProductFiles } from '../../adapters/persistence/knex-product-files';
import { KnexProductsTable } from '../../adapters/persistence/knex-products-table';
import { ProductsTableUnderTest } from './products-table.contract';

/** KnexProductsTable on a given database, with the writers whose rows it reads. */
export const knexProductsTable = (db: Database): ProductsTableUnderTest => ({
  table: new KnexProductsTable(db.knex),
  editor: new KnexProductEditor(db.knex),
  orders: new KnexOrders(db.knex),
  files: new KnexProductFiles(db.knex),
  addUser: async (id) => {
    await db.knex('users').insert({ id, username: `u${id.slice(-8)}`, email: `${id}@mail.test`, password_hash: 'hash' });
  },
  close: () => db.close(),
});
