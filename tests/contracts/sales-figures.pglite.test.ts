import { freshPglite } from '../support/databases';
import { knexSalesFigures } from './knex-sales-figures';
import { salesFiguresContract } from './sales-figures.contract';

salesFiguresContract('PGlite', async () => knexSalesFigures(await freshPglite()));
