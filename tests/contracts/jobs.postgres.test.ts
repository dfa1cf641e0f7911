import { openDatabase } from '../../adapters/persistence/database';
import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { jobsContract } from './jobs.contract';
import { knexJobs } from './knex-jobs';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url)
  jobsContract('PostgreSQL server', async () => {
    const db = await freshPostgres(url);
    // The other process: a pool of its own on the same database.
    return knexJobs(db, await openDatabase({ engine: 'postgres', url: db.url, poolSize: 3 }));
  });
else test.skip('Job queue contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
