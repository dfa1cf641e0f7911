import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { salesFiguresContract } from './sales-figures.contract';
import { knexSalesFigures } from './knex-sales-figures';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) salesFiguresContract('PostgreSQL server', async () => knexSalesFigures(await freshPostgres(url)));
else test.skip('SalesFigures contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
