import { CachedCatalog, CatalogWriterThatTells } from '../../adapters/persistence/cached-catalog';
import { ChangeFeed } from '../../adapters/persistence/change-feed';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { freshPglite } from '../support/databases';
import { catalogContract } from './catalog.contract';

// What production runs: the cache and the writer that tells it, in front of the knex catalogue.
catalogContract('cached, over PGlite', async () => {
  const db = await freshPglite();
  const changes = new ChangeFeed(db.knex, 50);
  await changes.start();
  const knex = new KnexCatalog(db.knex, changes);
  const writer = new CatalogWriterThatTells(knex, changes);
  const catalog = Object.assign(new CachedCatalog(knex, changes), { addMany: writer.addMany.bind(writer) });
  return {
    catalog,
    close: async () => {
      changes.stop();
      await db.close();
    },
  };
});
