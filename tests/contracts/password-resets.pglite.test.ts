import { freshPglite } from '../support/databases';
import { knexPasswordResets } from './knex-password-resets';
import { passwordResetsContract } from './password-resets.contract';

passwordResetsContract('PGlite', async () => knexPasswordResets(await freshPglite()));
