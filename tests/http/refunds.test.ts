import { TOKENS } from '../../adapters/di/tokens';
import { ORDER_PARTLY_REFUNDED, ORDER_REFUNDED } from '../../api/admin';
import { ONLY_PAID_REFUNDED, REFUND_UNDER_WAY } from '../../core/ordering/use-cases/refund-order';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Refunds over HTTP on the real app (issue 18, item 5): the admin refunds a line or a whole order
 * through PayPal's emulator, the refunded downloads stop at once, the buyer is e-mailed; PayPal's
 * own refund notice does the same through the webhook; bad refunds change nothing.
 */
describe('refunds that take access back', () => {
  let api: RunningStore;
  let admin: Shopper;
  let hana: Shopper;
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130000) });
  const veneers = aProduct({ title: 'Composite Veneers', price: usd(1000), egpprice: egp(50000) });
  const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };

  beforeAll(async () => {
    api = await startStore([atlas, veneers]);
    admin = await signedInAdmin(api);
    hana = await signedInShopper(api, 'Hana');
  });
  afterAll(() => api.close());

  /** Hana buys both products with PayPal (the emulator's buyer approves); the order id and PayPal's. */
  const bought = async () => {
    const created = await hana.post('/api/paypal/create-order', { ...buyer, items: [{ productId: atlas._id }, { productId: veneers._id }] });
    const reference = created.body.id as string;
    await fetch(`${api.url}/emulator/paypal/buyer/orders/${reference}/approve`, { method: 'POST' });
    const captured = await hana.post('/api/paypal/capture-order', { orderID: reference });
    expect(captured.body.result).toMatchObject({ status: 'paid', total: 35.99 });
    return { orderId: captured.body.result.orderId as string, reference };
  };
  const orderOf = async (orderId: string) => (await hana.get('/api/user/profiledata')).body.userData.orders.find((o: { _id: string }) => o._id === orderId);
  const downloadOf = async (orderId: string, productId: string) => {
    const line = (await orderOf(orderId)).products.find((p: { _id: string }) => p._id === productId);
    return line.download?.url as string | undefined;
  };
  const opens = async (url: string) => (await fetch(api.url + url, { headers: { cookie: hana.cookie }, redirect: 'manual' })).status;
  const refundLetters = (): Promise<{ recipient: string; subject: string; text_body: string }[]> =>
    api.store.get(TOKENS.Database).knex('outbox').where('subject', 'like', '%refunded%').select('recipient', 'subject', 'text_body');

  it('refunds one line: its download stops working at once, the other keeps working, the buyer is e-mailed', async () => {
    const { orderId } = await bought();
    const links = { atlas: await downloadOf(orderId, atlas._id), veneers: await downloadOf(orderId, veneers._id) };
    expect(await opens(links.veneers!)).toBe(302);

    const refunded = await admin.post(`/api/admin/orders/${orderId}/refund`, { productIds: [veneers._id] });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toEqual({ success: true, ...withCode(ORDER_PARTLY_REFUNDED), order: { status: 'partly-refunded', refunded: 10 } });

    expect(await opens(links.veneers!)).toBe(404);
    expect(await opens(links.atlas!)).toBe(302);
    const shown = await orderOf(orderId);
    expect(shown).toMatchObject({ status: 'partly-refunded', state: 'partly refunded', refunded: 10 });
    expect(shown.products.find((p: { _id: string }) => p._id === veneers._id)).toEqual({ _id: veneers._id, title: 'Composite Veneers', price: 10, refunded: true });
    const letters = await refundLetters();
    expect(letters.filter((l) => l.text_body.includes(orderId.slice(-6)))).toEqual([
      expect.objectContaining({ recipient: 'hana@mail.test', text_body: expect.stringContaining('Composite Veneers (no longer available to download)') }),
    ]);

    const rest = await admin.post(`/api/admin/orders/${orderId}/refund`, {});
    expect(rest.body).toEqual({ success: true, ...withCode(ORDER_REFUNDED), order: { status: 'refunded', refunded: 35.99 } });
    expect(await opens(links.atlas!)).toBe(404);
    expect((await admin.post(`/api/admin/orders/${orderId}/refund`, {})).body).toMatchObject({ success: false, ...withCode(ONLY_PAID_REFUNDED) });
  });

  it('refuses a refund that gives nothing back, of an unpaid order, by a shopper, and a second one at once', async () => {
    const { orderId } = await bought();
    expect((await hana.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(403);
    expect((await admin.post(`/api/admin/orders/${orderId}/refund`, { productIds: ['64d0c0de0000000000000999'] })).status).toBe(400);
    expect((await admin.post(`/api/admin/orders/${orderId}/refund`, { productIds: [atlas._id], amount: 99 })).status).toBe(400);
    const unpaid = (await hana.post('/api/paypal/create-order', { ...buyer, productId: atlas._id })).body.order.orderId;
    expect((await admin.post(`/api/admin/orders/${unpaid}/refund`, {})).status).toBe(409);

    const both = await Promise.all([admin.post(`/api/admin/orders/${orderId}/refund`, {}), admin.post(`/api/admin/orders/${orderId}/refund`, {})]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe(REFUND_UNDER_WAY);
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded', refunded: 35.99 });
    const again = await admin.post(`/api/admin/orders/${orderId}/refund`, { productIds: [atlas._id] });
    expect([again.status, again.body.message]).toEqual([409, ONLY_PAID_REFUNDED]);
  });

  it("takes every download back on PayPal's own whole refund, once, through the webhook", async () => {
    const { orderId, reference } = await bought();
    const link = await downloadOf(orderId, atlas._id);
    expect((await fetch(`${api.url}/emulator/paypal/dashboard/orders/${reference}/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(201);
    const notice = await (await fetch(`${api.url}/emulator/paypal/dashboard/orders/${reference}/notification`)).json();
    for (let delivery = 0; delivery < 2; delivery++) expect((await fetch(`${api.url}/api/paypal/webhook`, { method: 'POST', headers: notice.headers, body: notice.rawBody })).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded', refunded: 35.99 });
    expect(await opens(link!)).toBe(404);
    expect((await refundLetters()).filter((l) => l.text_body.includes(orderId.slice(-6)))).toHaveLength(1);
  });
});
