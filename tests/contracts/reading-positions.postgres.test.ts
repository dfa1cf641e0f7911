import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexReadingPositions } from './knex-reading-positions';
import { readingPositionsContract } from './reading-positions.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) readingPositionsContract('PostgreSQL server', async () => knexReadingPositions(await freshPostgres(url)));
else test.skip('ReadingPositions contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
