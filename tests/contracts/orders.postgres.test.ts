import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexOrders } from './knex-orders';
import { ordersContract } from './orders.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) ordersContract('PostgreSQL server', async () => knexOrders(await freshPostgres(url)));
else test.skip('Orders contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
