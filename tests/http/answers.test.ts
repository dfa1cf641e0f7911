import { TOKENS } from '../../adapters/di/tokens';
import { answerSchemaOf } from '../../api/schemas';
import { failure } from '../../api/envelope';
import { publicProduct, toPublicProduct } from '../../api/catalog';
import { Product } from '../../core/catalog/domain/product';
import { egp, usd } from '../../core/shared/money';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/**
 * Every call of the API, on the real app: each answer is exactly the one api/ defines (strict
 * schemas, so an unlisted field fails), and no answer to anyone holds a product's secrets.
 */
describe('the answers of every call', () => {
  let api: RunningStore;
  const book = aProduct({ title: 'Atlas of Periodontics', subcategory: ['Periodontics'], price: usd(2599), egpprice: egp(130000) });
  const other = aProduct({ title: 'Periodontal Surgery Atlas', subcategory: ['Periodontics'] });
  const course = aProduct({ title: 'Implant Course', category: 'courses', subcategory: [], duration: '6h', videonumbers: '24 videos' });
  let cookie = '';

  beforeAll(async () => {
    api = await startStore([book, other, course]);
  });
  afterAll(() => api.close());

  const SECRETS = /producturl|downloadpass|secret-|downloads\.example|password_hash|passwordHash|argon2/i;

  /** Only the editor's answer may hold a product's download link and password (DECISIONS 8). */
  const ACCOUNT_SECRETS = /password_hash|passwordHash|argon2/i;

  const call = async (method: string, path: string, body?: unknown, { editor = false } = {}) => {
    const response = await fetch(api.url + path, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) cookie = set.split(';')[0]!;
    const text = await response.text();
    expect(text).not.toMatch(editor ? ACCOUNT_SECRETS : SECRETS);
    const answer: unknown = JSON.parse(text);
    const schema = response.ok ? answerSchemaOf(method, new URL(api.url + path).pathname) : failure;
    if (!schema) throw new Error(`No answer is defined for ${method} ${path}`);
    const checked = schema.safeParse(answer);
    if (!checked.success) throw new Error(`${method} ${path} answered ${text.slice(0, 300)}: ${checked.error.message}`);
    return { status: response.status, answer: answer as Record<string, unknown> };
  };

  it('catalogue, search, related, recommended and category calls', async () => {
    for (const path of [
      '/api/backendproduct/getproducts?page=1&limit=15',
      '/api/backendproduct/recommended?page=1&limit=15',
      `/api/backendproduct/details/${book._id}`,
      `/api/backendproduct/related?category=books&exclude=${book._id}`,
      '/api/category/books?page=1&limit=15',
      '/api/category/books/Periodontics?page=1&limit=15',
      '/api/category/courses',
      '/api/backendproduct/details/ffffffffffffffffffffffff',
      '/api/category/videos',
      `/api/checkout/productdetails/${book._id}`,
      '/api/payment/settings',
    ])
      await call('GET', path);
    const found = await call('POST', '/api/search', { query: 'periodontics', page: 1, limit: 20 });
    expect(found.answer.count).toBe(2);
    await call('POST', '/api/search', { query: ' ' });
    expect((await call('GET', `/api/backendproduct/details/${book._id}`)).answer.productDetails).toMatchObject({ price: 25.99, egpprice: 1300 });
  });

  it('location calls', async () => {
    await call('GET', '/api/getip');
    await call('POST', '/api/getip', { page: '/product/1' });
  });

  it('account and cart calls, signed out and signed in', async () => {
    for (const path of ['/api/user/islogged', '/api/user/islogged2'])
      expect(await call('GET', path)).toEqual({ status: 200, answer: { success: false } });
    for (const path of ['/api/user/profiledata', '/api/addtocart/CartCount', '/api/cartspecific'])
      expect((await call('GET', path)).status).toBe(401);
    expect((await call('POST', '/api/user/signup', { username: 'Hana', email: 'hana@mail.test', password: 'Secret12' })).status).toBe(201);
    await call('POST', '/api/user/signout');
    await call('POST', '/api/user/login', { username: 'hana', password: 'Secret12' });
    await call('GET', '/api/user/islogged');
    await call('GET', '/api/user/islogged2');
    await call('GET', '/api/user/profiledata');
    await call('POST', '/api/addtocart', { id: book._id });
    await call('POST', '/api/addtocart', { id: course._id });
    await call('GET', `/api/addtocart/${book._id}`);
    await call('GET', '/api/addtocart/CartCount');
    const cart = await call('GET', '/api/cartspecific');
    expect(cart.answer.CheckUser).toMatchObject({ cart: [{ productId: { _id: book._id, price: 25.99 } }, { productId: { _id: course._id } }] });
    await call('POST', '/api/cartspecific', {});
    await call('DELETE', `/api/addtocart/${course._id}`);
    await call('POST', '/api/user/usernamechange', { newUsername: 'Hana2' });
    await call('POST', '/api/user/passwordChange', { newPassword: { oldpassword: 'Secret12', newpassword: 'Secret34', repeatpassword: 'Secret34' } });
    await call('POST', '/api/user/passwordChange', { newPassword: { oldpassword: 'wrong', newpassword: 'Secret34', repeatpassword: 'Secret34' } });
    // Checkout: a started payment holds no secret either (delivered orders are their owner's: checkout.test.ts).
    const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };
    await call('POST', '/api/checkout/pay', { ...buyer, productId: book._id });
    const created = await call('POST', '/api/paypal/create-order', { ...buyer });
    await call('POST', '/api/paypal/capture-order', { orderID: created.answer.id });
    await call('GET', '/api/user/profiledata');
  });

  it('admin calls: refused to a shopper, answered to the admin', async () => {
    expect((await call('GET', '/api/allusers/ordersdata')).status).toBe(403);
    const made = await api.store.get(TOKENS.AdminAtStart).ensure({ username: 'Owner', email: 'owner@store.test', password: 'Owner123' })();
    expect(made._tag).toBe('Right');
    await call('POST', '/api/user/login', { username: 'Owner', password: 'Owner123' });

    const form = {
      title: 'Charts on request',
      author: ['Nadia Farouk'],
      description: 'Sent by hand.',
      price: '0',
      egpprice: '0',
      size: '2',
      Pages: '10',
      subcategory: ['Anatomy'],
      covers: [{ url: '/covers/generic-1.svg' }],
    };
    const created = await call('POST', '/api/backendproduct/addnew', form);
    expect(created.status).toBe(201);
    const id = created.answer.id as string;
    const editable = await call('GET', `/api/backendproduct/getdetailsforrUpdate/${id}`, undefined, { editor: true });
    expect(editable.answer.data).toMatchObject({ _id: id, price: 0, producturl: '', downloadpass: '', deleted: false });
    await call('GET', `/api/backendproduct/getdetailsforrUpdate/${book._id}`, undefined, { editor: true });
    await call('POST', `/api/backendproduct/updateTheDetails/${id}`, { ...form, title: 'Charts, on request' });
    await call('POST', `/api/backendproduct/updateTheDetails/${id}`, { ...form, price: '-1' });

    // The admin buys the free product: paid at once, delivered by hand (it has no download link).
    const paid = await call('POST', '/api/checkout/pay', { name: 'Owner', email: 'owner@store.test', productId: id });
    const orderId = (paid.answer.order as { orderId: string }).orderId;
    const orders = await call('GET', '/api/allusers/ordersdata?page=1&limit=20');
    expect(orders.answer.total).toBeGreaterThanOrEqual(3);
    await call('PUT', `/api/allusers/update-delivery/${orderId}`);
    await call('PUT', `/api/allusers/update-delivery/ffffffffffffffffffffffff`);

    await call('DELETE', `/api/backendproduct/remove/${id}`);
    await call('DELETE', `/api/backendproduct/remove/${id}`);
    await call('POST', `/api/backendproduct/recreateproduct/${id}`);
    expect((await call('POST', `/api/backendproduct/recreateproduct/${id}`)).status).toBe(409);
    expect((await call('POST', '/api/backendproduct/updateproductprices')).answer).toMatchObject({ egpPerUsd: '50' });
    const audit = await call('GET', '/api/admin/audit?page=1&limit=50', undefined, { editor: true });
    expect((audit.answer.entries as { action: string }[]).map((e) => e.action)).toEqual([
      'egp-prices-updated',
      'product-recreated',
      'product-deleted',
      'order-delivered',
      'product-updated',
      'product-created',
    ]);
  });
});

describe('a public product', () => {
  it('is built from the listed fields only: a field added to Product stays on the server', () => {
    const { producturl: _u, downloadpass: _p, ...product } = aProduct();
    const withMore = { ...product, createdAt: product.createdAt!, supplierCost: usd(100), producturl: 'https://x' } as Product;
    const shown = toPublicProduct(withMore);
    expect(publicProduct.parse(shown)).toEqual(shown);
    expect(Object.keys(shown)).not.toEqual(expect.arrayContaining(['supplierCost']));
    expect(JSON.stringify(shown)).not.toMatch(/producturl|supplierCost/);
    expect(shown).toMatchObject({ price: 19.99, egpprice: 999 });
  });
});
