import { Database } from '../../adapters/persistence/database';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexProductEditor } from '../../adapters/persistence/knex-product-editor';
import { KnexDownloadLog } from '../../adapters/persistence/knex-product-files';
import { KnexSalesFigures } from '../../adapters/persistence/knex-sales-figures';
import { KnexUnitOfWork } from '../../adapters/persistence/knex-unit-of-work';
import { KnexVisits } from '../../adapters/persistence/knex-visits';
import { SalesFiguresUnderTest } from './sales-figures.contract';

/** KnexSalesFigures over the store's own writers on one database, for the PGlite and PostgreSQL runs. */
export const knexSalesFigures = (db: Database): SalesFiguresUnderTest => ({
  figures: new KnexSalesFigures(db.knex),
  orders: new KnexOrders(db.knex),
  work: new KnexUnitOfWork(db.knex),
  catalog: new KnexCatalog(db.knex),
  editor: new KnexProductEditor(db.knex),
  downloads: new KnexDownloadLog(db.knex),
  visits: new KnexVisits(db.knex),
  addUser: async ({ id, username, email }) => {
    await db.knex('users').insert({ id, username, email, password_hash: 'hash' });
  },
  close: () => db.close(),
});
