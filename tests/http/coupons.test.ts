import { TOKENS } from '../../adapters/di/tokens';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import {
  COUPON_DISABLED,
  COUPON_EXPIRED,
  COUPON_NOT_STARTED,
  COUPON_OUT_OF_SCOPE,
  COUPON_UNKNOWN,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
} from '../../core/coupons/domain/coupon';
import { COUPON_CODE_TAKEN, PERCENT_RULE } from '../../core/coupons/domain/coupon-draft';
import { egp, usd } from '../../core/shared/money';
import { AppConfig } from '../../adapters/di/config';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Coupons through the real app (issue 21, item 5): the admin's calls are theirs alone; each reason
 * a code cannot be used answers 400 and writes nothing; the order records the code and the
 * discount; an order that fails or is refunded gives its use back; and 50 buyers racing for a
 * coupon capped at 1 get one discount between them, on PGlite and on a PostgreSQL server.
 */
const atlas = aProduct({ _id: 'c00000000000000000000001', title: 'Atlas of Periodontics', price: usd(4000), egpprice: egp(200_000), category: 'books', subcategory: ['Periodontics'] });
const course = aProduct({ _id: 'c00000000000000000000002', title: 'Implant Course', price: usd(10_000), egpprice: egp(500_000), category: 'courses', subcategory: [] });

