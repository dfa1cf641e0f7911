import { freshPglite } from '../support/databases';
import { knexRetention } from './knex-retention';
import { retentionContract } from './retention.contract';

retentionContract('PGlite', async () => knexRetention(await freshPglite()));
