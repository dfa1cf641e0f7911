import { Database } from '../../adapters/persistence/database';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexCarts } from '../../adapters/persistence/knex-carts';
import { KnexSessions, KnexSignInThrottle, KnexUsers } from '../../adapters/persistence/knex-accounts';
import { FixedClock } from '../support/clock';
import { AccountsUnderTest } from './accounts.contract';

/** The knex adapters on a given database, for the PGlite and PostgreSQL runs of the contract. */
export const knexAccounts = (db: Database): AccountsUnderTest => {
  const clock = new FixedClock();
  return {
    users: new KnexUsers(db.knex),
    sessions: new KnexSessions(db.knex, clock),
    throttle: new KnexSignInThrottle(db.knex, clock),
    carts: new KnexCarts(db.knex),
    catalog: new KnexCatalog(db.knex),
    clock,
    deleteProduct: async (id) => {
      await db.knex('products').where('id', id).update({ deleted_at: new Date() });
    },
    close: () => db.close(),
  };
};
