import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { freshPglite } from '../support/databases';
import { catalogContract } from './catalog.contract';

catalogContract('PGlite', async () => {
  const db = await freshPglite();
  return { catalog: new KnexCatalog(db.knex), close: () => db.close() };
});
