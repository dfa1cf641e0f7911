import { TOKENS } from '../../adapters/di/tokens';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { DATES_BACKWARDS, DATE_RULE } from '../../core/shared/days';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { paid, refunded } from '../../core/ordering/domain/order-life';
import { changeOrder } from '../../core/ordering/use-cases/change-order';
import { REPORT_PERIOD_RULE, REPORT_RANGE_TOO_LONG, REPORT_ROWS_RULE } from '../../core/reports/domain/report';
import { egp, usd } from '../../core/shared/money';
import { NO_SUCH_REPORT } from '../../api/reports';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { withCode } from '../support/codes';
import { RunningStore, startStore } from '../support/http';
import { aProduct, nextId } from '../support/products';

/**
 * Issue 21, reports: the owner reads revenue per currency, best sellers, downloads and visits,
 * through the real app on PGlite, from the rollups the database keeps as orders are paid and refunded.
 */
describe('the reports', () => {
  let api: RunningStore;
  let admin: Shopper;
  // A title a spreadsheet would run as a formula, were it not escaped.
  const book = aProduct({ title: '=HYPERLINK("http://evil.test","Atlas")', price: usd(2599), egpprice: egp(120_000) });
  const course = aProduct({ title: 'Composite Veneers', category: 'courses', subcategory: [], price: usd(1000), egpprice: egp(50_000) });
  const march = 'from=2026-03-01&to=2026-03-31';

  /** An order placed at `at` and paid, as settlement saves it. */
  const paidOrder = async (at: string, currency: 'USD' | 'EGP', products: (typeof book)[], userId: string) => {
    const orders = new KnexOrders(api.store.get(TOKENS.Database).knex);
    const prices = products.map((p) => (currency === 'USD' ? p.price : p.egpprice));
    const order = await orders.add({
      id: nextId(),
      userId,
      buyerName: 'Hana Adel',
      buyerEmail: 'hana@mail.test',
      method: currency === 'USD' ? 'paypal' : 'paymob',
      paymentMethod: currency === 'USD' ? 'paypal' : 'card',
      currency,
      total: { minor: prices.reduce((sum, p) => sum + p.minor, 0), currency },
      lines: products.map((p, i) => ({ productId: p._id, title: p.title, price: prices[i]! })),
      createdAt: at,
    });
    await changeOrder(orders, api.store.get(TOKENS.UnitOfWork), order.id, (o) => paid(o, `PAY-${o.id}`, false));
    return order.id;
  };

  beforeAll(async () => {
    api = await startStore([book, course]);
    admin = await signedInAdmin(api);
    await signedInShopper(api, 'Buyer');
    const { id: userId } = await api.store.get(TOKENS.Database).knex('users').where({ username: 'Buyer' }).first<{ id: string }>('id');
    const first = await paidOrder('2026-03-02T10:00:00.000Z', 'USD', [book, course], userId);
    await paidOrder('2026-03-03T10:00:00.000Z', 'EGP', [book], userId);
    await paidOrder('2026-03-20T10:00:00.000Z', 'USD', [course], userId);
    const orders = new KnexOrders(api.store.get(TOKENS.Database).knex);
    await changeOrder(orders, api.store.get(TOKENS.UnitOfWork), first, (o) => refunded(o, [book._id], usd(2599)));
    const visits = api.store.get(TOKENS.Visits);
    for (const visit of [
      { day: '2026-03-02', page: '/', country: 'Egypt' },
      { day: '2026-03-02', page: '/', country: 'Egypt' },
      { day: '2026-03-05', page: '/product/:id', country: 'Brazil' },
      { day: '2026-03-06', page: '/', country: 'Egypt' },
    ])
      await visits.record(visit);
  });
  afterAll(() => api.close());

  it("reads the month's revenue per currency, never summed, with orders, average order and refunds", async () => {
    const answer = await admin.get(`/api/admin/reports/sales?${march}&period=month`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      from: '2026-03-01',
      to: '2026-03-31',
      period: 'month',
      currencies: [
        {
          currency: 'EGP',
          periods: [{ start: '2026-03-01', orders: 1, revenue: 1200, refunds: 0, refunded: 0, net: 1200, averageOrder: 1200 }],
          total: { start: '2026-03-01', orders: 1, revenue: 1200, refunds: 0, refunded: 0, net: 1200, averageOrder: 1200 },
        },
        {
          currency: 'USD',
          periods: [{ start: '2026-03-01', orders: 2, revenue: 45.99, refunds: 1, refunded: 25.99, net: 20, averageOrder: 23 }],
          total: { start: '2026-03-01', orders: 2, revenue: 45.99, refunds: 1, refunded: 25.99, net: 20, averageOrder: 23 },
        },
      ],
    });
    const weeks = await admin.get(`/api/admin/reports/sales?${march}&period=week`);
    expect(weeks.body.currencies[1].periods.map((p: { start: string; orders: number }) => [p.start, p.orders])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-16', 1],
    ]);
  });

  it('ranks the best sellers per currency and counts visits with their conversion to orders', async () => {
    const products = await admin.get(`/api/admin/reports/products?${march}&limit=5`);
    expect(products.body.bestSellers).toEqual([
      { currency: 'EGP', products: [{ _id: book._id, title: book.title, units: 1, revenue: 1200, refunded: 0 }] },
      {
        currency: 'USD',
        products: [
          { _id: book._id, title: book.title, units: 1, revenue: 25.99, refunded: 25.99 },
          { _id: course._id, title: course.title, units: 2, revenue: 20, refunded: 0 },
        ],
      },
    ]);
    expect(products.body.mostDownloaded).toEqual([]);
    const visits = await admin.get(`/api/admin/reports/visits?${march}`);
    expect(visits.body).toEqual({
      success: true,
      from: '2026-03-01',
      to: '2026-03-31',
      total: 4,
      pages: [{ key: '/', visits: 3 }, { key: '/product/:id', visits: 1 }],
      countries: [{ key: 'Egypt', visits: 3 }, { key: 'Brazil', visits: 1 }],
      orders: 3,
      conversion: 75,
    });
  });

  it('exports each report as CSV whose cells a spreadsheet never runs as formulas', async () => {
    const csv = await admin.call('GET', `/api/admin/reports/products/csv?${march}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="products-2026-03-01-to-2026-03-31.csv"');
    expect((csv.body as string).split('\r\n')).toEqual([
      'currency,product_id,title,units,revenue,refunded',
      `EGP,${book._id},"'=HYPERLINK(""http://evil.test"",""Atlas"")",1,1200,0`,
      `USD,${book._id},"'=HYPERLINK(""http://evil.test"",""Atlas"")",1,25.99,25.99`,
      `USD,${course._id},Composite Veneers,2,20,0`,
      '',
    ]);
    const sales = await admin.call('GET', `/api/admin/reports/sales/csv?${march}&period=month`);
    expect(sales.body).toBe('period_start,currency,orders,revenue,average_order,refunds,refunded,net\r\n2026-03-01,EGP,1,1200,1200,0,0,1200\r\n2026-03-01,USD,2,45.99,23,1,25.99,20\r\n');
  });

  it.each([
    ['a day that is no date', `from=2026-02-30&to=2026-03-31`, DATE_RULE],
    ['a date in another form', `from=01/03/2026&to=2026-03-31`, DATE_RULE],
    ['from after to', `from=2026-04-01&to=2026-03-31`, DATES_BACKWARDS],
    ['more than a year', `from=2025-01-01&to=2026-03-31`, REPORT_RANGE_TOO_LONG],
    ['a period of its own', `${march}&period=year`, REPORT_PERIOD_RULE],
  ])('answers 400 to %s, with the reason', async (_what, query, message) => {
    expect(await admin.get(`/api/admin/reports/sales?${query}`)).toMatchObject({ status: 400, body: { success: false, ...withCode(message) } });
  });

  it('answers 400 to a list too long or a report that does not exist, and to missing dates', async () => {
    expect(await admin.get(`/api/admin/reports/products?${march}&limit=51`)).toMatchObject({ status: 400, body: withCode(REPORT_ROWS_RULE) });
    expect(await admin.get(`/api/admin/reports/visits?${march}&limit=0`)).toMatchObject({ status: 400, body: withCode(REPORT_ROWS_RULE) });
    expect(await admin.get(`/api/admin/reports/orders/csv?${march}`)).toMatchObject({ status: 400, body: withCode(NO_SUCH_REPORT) });
    expect((await admin.get('/api/admin/reports/sales?to=2026-03-31')).status).toBe(400);
    expect((await admin.get(`/api/admin/reports/sales?${march}&extra=1`)).status).toBe(400);
  });

  it.each([
    ['signed out', async () => new Shopper(api), 401, NOT_SIGNED_IN],
    ['signed in without the right', async () => signedInShopper(api, `Shopper${nextId().slice(-6)}`), 403, ADMINS_ONLY],
  ])('%s: every report and every CSV is refused', async (_who, caller, status, message) => {
    const who = await caller();
    for (const path of ['sales', 'products', 'visits', 'sales/csv', 'products/csv', 'downloads/csv', 'pages/csv', 'countries/csv', 'nothing/csv']) {
      const answer = await who.get(`/api/admin/reports/${path}?${march}`);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status, body: { success: false, ...withCode(message) } });
    }
  });
});
