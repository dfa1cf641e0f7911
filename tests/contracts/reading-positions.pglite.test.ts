import { freshPglite } from '../support/databases';
import { knexReadingPositions } from './knex-reading-positions';
import { readingPositionsContract } from './reading-positions.contract';

readingPositionsContract('PGlite', async () => knexReadingPositions(await freshPglite()));
