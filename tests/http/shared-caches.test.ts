import { TOKENS } from '../../adapters/di/tokens';
import { logChange } from '../../adapters/persistence/change-feed';
import { toRow } from '../../adapters/persistence/product-rows';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { Shopper } from '../support/browser-like';

/** Cached answers must never outlive a change for long, whichever app process made it. */
describe('the catalogue cache', () => {
  let api: RunningStore;
  const total = async () => (await api.get('/api/backendproduct/getproducts?page=1&limit=5')).body.total;
  const search = async () => (await api.post('/api/search', { query: 'zygoma' })).body.count;

  beforeAll(async () => (api = await startStore([aProduct({ title: 'Zygoma implants' })], { catalogueRefreshMs: 50 })));
  afterAll(() => api.close());

  it('shows this process’s own change at once', async () => {
    expect([await total(), await search()]).toEqual([1, 1]);
    await api.store.get(TOKENS.CatalogWriter).addMany([aProduct({ title: 'Zygoma surgery' })]);
    expect([await total(), await search()]).toEqual([2, 2]);
  });

  it('shows another process’s change once it reads the change', async () => {
    const { knex } = api.store.get(TOKENS.Database);
    expect(await total()).toBe(2);
    // What another app process on the same PostgreSQL does when it adds a product:
    await knex.transaction(async (trx) => {
      await trx('products').insert(toRow(aProduct({ title: 'Zygoma atlas' })));
      await logChange(trx, 'catalogue');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([await total(), await search()]).toEqual([3, 3]);
  });

  it('forgets a session another process ended, and a cart another process changed', async () => {
    const { knex } = api.store.get(TOKENS.Database);
    const shopper = new Shopper(api);
    await shopper.signUp('Roaming');
    const book = aProduct();
    await api.store.get(TOKENS.CatalogWriter).addMany([book]);
    expect((await shopper.get('/api/addtocart/CartCount')).body.count).toBe(0);
    const user = await knex('users').where('username', 'Roaming').first('id');
    // Another process puts the product in the cart:
    await knex('cart_items').insert({ user_id: user.id, product_id: book._id });
    await logChange(knex, 'cart', user.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await shopper.get('/api/addtocart/CartCount')).body.count).toBe(1);
    // Another process signs the shopper out:
    await knex('sessions').where('user_id', user.id).delete();
    await logChange(knex, 'account', user.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await shopper.get('/api/user/islogged')).body).toEqual({ success: false });
  });
});
