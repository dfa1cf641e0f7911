import { TOKENS } from '../../adapters/di/tokens';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { ORDER_NOT_FOUND } from '../../core/ordering/domain/order';
import {
  CONFIRMATION_RESENT,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_SEARCH_TOO_SHORT,
  LIBRARY_LINK_RESENT,
  NOT_A_CUSTOMER,
  NO_GUEST_ORDERS,
  ONLY_PAID_CONFIRMED,
} from '../../core/ordering/domain/customer';
import { egp, usd } from '../../core/shared/money';
import { SEARCH_COUNT_CAP } from '../../core/shared/paging';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { Browser, libraryTokenIn } from '../support/guest';
import { RunningStore, startStore } from '../support/http';
import { aProduct, free } from '../support/products';
import { withCode } from '../support/codes';

/**
 * The back office's customers (issue 21) over HTTP on the real container: accounts and guests with
 * their figures per currency, a customer's page, and sending a confirmation or a library link
 * again through the outbox, audited; admins only.
 */
describe('customers in the back office', () => {
  const gift = free(aProduct({ title: 'Free Anatomy Atlas' }));
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
  let api: RunningStore;
  let admin: Shopper;
  let hana: Shopper;
  const ids: Record<string, string> = {};
  const knex = () => api.store.get(TOKENS.Database).knex;
  const mailTo = (address: string) => knex()('outbox').where('recipient', address).orderBy('created_at').select('id', 'subject', 'text_body');

  beforeAll(async () => {
    api = await startStore([gift, atlas]);
    admin = await signedInAdmin(api);
    hana = await signedInShopper(api, 'Hana');
    await signedInShopper(api, 'Nour');
    ids.hanaFree = (await hana.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: gift._id })).body.order.orderId;
    ids.hanaPending = (await hana.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: atlas._id })).body.order.orderId;
    const guest = new Browser(api);
    const bought = await guest.post('/api/guest/checkout/start', { name: 'Salma', email: 'Salma.Guest@Mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    ids.guest = bought.body.order.orderId;
    // Paid EGP money, to show that spending is kept per currency.
    await knex()('orders').where('id', ids.hanaPending).update({ status: 'paid', payment_id: 'PAY-EGP-1', paid_at: new Date() });
    expect(Object.values(ids).every(Boolean)).toBe(true);
  });
  afterAll(() => api.close());

  it('lists accounts and guests by address, with orders, spending per currency and last order; searches name or address', async () => {
    const listed = await admin.get('/api/admin/customers');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, page: 1, total: 3, totalPages: 1 });
    expect(listed.body.customers).toEqual([
      { key: expect.any(String), kind: 'account', name: 'Hana', email: 'hana@mail.test', orders: 2, spent: [{ currency: 'EGP', amount: 1200 }], lastOrderAt: expect.any(String) },
      { key: expect.any(String), kind: 'account', name: 'Nour', email: 'nour@mail.test', orders: 0, spent: [] },
      { key: 'salma.guest@mail.test', kind: 'guest', name: '', email: 'salma.guest@mail.test', orders: 1, spent: [{ currency: 'USD', amount: 0 }], lastOrderAt: expect.any(String) },
    ]);
    expect((await admin.get('/api/admin/customers?q=SALMA')).body.customers.map((c: { key: string }) => c.key)).toEqual(['salma.guest@mail.test']);
    expect((await admin.get('/api/admin/customers?q=nou')).body.customers.map((c: { name: string }) => c.name)).toEqual(['Nour']);
    expect((await admin.get('/api/admin/customers?page=2&limit=2')).body.customers).toHaveLength(1);
  });

  it("shows a customer's page: an account's or a guest's orders, newest first, and their downloads", async () => {
    const hanaKey = (await admin.get('/api/admin/customers?q=hana')).body.customers[0].key;
    const page = await admin.get(`/api/admin/customers/${hanaKey}`);
    expect(page).toMatchObject({ status: 200, body: { customer: { name: 'Hana', orders: 2 }, downloads: [] } });
    expect(page.body.orders.map((o: { _id: string }) => o._id)).toEqual([ids.hanaPending, ids.hanaFree]);
    const guest = await admin.get(`/api/admin/customers/${encodeURIComponent('Salma.Guest@mail.test')}`);
    expect(guest).toMatchObject({ status: 200, body: { customer: { kind: 'guest', email: 'salma.guest@mail.test' }, orders: [{ _id: ids.guest }] } });
    expect(await admin.get('/api/admin/customers/nobody%40mail.test')).toMatchObject({ status: 404, body: withCode(CUSTOMER_NOT_FOUND) });
    expect(await admin.get('/api/admin/customers/ffffffffffffffffffffffff')).toMatchObject({ status: 404, body: withCode(CUSTOMER_NOT_FOUND) });
    expect(await admin.get('/api/admin/customers/not-a-customer')).toMatchObject({ status: 400, body: withCode(NOT_A_CUSTOMER) });
  });

  it('sends a paid order its confirmation again, through the outbox, with an audit entry; refuses an unpaid or unknown order', async () => {
    const before = (await mailTo('hana@mail.test')).length;
    expect(await admin.post(`/api/admin/orders/${ids.hanaFree}/resend-confirmation`)).toMatchObject({ status: 200, body: { success: true, ...withCode(CONFIRMATION_RESENT) } });
    const mails = await mailTo('hana@mail.test');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.id).toMatch(new RegExp(`^order-paid-${ids.hanaFree}-again-`));
    const audit = (await admin.get('/api/admin/audit')).body.entries;
    expect(audit[0]).toMatchObject({ action: 'confirmation-resent', subject: ids.hanaFree, actorName: 'Owner' });
    await knex()('orders').where('id', ids.hanaPending).update({ status: 'pending', payment_id: null });
    expect(await admin.post(`/api/admin/orders/${ids.hanaPending}/resend-confirmation`)).toMatchObject({ status: 409, body: withCode(ONLY_PAID_CONFIRMED) });
    expect(await admin.post('/api/admin/orders/ffffffffffffffffffffffff/resend-confirmation')).toMatchObject({ status: 404, body: withCode(ORDER_NOT_FOUND) });
  });

  it("sends a guest a new library link that opens their library; an address with no guest order gets none", async () => {
    expect(await admin.post(`/api/admin/customers/${encodeURIComponent('salma.guest@mail.test')}/resend-library-link`)).toMatchObject({ status: 200, body: withCode(LIBRARY_LINK_RESENT) });
    const token = libraryTokenIn((await mailTo('salma.guest@mail.test')).at(-1)!.text_body);
    expect(token).toBeDefined();
    expect(await new Browser(api).post('/api/guest/library/open', { token })).toMatchObject({ status: 200, body: { email: 'salma.guest@mail.test' } });
    expect((await admin.get('/api/admin/audit')).body.entries[0]).toMatchObject({ action: 'library-link-resent', detail: { to: 'salma.guest@mail.test' } });
    const outbox = (await knex()('outbox').count({ n: '*' }))[0]!.n;
    expect(await admin.post('/api/admin/customers/nobody%40mail.test/resend-library-link')).toMatchObject({ status: 409, body: withCode(NO_GUEST_ORDERS) });
    expect((await knex()('outbox').count({ n: '*' }))[0]!.n).toBe(outbox);
  });

  it('counts a search to 100, saying when there are more, and the whole list exactly', async () => {
    await knex()('users').insert(
      Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, n) => ({ id: `c0${n.toString(16).padStart(22, '0')}`, username: `Crowd ${n}`, email: `crowd${n}@mail.test`, password_hash: 'unused' })),
    );
    expect((await admin.get('/api/admin/customers?q=crowd&page=5')).body).toMatchObject({ total: SEARCH_COUNT_CAP, totalPages: 5, more: true });
    for (const [path, total] of [['/api/admin/customers?q=crowd1', 12], ['/api/admin/customers', SEARCH_COUNT_CAP + 4]] as const) {
      const { body } = await admin.get(path);
      expect({ total: body.total, more: Boolean(body.more) }).toEqual({ total, more: false });
    }
    await knex()('users').where('username', 'like', 'Crowd %').delete();
  });

  it('answers 400 to a bad search or page', async () => {
    expect(await admin.get('/api/admin/customers?q=ab')).toMatchObject({ status: 400, body: withCode(CUSTOMER_SEARCH_TOO_SHORT) });
    expect(await admin.get('/api/admin/customers?page=0')).toMatchObject({ status: 400 });
    expect(await admin.get('/api/admin/customers?sort=name')).toMatchObject({ status: 400, body: { message: 'Unrecognized key: "sort"' } });
  });

  it.each([
    ['signed out', async () => new Shopper(api), 401, NOT_SIGNED_IN],
    ['a shopper', async () => hana, 403, ADMINS_ONLY],
  ])('%s is refused every customers call, and nothing is sent', async (_who, caller, status, message) => {
    const who = await caller();
    const outbox = (await knex()('outbox').count({ n: '*' }))[0]!.n;
    const audit = (await knex()('audit_log').count({ n: '*' }))[0]!.n;
    for (const answer of [
      await who.get('/api/admin/customers'),
      await who.get(`/api/admin/customers/${encodeURIComponent('salma.guest@mail.test')}`),
      await who.post(`/api/admin/orders/${ids.hanaFree}/resend-confirmation`),
      await who.post(`/api/admin/customers/${encodeURIComponent('salma.guest@mail.test')}/resend-library-link`),
    ])
      expect(answer).toMatchObject({ status, body: { success: false, message } });
    expect((await knex()('outbox').count({ n: '*' }))[0]!.n).toBe(outbox);
    expect((await knex()('audit_log').count({ n: '*' }))[0]!.n).toBe(audit);
  });
});
