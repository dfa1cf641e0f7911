import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexProductsTable } from './knex-products-table';
import { productsTableContract } from './products-table.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) productsTableContract('PostgreSQL server', async () => knexProductsTable(await freshPostgres(url)));
else test.skip('ProductsTable contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
