import { TOKENS } from '../../adapters/di/tokens';
import { OutboxSender } from '../../adapters/mail/outbox-sender';
import { queueMail } from '../../adapters/persistence/knex-outbox';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { FixedClock } from '../support/clock';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

const EGYPT = '41.33.0.1';
const UNITED_STATES = '8.8.8.8';
const DAY = 24 * 60 * 60_000;

describe('visit tracking counts the pages of the store, not what is sent', () => {
  let api: RunningStore;
  // One proxy trusted, so that each visit can come from the country the test names.
  beforeAll(async () => (api = await startStore([], { trustProxy: 1 })));
  afterAll(() => api.close());
  beforeEach(() => api.store.get(TOKENS.Database).knex('visits').delete());

  const visitRows = () => api.store.get(TOKENS.Database).knex('visits').select('page', 'country', 'count').orderBy(['page', 'country']);
  const visit = (page: string, from = EGYPT) => api.post('/api/getip', { page }, { 'x-forwarded-for': from });

  it('counts 50 made-up paths as one row, other, per country and day', async () => {
    for (let i = 0; i < 50; i++) expect((await visit(`/${'x'.repeat(190)}${i}`, i % 2 ? EGYPT : UNITED_STATES)).status).toBe(200);
    expect(await visitRows()).toEqual([
      { page: 'other', country: 'Egypt', count: 25 },
      { page: 'other', country: 'United States', count: 25 },
    ]);
  });

  it("counts a product's page under its pattern, never its id; a book category by its name", async () => {
    await visit('/product/64d0c0de0000000000000001');
    await visit('/product/64d0c0de0000000000000002?utm_source=mail');
    await visit('/product/made-up-id');
    await visit('/category/books/endodontics');
    await visit('/category/books/Endodontics');
    await visit('/category/books/no-such-category');
    expect(await visitRows()).toEqual([
      { page: '/category/books/:subcategory', country: 'Egypt', count: 1 },
      { page: '/category/books/Endodontics', country: 'Egypt', count: 2 },
      { page: '/product/:id', country: 'Egypt', count: 3 },
    ]);
  });
});

