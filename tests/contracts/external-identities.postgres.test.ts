import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { externalIdentitiesContract } from './external-identities.contract';
import { knexExternalIdentities } from './knex-external-identities';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) externalIdentitiesContract('PostgreSQL server', async () => knexExternalIdentities(await freshPostgres(url)));
else test.skip('ExternalIdentities contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
