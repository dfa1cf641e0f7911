import { TOKENS } from '../../adapters/di/tokens';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { LIBRARY_LINK_SPENT, NO_LIBRARY_SESSION } from '../../core/ordering/domain/guest-library';
import { ORDER_NOT_FOUND } from '../../core/ordering/domain/order';
import { Browser, libraryTokenIn } from '../support/guest';
import { RunningStore, startStore } from '../support/http';
import { aProduct, free } from '../support/products';
import { egp, usd } from '../../core/shared/money';

/**
 * Issue 19, part 6 (DECISIONS 25), through the real app on PGlite and the providers' emulators: a
 * visitor buys with a name and an e-mail address and no account; the confirmation carries a
 * single-use link to their library; an account proving the address takes their orders.
 */
describe('guest checkout and the library by e-mail', () => {
  const gift = free(aProduct({ _id: 'a00000000000000000000001', title: 'Free Anatomy Atlas' }));
  const atlas = aProduct({ _id: 'a00000000000000000000002', title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([gift, atlas])));
  afterAll(() => api.close());

  const knex = () => api.store.get(TOKENS.Database).knex;
  const mailTo = (address: string) => knex()('outbox').where('recipient', address).orderBy('created_at').select('id', 'text_body');
  const linkIn = async (address: string) => {
    const mails = await mailTo(address);
    return libraryTokenIn(mails[mails.length - 1]?.text_body ?? '');
  };

  it("keeps the spec's checkout calls for signed-in buyers: 401 signed out", async () => {
    const visitor = new Browser(api);
    for (const call of ['/api/checkout/pay', '/api/paypal/create-order', '/api/checkout/start'])
      expect(await visitor.post(call, { name: 'Hana', email: 'hana@mail.test', productId: gift._id })).toMatchObject({ status: 401, body: { message: NOT_SIGNED_IN } });
  });

  it('a free guest order: paid at once, its e-mail links to the library once; a second use is refused; signing up attaches it', async () => {
    const guest = new Browser(api);
    const bought = await guest.post('/api/guest/checkout/start', { name: 'Hana Adel', email: 'Hana.Guest@Mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    expect(bought).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
    const orderId = bought.body.order.orderId as string;
    expect(await knex()('orders').where('id', orderId).first('user_id', 'buyer_email')).toEqual({ user_id: null, buyer_email: 'hana.guest@mail.test' });
    // The browser that bought it reads its result page; no one else does.
    expect(await guest.get(`/api/guest/orders/${orderId}`)).toMatchObject({ status: 200, body: { order: { orderId, status: 'paid' } } });
    expect(await new Browser(api).get(`/api/guest/orders/${orderId}`)).toMatchObject({ status: 404, body: { message: ORDER_NOT_FOUND } });

    const token = await linkIn('hana.guest@mail.test');
    expect(token).toBeDefined();
    const reader = new Browser(api);
    expect(await reader.get('/api/guest/library')).toMatchObject({ status: 401, body: { message: NO_LIBRARY_SESSION } });
    expect(await reader.post('/api/guest/library/open', { token })).toMatchObject({ status: 200, body: { email: 'hana.guest@mail.test', attached: 0 } });
    const library = await reader.get('/api/guest/library');
    expect(library).toMatchObject({ status: 200, body: { library: { email: 'hana.guest@mail.test' } } });
    expect(library.body.library.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    // A library session is no account: no profile, no cart, no admin.
    expect((await reader.get('/api/user/profiledata')).status).toBe(401);
    expect((await reader.post('/api/addtocart', { productId: atlas._id })).status).toBe(401);
    expect((await reader.get('/api/allusers/ordersdata')).status).toBe(401);

    // Used twice: gone, with the way to a new link.
    expect(await new Browser(api).post('/api/guest/library/open', { token })).toMatchObject({ status: 410, body: { message: LIBRARY_LINK_SPENT } });

    // Signing up with that address while holding its library: the order joins the account, audited.
    expect((await reader.post('/api/user/signup', { username: 'HanaAdel', email: 'hana.guest@mail.test', password: 'Secret12', repeatpassword: 'Secret12' })).status).toBe(201);
    const profile = await reader.get('/api/user/profiledata');
    expect(profile.body.userData.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect(await knex()('audit_log').where('action', 'guest-orders-attached').count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await reader.get('/api/guest/library')).body.library.orders).toEqual([]);
  });

  it('signing up with the address alone, unproven, attaches nothing', async () => {
    const guest = new Browser(api);
    expect((await guest.post('/api/guest/checkout/start', { name: 'Omar', email: 'omar.guest@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' })).status).toBe(200);
    const squatter = new Browser(api);
    expect((await squatter.post('/api/user/signup', { username: 'OmarX', email: 'omar.guest@mail.test', password: 'Secret12', repeatpassword: 'Secret12' })).status).toBe(201);
    expect((await squatter.get('/api/user/profiledata')).body.userData.orders).toEqual([]);
    // Opening the link while signed in to that address proves it: now the order joins.
    const token = await linkIn('omar.guest@mail.test');
    expect(await squatter.post('/api/guest/library/open', { token })).toMatchObject({ status: 200, body: { attached: 1 } });
    expect((await squatter.get('/api/user/profiledata')).body.userData.orders).toHaveLength(1);
  });

  it('an expired link is gone; a new one is asked for by e-mail, only for an address with guest orders', async () => {
    const guest = new Browser(api);
    await guest.post('/api/guest/checkout/start', { name: 'Mona', email: 'mona@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    const token = await linkIn('mona@mail.test');
    await knex()('library_links').update({ expires_at: new Date(Date.now() - 1000) }).where('email', 'mona@mail.test');
    expect(await guest.post('/api/guest/library/open', { token })).toMatchObject({ status: 410, body: { message: LIBRARY_LINK_SPENT } });

    const asked = await guest.post('/api/guest/library/link', { email: 'Mona@mail.test' });
    expect(asked).toMatchObject({ status: 200 });
    const fresh = await linkIn('mona@mail.test');
    expect(fresh).not.toEqual(token);
    expect((await new Browser(api).post('/api/guest/library/open', { token: fresh })).status).toBe(200);
    // An address with no guest order gets the same answer, and no mail.
    expect((await guest.post('/api/guest/library/link', { email: 'nobody@mail.test' })).body).toEqual(asked.body);
    expect(await mailTo('nobody@mail.test')).toEqual([]);
  });

  it('a priced guest order through the PayPal emulator: priced by the store, captured by the browser that started it', async () => {
    const guest = new Browser(api);
    const created = await guest.post('/api/guest/checkout/start', { name: 'Sara', email: 'sara@mail.test', productId: atlas._id, provider: 'paypal', method: 'paypal', price: 0.01 });
    expect(created).toMatchObject({ status: 200, body: { order: { status: 'pending', total: 25.99, currency: 'USD' }, next: { kind: 'buttons' } } });
    const reference = created.body.next.reference as string;
    expect((await fetch(`${api.url}/emulator/paypal/buyer/orders/${reference}/approve`, { method: 'POST' })).status).toBe(204);
    // Another browser cannot capture it.
    expect((await new Browser(api).post('/api/guest/paypal/capture-order', { orderID: reference })).status).toBe(404);
    expect(await guest.post('/api/guest/paypal/capture-order', { orderID: reference })).toMatchObject({ status: 200, body: { result: { status: 'paid' } } });
    const token = await linkIn('sara@mail.test');
    expect(token).toBeDefined();
  });

  it('a guest free order is limited per e-mail address as an account is', async () => {
    const guest = new Browser(api);
    const order = () => guest.post('/api/guest/checkout/start', { name: 'Lina', email: 'lina@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    for (let i = 0; i < 10; i++) expect((await order()).status).toBe(200);
    expect((await order()).status).toBe(429);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const guest = new Browser(api);
    const before = await knex()('orders').count({ n: '*' });
    expect((await guest.post('/api/guest/checkout/start', { name: 'Lina', email: 'not-an-address', productId: gift._id, provider: 'paypal', method: 'paypal' })).status).toBe(400);
    expect((await guest.post('/api/guest/checkout/start', { name: 'Lina', email: 'lina2@mail.test', provider: 'paypal', method: 'paypal' })).status).toBe(400);
    expect((await guest.post('/api/guest/checkout/start', { name: 'Lina', email: 'lina2@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal', userId: 'x', extra: 1 })).status).toBe(400);
    expect((await guest.post('/api/guest/library/open', { token: 'x'.repeat(500) })).status).toBe(400);
    expect(await knex()('orders').count({ n: '*' })).toEqual(before);
  });
});
