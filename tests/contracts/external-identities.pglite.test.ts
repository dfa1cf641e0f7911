import { freshPglite } from '../support/databases';
import { externalIdentitiesContract } from './external-identities.contract';
import { knexExternalIdentities } from './knex-external-identities';

externalIdentitiesContract('PGlite', async () => knexExternalIdentities(await freshPglite()));
