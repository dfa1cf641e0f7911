import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { ORDER_NOT_FOUND } from '../../core/ordering/domain/order';
import {
  BAD_DATE,
  BAD_PROVIDER,
  DATES_REVERSED,
  SEARCH_TOO_SHORT,
  UNKNOWN_CURRENCY,
  UNKNOWN_SHOWN_STATUS,
} from '../../core/ordering/domain/order-filter';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Customer Orders' search, filters, CSV export and an order's timeline (issue 21) over HTTP, on the
 * real container: found by the buyer's address, number or a product's title; narrowed by state,
 * provider, currency and dates; exported as a CSV that no spreadsheet runs; admins only.
 */
describe('Customer Orders: search, export and timeline', () => {
  let api: RunningStore;
  let admin: Shopper;
  let hana: Shopper;
  const guide = aProduct({ title: 'Free Periodontal Guide', price: usd(0), egpprice: egp(0) });
  const atlas = aProduct({ title: 'Atlas of Implants', price: usd(2599), egpprice: egp(130000) });
  const ids: Record<string, string> = {};

  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
  const found = async (query: string) => {
    const answer = await admin.get(`/api/allusers/ordersdata?${query}`);
    expect(answer.status).toBe(200);
    return (answer.body.usersOrders as { orders: { _id: string }[] }[]).flatMap((c) => c.orders.map((o) => o._id));
  };

  beforeAll(async () => {
    api = await startStore([guide, atlas]);
    admin = await signedInAdmin(api);
    hana = await signedInShopper(api, 'Hana');
    const omar = await signedInShopper(api, 'Omar');
    // Oldest first: Hana's free guide (paid and delivered at once), Omar's atlas by Paymob (EGP, pending), Hana's atlas by PayPal (USD, pending).
    ids.guide = (await hana.post('/api/checkout/pay', { name: '=HYPERLINK("http")', email: 'Hana.Adel@Clinic.test', productId: guide._id })).body.order.orderId;
    await pause();
    ids.paymob = (await omar.post('/api/checkout/pay', { name: 'Omar Said', email: 'omar@mail.test', productId: atlas._id })).body.order.orderId;
    await pause();
    ids.paypal = (await hana.post('/api/paypal/create-order', { name: 'Hana Adel', email: 'hana@other.test', productId: atlas._id })).body.order.orderId;
    expect(Object.values(ids).every(Boolean)).toBe(true);
  });
  afterAll(() => api.close());

  it('finds an order by the start of the buyer e-mail, whatever its case, by its number, or by a product title', async () => {
    // The address the order was bought with: the account's for a free order, the form's at PayPal.
    expect(await found('q=hana%40mail')).toEqual([ids.guide]);
    expect(await found('q=HANA%40OTHER')).toEqual([ids.paypal]);
    expect(await found('q=OMAR%40MAIL.TEST')).toEqual([ids.paymob]);
    expect(await found(`q=${ids.paymob!.slice(-6)}`)).toEqual([ids.paymob]);
    expect(await found('q=implants')).toEqual([ids.paypal, ids.paymob]);
    expect(await found('q=nobody-bought-this')).toEqual([]);
    // A % is a character searched for, not a wildcard.
    expect(await found('q=%25%25%25')).toEqual([]);
  });

  it('filters by state, provider and method, currency and dates; the spec list is unchanged without filters', async () => {
    expect(await found('')).toEqual([ids.paypal, ids.guide, ids.paymob]);
    expect(await found('status=pending')).toEqual([ids.paypal, ids.paymob]);
    expect(await found('status=paid')).toEqual([ids.guide]);
    expect(await found('status=delivered')).toEqual([ids.guide]);
    expect(await found('status=refunded')).toEqual([]);
    expect(await found('provider=paymob')).toEqual([ids.paymob]);
    expect(await found('provider=paypal&method=paypal')).toEqual([ids.paypal]);
    expect(await found('currency=usd')).toEqual([ids.paypal]);
    expect(await found('currency=EGP&q=hana')).toEqual([ids.guide]);
    expect(await found('from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect(await found('from=2000-01-01')).toHaveLength(3);
    const filtered = await admin.get('/api/allusers/ordersdata?status=pending&limit=1');
    expect(filtered.body).toMatchObject({ success: true, page: 1, total: 2, totalPages: 2 });
  });

  it.each([
    ['status=shipped', UNKNOWN_SHOWN_STATUS],
    ['currency=JPY', UNKNOWN_CURRENCY],
    ['provider=pay%20pal', BAD_PROVIDER],
    ['from=2026-02-30', BAD_DATE],
    ['to=yesterday', BAD_DATE],
    ['from=2026-03-02&to=2026-03-01', DATES_REVERSED],
    ['q=ab', SEARCH_TOO_SHORT],
    ['page=0&status=paid', 'page must be a whole number from 1 to 1000000'],
    ['page=-1', 'page must be a whole number'],
    ['sort=total', 'Unrecognized key: "sort"'],
    ['q=a&q=b', 'q must be text'],
  ])('answers 400 to ?%s, on the list and the export', async (query, message) => {
    expect(await admin.get(`/api/allusers/ordersdata?${query}`)).toMatchObject({ status: 400, body: { success: false, message } });
    if (!query.startsWith('page')) expect(await admin.get(`/api/admin/orders/export?${query}`)).toMatchObject({ status: 400, body: { success: false, message } });
  });

  it('exports the orders the filters show as CSV, every cell quoted, no formula left to run', async () => {
    const all = await admin.get('/api/admin/orders/export');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toContain('orders.csv');
    const lines = (all.body as string).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('order,id,placed,status,delivered,buyer,email,provider,method,currency,total,refunded,products');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([ids.paypal, ids.paymob, ids.guide]);
    const guideLine = lines.find((line) => line.includes(ids.guide!))!;
    expect(guideLine).toContain(`"'=HYPERLINK(""http"")"`);
    expect(guideLine).toContain('0.00,0.00,Free Periodontal Guide');
    const paymob = await admin.get('/api/admin/orders/export?provider=paymob');
    expect((paymob.body as string).split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(paymob.body).toContain('EGP,1300.00,0.00,Atlas of Implants');
  });

  it("tells an order's life as a timeline: placed, paid, delivered, its confirmation", async () => {
    const answer = await admin.get(`/api/admin/orders/${ids.guide}/timeline`);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ _id: ids.guide, status: 'paid', delivered: true, products: [{ _id: guide._id, title: guide.title }] });
    const kinds = (answer.body.events as { kind: string }[]).map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['placed', 'paid', 'delivered']);
    expect(answer.body.events).toContainEqual(expect.objectContaining({ kind: expect.stringMatching(/^mail-(queued|sent)$/), detail: expect.stringContaining('hana@mail.test') }));
    const pending = await admin.get(`/api/admin/orders/${ids.paypal}/timeline`);
    expect(pending.body.events.map((e: { kind: string }) => e.kind)).toEqual(['placed']);
    for (const id of ['ffffffffffffffffffffffff', 'nope'])
      expect(await admin.get(`/api/admin/orders/${id}/timeline`)).toMatchObject({ status: 404, body: { success: false, ...withCode(ORDER_NOT_FOUND) } });
  });

  it.each([
    ['signed out', async () => new Shopper(api), 401, NOT_SIGNED_IN],
    ['a shopper', async () => hana, 403, ADMINS_ONLY],
  ])('%s is refused the search, the export and the timeline', async (_who, caller, status, message) => {
    const who = await caller();
    for (const path of ['/api/allusers/ordersdata?q=hana', '/api/admin/orders/export?status=paid', `/api/admin/orders/${ids.guide}/timeline`])
      expect(await who.get(path)).toMatchObject({ status, body: { success: false, message } });
  });
});
