import { TOKENS } from '../../adapters/di/tokens';
import { Database } from '../../adapters/persistence/database';
import { bumpVersion } from '../../adapters/persistence/knex-catalog';
import { toRow } from '../../adapters/persistence/product-rows';
import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/** Cached pages and encoded answers must never outlive a catalogue change for long. */
describe('the catalogue cache', () => {
  let api: RunningStore;
  const total = async () => (await api.get('/api/backendproduct/getproducts?page=1&limit=5')).body.total;
  const search = async () => (await api.post('/api/search', { query: 'zygoma' })).body.count;

  beforeAll(async () => (api = await startStore([aProduct({ title: 'Zygoma implants' })], { catalogueRefreshMs: 50 })));
  afterAll(() => api.close());

  it('shows this process’s own change at once', async () => {
    expect([await total(), await search()]).toEqual([1, 1]);
    await api.store.container.get<CatalogWriter>(TOKENS.CatalogWriter).addMany([aProduct({ title: 'Zygoma surgery' })]);
    expect([await total(), await search()]).toEqual([2, 2]);
  });

  it('shows another process’s change once it sees the version move', async () => {
    const { knex } = api.store.container.get<Database>(TOKENS.Database);
    expect(await total()).toBe(2);
    // What another app process on the same PostgreSQL does when it adds a product:
    await knex.transaction(async (trx) => {
      await trx('products').insert(toRow(aProduct({ title: 'Zygoma atlas' })));
      await bumpVersion(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([await total(), await search()]).toEqual([3, 3]);
  });
});
