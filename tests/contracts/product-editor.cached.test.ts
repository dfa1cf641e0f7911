import { CachedCatalog, CatalogWriterThatTells, ProductEditorThatTells } from '../../adapters/persistence/cached-catalog';
import { ChangeFeed } from '../../adapters/persistence/change-feed';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexProductEditor } from '../../adapters/persistence/knex-product-editor';
import { Database } from '../../adapters/persistence/database';
import { anAdmin } from '../support/actors';
import { freshPglite } from '../support/databases';
import { aProduct } from '../support/products';
import { knexProductEditor } from './knex-product-editor';
import { productEditorContract } from './product-editor.contract';

/** What production runs: the catalogue cache, and the writers that tell it, over one database. */
const cached = (db: Database, changes: ChangeFeed) => {
  const knex = new KnexCatalog(db.knex, changes);
  const writer = new CatalogWriterThatTells(knex, changes);
  return {
    catalog: Object.assign(new CachedCatalog(knex, changes), { addMany: writer.addMany.bind(writer) }),
    editor: new ProductEditorThatTells(new KnexProductEditor(db.knex), changes),
  };
};

// The contract reads each product before it writes it, so every write must reach the cache at once.
productEditorContract('cached, over PGlite', async () => {
  const db = await freshPglite();
  // Far longer than any test: only this process's own telling can make the change visible.
  const changes = new ChangeFeed(db.knex, 60_000);
  await changes.start();
  const s = knexProductEditor(db);
  return {
    ...s,
    ...cached(db, changes),
    close: async () => {
      changes.stop();
      await s.close();
    },
  };
});

describe('an editor write in another process', () => {
  let db: Database;
  let changes: ChangeFeed;
  beforeAll(async () => {
    db = await freshPglite();
    changes = new ChangeFeed(db.knex, 60_000);
    await changes.start();
  });
  afterAll(async () => {
    changes.stop();
    await db.close();
  });

  it('reaches this process’s cache when it reads the change log, not before', async () => {
    const { catalog } = cached(db, changes);
    const admin = anAdmin();
    await db.knex('users').insert({ id: admin.id, username: admin.username, email: 'owner@mail.test', password_hash: 'hash' });
    const product = aProduct({ title: 'Occlusion in Practice' });
    await catalog.addMany([product]);
    expect((await catalog.findById(product._id))?.title).toBe('Occlusion in Practice');

    // Another process's editor: it logs the change in its transaction but cannot tell this cache.
    await new KnexProductEditor(db.knex).remove(product._id, admin);
    expect(await catalog.findById(product._id)).toBeDefined();
    await changes.poll();
    expect(await catalog.findById(product._id)).toBeUndefined();
  });
});
