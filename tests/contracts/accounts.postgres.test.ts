import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { accountsContract } from './accounts.contract';
import { knexAccounts } from './knex-accounts';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) accountsContract('PostgreSQL server', async () => knexAccounts(await freshPostgres(url)));
else test.skip('Accounts contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
