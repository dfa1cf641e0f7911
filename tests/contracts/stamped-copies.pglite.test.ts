import { freshPglite } from '../support/databases';
import { knexStampedCopies } from './knex-stamped-copies';
import { stampedCopiesContract } from './stamped-copies.contract';

stampedCopiesContract('PGlite', async () => knexStampedCopies(await freshPglite()));
