import { freshPglite } from '../support/databases';
import { knexProductsTable } from './knex-products-table';
import { productsTableContract } from './products-table.contract';

productsTableContract('PGlite', async () => knexProductsTable(await freshPglite()));
