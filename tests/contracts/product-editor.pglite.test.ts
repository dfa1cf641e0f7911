import { freshPglite } from '../support/databases';
import { knexProductEditor } from './knex-product-editor';
import { productEditorContract } from './product-editor.contract';

productEditorContract('PGlite', async () => knexProductEditor(await freshPglite()));
