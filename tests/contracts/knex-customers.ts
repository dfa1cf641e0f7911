import { Database } from '../../adapters/persistence/database';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexCustomers } from '../../adapters/persistence/knex-customers';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexRetention } from '../../adapters/persistence/knex-retention';
import { KnexUnitOfWork } from '../../adapters/persistence/knex-unit-of-work';
import { CustomersUnderTest } from './customers.contract';

/** KnexCustomers on a given database, for the PGlite and PostgreSQL runs of the contract. */
export const knexCustomers = (db: Database): CustomersUnderTest => ({
  customers: new KnexCustomers(db.knex),
  orders: new KnexOrders(db.knex),
  work: new KnexUnitOfWork(db.knex),
  catalog: new KnexCatalog(db.knex),
  addUser: async ({ id, username, email, role = 'User' }) => {
    await db.knex('users').insert({ id, username, email, role, password_hash: 'hash' });
  },
  rename: async (id, username) => {
    await db.knex('users').where({ id }).update({ username });
  },
  removeUnpaidOrders: (before) => new KnexRetention(db.knex).remove('unpaid-orders', before, 100),
  close: () => db.close(),
});
