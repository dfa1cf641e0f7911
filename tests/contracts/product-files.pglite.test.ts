import { freshPglite } from '../support/databases';
import { knexProductFiles } from './knex-product-files';
import { productFilesContract } from './product-files.contract';

productFilesContract('PGlite', async () => knexProductFiles(await freshPglite()));
