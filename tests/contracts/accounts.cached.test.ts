import { CachedCarts, CachedSessions, UsersThatTell } from '../../adapters/persistence/cached-accounts';
import { CatalogWriterThatTells } from '../../adapters/persistence/cached-catalog';
import { ChangeFeed, logChange } from '../../adapters/persistence/change-feed';
import { freshPglite } from '../support/databases';
import { accountsContract } from './accounts.contract';
import { knexAccounts } from './knex-accounts';

// What production runs: the cache decorators in front of the knex adapters.
accountsContract('cached, over PGlite', async () => {
  const db = await freshPglite();
  const changes = new ChangeFeed(db.knex, 50);
  await changes.start();
  const raw = knexAccounts(db);
  return {
    ...raw,
    users: new UsersThatTell(raw.users, changes),
    sessions: new CachedSessions(raw.sessions, changes, raw.clock),
    carts: new CachedCarts(raw.carts, changes),
    catalog: new CatalogWriterThatTells(raw.catalog, changes),
    // As the admin editor's writer will: the deletion and its change land together, then tell here.
    deleteProduct: async (id) => {
      await db.knex.transaction(async (trx) => {
        await trx('products').where('id', id).update({ deleted_at: new Date() });
        await logChange(trx, 'catalogue');
      });
      changes.changedHere('catalogue');
    },
    close: async () => {
      changes.stop();
      await raw.close();
    },
  };
});
