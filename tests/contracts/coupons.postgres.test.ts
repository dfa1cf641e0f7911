import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexCoupons } from './knex-coupons';
import { couponsContract } from './coupons.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) couponsContract('PostgreSQL server', async () => knexCoupons(await freshPostgres(url)));
else test.skip('Coupons contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
