import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexRetention } from './knex-retention';
import { retentionContract } from './retention.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) retentionContract('PostgreSQL server', async () => knexRetention(await freshPostgres(url)));
else test.skip('Retention contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