const couponsOn = (engine: string, database: () => Promise<Partial<AppConfig> & { close?: () => Promise<void> }>) =>
  describe(`coupons on ${engine}`, () => {
    let api: RunningStore;
    let admin: Shopper;
    let closeDb: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const { close, ...config } = await database();
      closeDb = close;
      api = await startStore([atlas, course], config);
      admin = await signedInAdmin(api);
    });
    afterAll(async () => {
      await api.close();
      await closeDb?.();
    });

    const knex = () => api.store.get(TOKENS.Database).knex;
    const make = async (rules: Record<string, unknown>) => {
      const made = await admin.post('/api/admin/coupons', rules);
      expect(made.status).toBe(201);
      return made.body.coupons as { _id: string; code: string; uses: number }[];
    };
    const guestBuys = (email: string, coupon: string, extra: Record<string, unknown> = {}) =>
      new Shopper(api).post('/api/guest/checkout/start', { name: 'Guest Buyer', email, productId: atlas._id, provider: 'paypal', method: 'paypal', coupon, ...extra });
    const ordersWith = async (code: string) => Number((await knex()('orders').where({ coupon_code: code }).count({ n: '*' }))[0].n);

    it('answers 401 signed out and 403 to a shopper, and changes nothing', async () => {
      const shopper = await signedInShopper(api, `Shopper${engine.length}`);
      const before = await knex()('coupons').count({ n: '*' });
      for (const [method, path, body] of [
        ['GET', '/api/admin/coupons', undefined],
        ['POST', '/api/admin/coupons', { code: 'NOPE10', percent: 10, scope: 'all' }],
        ['POST', '/api/admin/coupons/c00000000000000000000001/disable', {}],
      ] as const) {
        expect(await new Shopper(api).call(method, path, body)).toMatchObject({ status: 401, body: { message: NOT_SIGNED_IN } });
        expect(await shopper.call(method, path, body)).toMatchObject({ status: 403, body: { message: ADMINS_ONLY } });
      }
      expect(await knex()('coupons').count({ n: '*' })).toEqual(before);
    });

    it('makes one coupon or a batch, refuses bad rules and a taken code with 400/409, lists and disables them, audited', async () => {
      const [one] = await make({ code: 'spring10', percent: 10, scope: 'all' });
      expect(one.code).toBe('SPRING10');
      const batch = await make({ count: 5, offUsd: 5, offEgp: 250, scope: 'types', values: ['courses'], maxUses: 1 });
      expect(new Set(batch.map((c) => c.code)).size).toBe(5);
      expect(await admin.post('/api/admin/coupons', { code: 'SPRING10', percent: 10, scope: 'all' })).toMatchObject({ status: 409, body: withCode(COUPON_CODE_TAKEN) });
      expect(await admin.post('/api/admin/coupons', { code: 'BAD', percent: 150, scope: 'all' })).toMatchObject({ status: 400, body: withCode(PERCENT_RULE) });
      expect((await admin.post('/api/admin/coupons', { percent: 'ten', scope: 'all' })).status).toBe(400);
      expect((await admin.post('/api/admin/coupons', { percent: 10, scope: 'all', startsAt: 'not a date' })).status).toBe(400);
      expect((await admin.get('/api/admin/coupons?page=zero')).status).toBe(400);
      const listed = await admin.get('/api/admin/coupons?page=1&limit=50');
      expect(listed.body.coupons.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['SPRING10', ...batch.map((c) => c.code)]));
      expect(await admin.post(`/api/admin/coupons/${one._id}/disable`, {})).toMatchObject({ status: 200, body: { coupon: { disabled: true } } });
      expect(await guestBuys('late@mail.test', 'spring10')).toMatchObject({ status: 400, body: withCode(COUPON_DISABLED) });
      const audit = await knex()('audit_log').whereIn('action', ['coupons-created', 'coupon-disabled']).select('action');
      expect(audit.map((a) => a.action).sort()).toEqual(['coupon-disabled', 'coupons-created', 'coupons-created']);
    });

    it('answers 400 with the reason for an unknown, expired, not-yet-started, used-up, out-of-scope or under-minimum code, and writes no order', async () => {
      const hour = 3_600_000;
      await make({ code: 'OLD', percent: 10, scope: 'all', endsAt: new Date(Date.now() - hour).toISOString() });
      await make({ code: 'SOON', percent: 10, scope: 'all', startsAt: new Date(Date.now() + hour).toISOString() });
      await make({ code: 'COURSES', percent: 10, scope: 'types', values: ['courses'] });
      await make({ code: 'BIGONLY', percent: 10, scope: 'all', minimumUsd: 50, minimumEgp: 2500 });
      await make({ code: 'ONCEEACH', percent: 10, scope: 'all', maxUsesPerCustomer: 1 });
      const [gone] = await make({ code: 'GONE', percent: 10, scope: 'all', maxUses: 1 });
      expect((await guestBuys('first@mail.test', 'GONE')).status).toBe(200);
      const orders = Number((await knex()('orders').count({ n: '*' }))[0].n);
      const cases: [string, string][] = [
        ['NOSUCHCODE', COUPON_UNKNOWN],
        ['old', COUPON_EXPIRED],
        ['SOON', COUPON_NOT_STARTED],
        ['GONE', COUPON_USED_UP],
        ['COURSES', COUPON_OUT_OF_SCOPE],
        ['BIGONLY', 'This coupon needs an order of at least $50.00'],
      ];
      for (const [code, why] of cases) expect(await guestBuys('second@mail.test', code)).toMatchObject({ status: 400, body: withCode(why) });
      expect((await guestBuys('once@mail.test', 'ONCEEACH')).status).toBe(200);
      expect(await guestBuys('once@mail.test', 'ONCEEACH')).toMatchObject({ status: 400, body: withCode(COUPON_USED_BY_YOU) });
      expect(Number((await knex()('orders').count({ n: '*' }))[0].n)).toBe(orders + 1);
      expect((await knex()('coupons').where({ id: gone._id }).first('uses')).uses).toBe(1);
    });

    it('prices the order with the coupon, records it, and the profile shows it; a free result is paid at once, with no provider', async () => {
      const hana = await signedInShopper(api, `Hana${engine.length}`);
      await make({ code: 'TENOFF', offUsd: 10, offEgp: 500, scope: 'all' });
      const started = await hana.post('/api/checkout/start', { name: 'Hana', email: 'hana@mail.test', items: [{ productId: atlas._id }, { productId: course._id }], provider: 'paypal', method: 'paypal', coupon: 'tenoff' });
      expect(started.body.order).toMatchObject({ status: 'pending', total: 130, currency: 'USD', coupon: { code: 'TENOFF', discount: 10 } });
      const egpOrder = await hana.post('/api/checkout/pay', { name: 'Hana', email: 'hana@mail.test', productId: atlas._id, coupon: 'TENOFF' });
      expect(egpOrder.body.order).toMatchObject({ total: 1500, currency: 'EGP', coupon: { code: 'TENOFF', discount: 500 } });
      const profile = (await hana.get('/api/user/profiledata')).body.userData.orders;
      expect(profile.find((o: { _id: string }) => o._id === started.body.order.orderId)).toMatchObject({ total: 130, coupon: { code: 'TENOFF', discount: 10 } });

      await make({ code: 'GIFT100', percent: 100, scope: 'products', values: [atlas._id] });
      const gift = await hana.post('/api/paypal/create-order', { email: 'hana@mail.test', productId: atlas._id, coupon: 'GIFT100' });
      expect(gift.body).toMatchObject({ message: 'Payment completed successfully', order: { status: 'paid', total: 0, coupon: { code: 'GIFT100', discount: 40 } } });
      expect(gift.body.id).toBeUndefined();
      expect(await knex()('orders').where({ id: gift.body.order.orderId }).first('method')).toEqual({ method: 'free' });
      // The confirmation says what the coupon took off.
      expect(await knex()('outbox').where('text_body', 'like', '%Coupon GIFT100: -$40.00%').count({ n: '*' })).toEqual([{ n: expect.anything() }]);
      expect(Number((await knex()('outbox').where('text_body', 'like', '%Coupon GIFT100: -$40.00%').count({ n: '*' }))[0].n)).toBe(1);
    });

    it('gives the use back when the order fails (a transfer rejected) or is refunded', async () => {
      const [once] = await make({ code: 'ONLYONE', percent: 20, scope: 'all', maxUses: 1 });
      const hana = await signedInShopper(api, `Nour${engine.length}`);
      const first = await hana.post('/api/checkout/start', { name: 'Nour', email: 'nour@mail.test', productId: atlas._id, provider: 'transfer', method: 'transfer', coupon: 'ONLYONE' });
      expect(first.status).toBe(200);
      expect(await guestBuys('other@mail.test', 'ONLYONE')).toMatchObject({ status: 400, body: withCode(COUPON_USED_UP) });
      expect((await admin.post(`/api/admin/orders/${first.body.order.orderId}/reject-transfer`, { reason: 'No transfer arrived.' })).body.order).toEqual({ status: 'failed' });
      expect((await knex()('coupons').where({ id: once._id }).first('uses')).uses).toBe(0);

      // Used again, paid through PayPal, then refunded in full: the use comes back once more.
      const second = await hana.post('/api/paypal/create-order', { email: 'nour@mail.test', productId: atlas._id, coupon: 'ONLYONE' });
      expect(second.body.order).toMatchObject({ total: 32, coupon: { discount: 8 } });
      await fetch(`${api.url}/emulator/paypal/buyer/orders/${second.body.id}/approve`, { method: 'POST' });
      expect((await hana.post('/api/paypal/capture-order', { orderID: second.body.id })).body.result).toMatchObject({ status: 'paid', total: 32 });
      expect((await knex()('coupons').where({ id: once._id }).first('uses')).uses).toBe(1);
      expect((await admin.post(`/api/admin/orders/${second.body.order.orderId}/refund`, {})).body.order).toEqual({ status: 'refunded', refunded: 32 });
      expect((await knex()('coupons').where({ id: once._id }).first('uses')).uses).toBe(0);
      expect((await guestBuys('third@mail.test', 'ONLYONE')).status).toBe(200);
    });

    it('50 buyers at once with a coupon capped at 1: exactly one order has the discount; the others are told it is used up', async () => {
      await make({ code: 'RACE1', percent: 50, scope: 'all', maxUses: 1 });
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => guestBuys(`racer${i}@mail.test`, 'RACE1')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400 && a.body.message === COUPON_USED_UP)).toHaveLength(49);
      expect(await ordersWith('RACE1')).toBe(1);
      expect((await knex()('coupons').where({ code: 'RACE1' }).first('uses')).uses).toBe(1);
    }, 60_000);
  });

couponsOn('PGlite', async () => ({}));
if (TEST_DATABASE_URL) {
  const url = TEST_DATABASE_URL;
  couponsOn('PostgreSQL', async () => {
    const db = await freshPostgres(url);
    return { database: { engine: 'postgres', url: db.url }, close: db.close };
  });
} else test.skip('coupons on a PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
