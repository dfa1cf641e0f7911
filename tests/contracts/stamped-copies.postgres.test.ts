import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexStampedCopies } from './knex-stamped-copies';
import { stampedCopiesContract } from './stamped-copies.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) stampedCopiesContract('PostgreSQL server', async () => knexStampedCopies(await freshPostgres(url)));
else test.skip('StampedCopies contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
