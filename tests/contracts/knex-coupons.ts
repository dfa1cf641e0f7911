import { Database } from '../../adapters/persistence/database';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexCoupons } from '../../adapters/persistence/knex-coupons';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexUnitOfWork } from '../../adapters/persistence/knex-unit-of-work';
import { CouponsUnderTest } from './coupons.contract';

/** KnexCoupons on a given database, for the PGlite and PostgreSQL runs of the contract. */
export const knexCoupons = (db: Database): CouponsUnderTest => ({
  coupons: new KnexCoupons(db.knex),
  orders: new KnexOrders(db.knex),
  work: new KnexUnitOfWork(db.knex),
  catalog: new KnexCatalog(db.knex),
  close: () => db.close(),
});
