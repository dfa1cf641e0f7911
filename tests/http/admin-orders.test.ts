import { ORDER_DELIVERED } from '../../api/admin';
import { NOT_PAID } from '../../core/ordering/use-cases/customer-orders';
import { ORDER_NOT_FOUND } from '../../core/ordering/domain/order';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Customer Orders over HTTP (spec 2 and 4, DECISIONS 13): every account's orders, newest first and
 * grouped by account; delivery from pending to delivered once, after which the buyer's profile
 * shows the download.
 */
describe('Customer Orders', () => {
  let api: RunningStore;
  let admin: Shopper;
  let hana: Shopper;
  let omar: Shopper;
  // No download link yet: its orders wait for the admin.
  const onRequest = aProduct({ title: 'Charts on request', price: usd(0), egpprice: egp(0), producturl: '', downloadpass: '' });
  const guide = aProduct({ title: 'Free guide', price: usd(0), egpprice: egp(0) });
  const atlas = aProduct({ title: 'Atlas', price: usd(2599), egpprice: egp(130000) });
  const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };
  const orderIds: Record<string, string> = {};

  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
  const ordersOf = async (who: Shopper) => (await who.get('/api/user/profiledata')).body.userData.orders;

  beforeAll(async () => {
    api = await startStore([onRequest, guide, atlas]);
    admin = await signedInAdmin(api);
    hana = await signedInShopper(api, 'Hana');
    omar = await signedInShopper(api, 'Omar');
    // Oldest first: Hana's charts, Omar's guide, Hana's atlas (started at PayPal, not paid).
    orderIds.charts = (await hana.post('/api/checkout/pay', { ...buyer, productId: onRequest._id })).body.order.orderId;
    await pause();
    orderIds.guide = (await omar.post('/api/checkout/pay', { name: 'Omar Said', email: 'omar@mail.test', productId: guide._id })).body.order.orderId;
    await pause();
    orderIds.atlas = (await hana.post('/api/paypal/create-order', { ...buyer, productId: atlas._id })).body.order.orderId;
  });
  afterAll(() => api.close());

  it('lists every order newest first, grouped by account in the order each first appears, prices as decimals', async () => {
    const listed = await admin.get('/api/allusers/ordersdata');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, page: 1, totalPages: 1, total: 3 });
    expect(listed.body.usersOrders).toEqual([
      {
        username: 'Hana',
        email: 'hana@mail.test',
        orders: [
          expect.objectContaining({ _id: orderIds.atlas, number: orderIds.atlas!.slice(-6), status: 'pending', delivered: false, total: 25.99, currency: 'USD', products: [{ _id: atlas._id, title: 'Atlas', price: 25.99 }] }),
          expect.objectContaining({ _id: orderIds.charts, status: 'paid', delivered: false, total: 0, buyerName: 'Hana Adel', userEmail: 'hana@mail.test' }),
        ],
      },
      { username: 'Omar', email: 'omar@mail.test', orders: [expect.objectContaining({ _id: orderIds.guide, status: 'paid', delivered: true })] },
    ]);
  });

  it('pages through them', async () => {
    const second = await admin.get('/api/allusers/ordersdata?page=2&limit=1');
    expect(second.body).toMatchObject({ page: 2, totalPages: 3, total: 3, usersOrders: [{ username: 'Omar', orders: [{ _id: orderIds.guide }] }] });
    expect((await admin.get('/api/allusers/ordersdata?page=9&limit=1')).body).toMatchObject({ usersOrders: [], total: 3 });
  });

  it('marks a paid order delivered once; its buyer then gets the download', async () => {
    // The link is added to the product, then the order delivered (DECISIONS 13).
    const { data } = (await admin.get(`/api/backendproduct/getdetailsforrUpdate/${onRequest._id}`)).body;
    const linked = await admin.post(`/api/backendproduct/updateTheDetails/${onRequest._id}`, { ...data, producturl: 'https://files.example.com/charts.pdf', downloadpass: 'charts-1' });
    expect(linked.status).toBe(200);
    const before = (await ordersOf(hana)).find((o: { _id: string }) => o._id === orderIds.charts);
    expect(before).toMatchObject({ delivered: false });
    expect(before.products[0].download).toBeUndefined();

    const delivered = await admin.call('PUT', `/api/allusers/update-delivery/${orderIds.charts}`);
    expect(delivered).toMatchObject({ status: 200, body: { success: true, ...withCode(ORDER_DELIVERED), delivered: true } });
    expect((await admin.call('PUT', `/api/allusers/update-delivery/${orderIds.charts}`)).body).toEqual({ success: true, ...withCode(ORDER_DELIVERED), delivered: true });

    const after = (await ordersOf(hana)).find((o: { _id: string }) => o._id === orderIds.charts);
    expect(after).toMatchObject({ delivered: true });
    expect(after.products[0].download).toMatchObject({ password: 'charts-1' });
    expect((await hana.get(after.products[0].download.url)).headers.get('location')).toBe('https://files.example.com/charts.pdf');

    const listed = await admin.get('/api/allusers/ordersdata');
    expect(listed.body.usersOrders[0].orders[1]).toMatchObject({ _id: orderIds.charts, delivered: true });
    const audit = (await admin.get('/api/admin/audit')).body.entries;
    expect(audit.filter((e: { action: string }) => e.action === 'order-delivered')).toEqual([
      expect.objectContaining({ action: 'order-delivered', subject: orderIds.charts, actorName: 'Owner' }),
    ]);
  });

  it('refuses to deliver an unpaid order, or one that is not there', async () => {
    expect(await admin.call('PUT', `/api/allusers/update-delivery/${orderIds.atlas}`)).toMatchObject({ status: 409, body: { success: false, ...withCode(NOT_PAID) } });
    for (const id of ['ffffffffffffffffffffffff', 'nope', '..%2F..', 'a'.repeat(3000)])
      expect(await admin.call('PUT', `/api/allusers/update-delivery/${id}`)).toMatchObject({ status: 404, body: { success: false, ...withCode(ORDER_NOT_FOUND) } });
    expect((await ordersOf(hana)).find((o: { _id: string }) => o._id === orderIds.atlas)).toMatchObject({ status: 'pending', delivered: false });
  });
});
