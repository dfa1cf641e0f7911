import { freshPglite } from '../support/databases';
import { accountsContract } from './accounts.contract';
import { knexAccounts } from './knex-accounts';

accountsContract('PGlite', async () => knexAccounts(await freshPglite()));