describe('the housekeeping run keeps every table a visitor writes to bounded', () => {
  let api: RunningStore;
  // The store's time, moved ahead by the test; it starts at the database's, which stamps some rows itself.
  const clock = new FixedClock(Date.now());
  const guide = aProduct({ title: 'Free Guide', price: usd(0), egpprice: egp(0) });
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130000) });
  const retired = aProduct({ title: 'Old Endodontics' });
  const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };

  beforeAll(async () => (api = await startStore([guide, atlas, retired], { clock })));
  afterAll(() => api.close());

  const knex = () => api.store.get(TOKENS.Database).knex;
  const count = async (table: string, where = 'true') => Number((await knex().raw(`select count(*) as n from ${table} where ${where}`)).rows[0].n);
  const tables = async () => ({
    visits: await count('visits'),
    signInFailures: await count('sign_in_failures'),
    signInAddresses: await count('sign_in_addresses'),
    pendingSignIns: await count('pending_sign_ins'),
    sessions: await count('sessions'),
    passwordResets: await count('password_resets'),
    downloads: await count('downloads'),
    sentMail: await count('outbox', "status = 'sent'"),
    failedMail: await count('outbox', "status = 'failed'"),
    unpaidOrders: await count('orders', "status <> 'paid'"),
    paidOrders: await count('orders', "status = 'paid'"),
    cartEntries: await count('cart_items'),
  });
  const housekeeping = async () => {
    const run = await api.store.get(TOKENS.Housekeeping).run()();
    if (run._tag === 'Left') throw new Error(run.left.message);
  };
  const sendMail = () => new OutboxSender(api.store.get(TOKENS.Outbox), api.store.get(TOKENS.Mailer), clock, { log: () => {} }).step();
  const download = async (shopper: Shopper) => {
    const orders: { status: string; products: { download: { url: string } }[] }[] = (await shopper.get('/api/user/profiledata')).body.userData.orders;
    return shopper.get(orders.find((order) => order.status === 'paid')!.products[0]!.download.url);
  };

  it('removes what has passed its retention, table by table, and keeps what is live or a business record', async () => {
    // Day 0: a visitor does everything that writes a row.
    const admin = await signedInAdmin(api);
    const hana = await signedInShopper(api, 'Hana');
    expect((await new Shopper(api).post('/api/user/login', { username: 'Hana', password: 'Wrong123' })).status).toBe(401);
    expect((await hana.get('/api/auth/google')).status).toBe(302);
    expect((await hana.post('/api/user/forgot-password', { resetEmail: 'hana@mail.test' })).status).toBe(200);
    await hana.post('/api/getip', { page: '/' });
    expect((await hana.post('/api/checkout/pay', { ...buyer, productId: guide._id })).body.order).toMatchObject({ status: 'paid' });
    expect((await hana.post('/api/checkout/pay', { ...buyer, productId: atlas._id })).body.order).toMatchObject({ status: 'pending' });
    expect((await download(hana)).status).toBe(302);
    await hana.post('/api/addtocart', { id: atlas._id });
    await hana.post('/api/addtocart', { id: retired._id });
    expect((await admin.delete(`/api/backendproduct/remove/${retired._id}`)).status).toBe(200);
    // A minute on, the queued mail is due by the store's clock (the database stamped it by its own).
    clock.advance(60_000);
    await sendMail();
    const given = await queueMail(knex(), 'refused-mail', { to: 'nobody@mail.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    expect(given).toBe('queued');
    const outbox = api.store.get(TOKENS.Outbox);
    for (const mail of (await outbox.due(clock.now(), 10)).filter((m) => m.id === 'refused-mail')) await outbox.failed(mail, undefined, '550 no such mailbox');
    const dayZero = await tables();
    for (const [table, rows] of Object.entries(dayZero)) expect({ table, rows: rows > 0 }).toEqual({ table, rows: true });
    await housekeeping();
    expect(await tables()).toEqual(dayZero);

    // 91 days on: what expired, what was sent, and unpaid orders are gone; a new shopper's rows stay.
    clock.advance(91 * DAY);
    const omar = await signedInShopper(api, 'Omar');
    await omar.post('/api/getip', { page: '/product/64d0c0de0000000000000001' });
    expect((await omar.post('/api/checkout/pay', { ...buyer, productId: atlas._id })).body.order).toMatchObject({ status: 'pending' });
    // Omar's sign-up counted its tries in windows still open; day 0's have closed.
    const openWindows = await count('sign_in_failures', `window_ends > '${clock.now().toISOString()}'`);
    await housekeeping();
    expect(await tables()).toEqual({
      ...dayZero,
      visits: 2,
      signInFailures: openWindows,
      signInAddresses: dayZero.signInAddresses + 1,
      pendingSignIns: 0,
      sessions: 1,
      passwordResets: 0,
      sentMail: 0,
      failedMail: 0,
      unpaidOrders: 1,
      paidOrders: 1,
      cartEntries: 1,
    });
    expect((await omar.get('/api/user/islogged')).body).toMatchObject({ success: true, username: 'Omar' });
    // Hana's session has ended; her paid order, its download and her cart have not.
    expect((await hana.get('/api/user/islogged')).body).toMatchObject({ success: false });
    expect((await hana.post('/api/user/login', { username: 'Hana', password: 'Secret12' })).status).toBe(200);
    expect((await download(hana)).status).toBe(302);
    expect((await hana.get('/api/addtocart/CartCount')).body).toMatchObject({ count: 1 });

    // A year on: addresses unused for a year and the year-old download go.
    clock.advance(275 * DAY);
    await housekeeping();
    expect(await tables()).toMatchObject({ visits: 2, signInAddresses: 2, downloads: 1, sessions: 0, signInFailures: 0, unpaidOrders: 0, paidOrders: 1 });

    // Two years on: the first day's visits go; the order paid that day stays.
    clock.advance(365 * DAY);
    await housekeeping();
    expect(await tables()).toMatchObject({ visits: 1, signInAddresses: 0, downloads: 0, paidOrders: 1 });
    expect((await knex()('visits').first('page')).page).toBe('/product/:id');
  });
});

describe('the store runs its housekeeping by itself', () => {
  it('removes an expired session without being asked', async () => {
    const clock = new FixedClock(Date.now());
    const api = await startStore([], { clock, background: true, housekeepingEveryMs: 50 });
    try {
      const sessions = async () => Number((await api.store.get(TOKENS.Database).knex('sessions').count({ n: '*' }))[0]!.n);
      await signedInShopper(api, 'Hana');
      expect(await sessions()).toBe(1);
      clock.advance(31 * DAY);
      for (let tries = 0; tries < 40 && (await sessions()) > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await sessions()).toBe(0);
    } finally {
      await api.close();
    }
  });
});
