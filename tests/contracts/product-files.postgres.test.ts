import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexProductFiles } from './knex-product-files';
import { productFilesContract } from './product-files.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) productFilesContract('PostgreSQL server', async () => knexProductFiles(await freshPostgres(url)));
else test.skip('ProductFiles and DownloadLog contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
