import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { customersContract } from './customers.contract';
import { knexCustomers } from './knex-customers';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) customersContract('PostgreSQL server', async () => knexCustomers(await freshPostgres(url)));
else test.skip('Customers contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
