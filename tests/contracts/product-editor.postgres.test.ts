import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexProductEditor } from './knex-product-editor';
import { productEditorContract } from './product-editor.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) productEditorContract('PostgreSQL server', async () => knexProductEditor(await freshPostgres(url)));
else test.skip('ProductEditor contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
