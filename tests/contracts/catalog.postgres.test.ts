import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { catalogContract } from './catalog.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url)
  catalogContract('PostgreSQL server', async () => {
    const db = await freshPostgres(url);
    return { catalog: new KnexCatalog(db.knex), close: () => db.close() };
  });
else test.skip('Catalog contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
