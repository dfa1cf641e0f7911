import { freshPglite } from '../support/databases';
import { jobsContract } from './jobs.contract';
import { knexJobs } from './knex-jobs';

jobsContract('PGlite', async () => knexJobs(await freshPglite()));
