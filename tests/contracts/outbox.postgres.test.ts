import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexOutbox } from './knex-outbox';
import { outboxContract } from './outbox.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) outboxContract('PostgreSQL server', async () => knexOutbox(await freshPostgres(url)));
else test.skip('Outbox contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
