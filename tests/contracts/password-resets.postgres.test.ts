import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexPasswordResets } from './knex-password-resets';
import { passwordResetsContract } from './password-resets.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) passwordResetsContract('PostgreSQL server', async () => knexPasswordResets(await freshPostgres(url)));
else test.skip('PasswordResets contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
