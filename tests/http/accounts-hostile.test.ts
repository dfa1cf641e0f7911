import { toDecimal } from '../../core/shared/money';
import fc from 'fast-check';
import { TOKENS } from '../../adapters/di/tokens';
import { RunningStore, startStore } from '../support/http';
import { Shopper } from '../support/browser-like';
import { aProduct } from '../support/products';

/**
 * Property: sign-up, sign-in and cart calls answer any body with a status the client can act on
 * and a JSON message, never a 500; and a refused call writes nothing.
 */
describe('account and cart calls under hostile input', () => {
  let api: RunningStore;
  let shopper: Shopper;
  const book = aProduct();
  const rows = async () => {
    const { knex } = api.store.get(TOKENS.Database);
    const [u] = await knex('users').count({ n: '*' });
    const [c] = await knex('cart_items').count({ n: '*' });
    return { users: Number(u.n), cartItems: Number(c.n) };
  };

  beforeAll(async () => {
    api = await startStore([book]);
    shopper = new Shopper(api);
    await shopper.signUp('Owner');
  });
  afterAll(() => api.close());

  const field = fc.oneof(
    fc.string(),
    fc.string({ maxLength: 3 }),
    fc.constantFrom("' or 1=1 --", '<img src=x onerror=alert(1)>', 'a'.repeat(5000), '', ' ', 'Admin', null, 42, true, [], {}),
    fc.anything(),
  );

  const expectClean = (status: number, body: unknown, allowed: number[]) => {
    expect(allowed).toContain(status);
    expect(body).toEqual(expect.objectContaining({ success: false, message: expect.any(String), code: expect.any(String) }));
    expect(JSON.stringify(body)).not.toMatch(/\n\s+at |stack/);
  };

  it('sign-up with any fields: 400 or 409 and no user made', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(fc.record({ username: field, email: field, password: field, repeatpassword: field, role: field }, { requiredKeys: [] }), async (form) => {
        // A well-formed sign-up is not hostile: keep only forms that break a rule.
        fc.pre(!(typeof form.password === 'string' && /^(?=.*[A-Z])(?=(.*\d){2})\S{6,100}$/.test(form.password)));
        const { status, body } = await new Shopper(api).post('/api/user/signup', form);
        expectClean(status, body, [400, 409]);
      }),
      { numRuns: 150 },
    );
    expect(await rows()).toEqual(before);
  });

  it('sign-in with any fields: 400 or 401, never signed in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ username: field, password: field }, { requiredKeys: [] }), fc.anything()), async (form) => {
        const anyone = new Shopper(api);
        const { status, body } = await anyone.post('/api/user/login', form);
        expectClean(status, body, [400, 401]);
        expect(anyone.cookie).toBe('');
      }),
      { numRuns: 40 },
    );
  });

  it('cart calls with any id: 400 or 404 and no cart entry', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(field, async (id) => {
        fc.pre(id !== book._id);
        const added = await shopper.post('/api/addtocart', { id, price: 0, priceEGP: 0, name: 'free!' });
        expectClean(added.status, added.body, [400, 404]);
        // The same value in the path, as text (String() throws on some objects, such as { toString: null }).
        const segment = typeof id === 'string' ? id : (JSON.stringify(id) ?? '');
        // The path as the client sends it: '.' and '..' are dot segments it resolves. An empty id
        // names `/api/addtocart/`, which only takes POST (405); '..' leaves the cart's calls (404).
        const path = new URL(`/api/addtocart/${encodeURIComponent(segment)}`, 'http://store.test').pathname;
        const expected = path === '/api/addtocart/' ? [405] : path.startsWith('/api/addtocart/') ? [200, 404] : [404];
        expect(expected).toContain((await shopper.get(path)).status);
        expect(expected).toContain((await shopper.delete(path)).status);
      }),
      { numRuns: 100 },
    );
    expect(await rows()).toEqual(before);
  });

  it('adding twice keeps one entry, and a price sent by the client is ignored', async () => {
    expect((await shopper.post('/api/addtocart', { id: book._id, price: 0 })).body).toEqual({ success: true, added: true, addingTocart: { productId: book._id, count: 1 } });
    expect((await shopper.post('/api/addtocart', { id: book._id })).body).toMatchObject({ added: false, addingTocart: { count: 1 } });
    const cart = (await shopper.get('/api/cartspecific')).body;
    expect(cart.CheckUser.cart).toEqual([{ productId: expect.objectContaining({ _id: book._id, price: toDecimal(book.price) }) }]);
    expect((await shopper.get(`/api/addtocart/${book._id}`)).body).toEqual({ success: true });
    expect((await shopper.delete(`/api/addtocart/${book._id}`)).body).toEqual({ success: true, count: 0 });
    expect((await shopper.get(`/api/addtocart/${book._id}`)).body).toEqual({ success: false });
  });
});
