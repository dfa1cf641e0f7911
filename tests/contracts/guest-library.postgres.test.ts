import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { guestLibraryContract } from './guest-library.contract';
import { knexGuestLibrary } from './knex-guest-library';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) guestLibraryContract('PostgreSQL server', async () => knexGuestLibrary(await freshPostgres(url)));
else test.skip('Guest library contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
