import { TOKENS } from '../../adapters/di/tokens';
import { JSON_CALLS } from '../../api/schemas';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { egp, usd } from '../../core/shared/money';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { aProductForm, multipart, signedInAdmin, signedInShopper, uploadedFiles } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aPng } from '../support/images';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * DECISIONS 11: the server enforces every admin right itself. Every admin call, signed out and as a
 * signed-in shopper, is refused (401, 403) and changes nothing.
 */
describe('the admin calls refuse everyone but an admin', () => {
  let api: RunningStore;
  const book = aProduct({ title: 'On sale' });
  const gone = aProduct({ title: 'Deleted earlier' });
  // No download link: a paid order of it waits for the admin's delivery.
  const onRequest = aProduct({ title: 'Sent on request', producturl: '', downloadpass: '', price: usd(0), egpprice: egp(0) });
  let orderId = '';
  let buyer: Shopper;
  let admin: Shopper;
  let auditBefore = 0;

  beforeAll(async () => {
    api = await startStore([book, gone, onRequest]);
    admin = await signedInAdmin(api);
    expect((await admin.delete(`/api/backendproduct/remove/${gone._id}`)).status).toBe(200);
    auditBefore = (await admin.get('/api/admin/audit')).body.total;
    buyer = await signedInShopper(api, 'Buyer');
    const paid = await buyer.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: onRequest._id });
    expect(paid.body.order).toMatchObject({ status: 'paid' });
    orderId = paid.body.order.orderId;
  });
  afterAll(() => api.close());

  const calls: Record<string, (who: Shopper) => Promise<{ status: number; body: unknown }>> = {
    'GET /api/allusers/ordersdata': (who) => who.get('/api/allusers/ordersdata?page=1&limit=20'),
    'PUT /api/allusers/update-delivery/:orderId': (who) => who.call('PUT', `/api/allusers/update-delivery/${orderId}`),
    'GET /api/admin/orders/:orderId/timeline': (who) => who.get(`/api/admin/orders/${orderId}/timeline`),
    'POST /api/admin/orders/:orderId/resend-confirmation': (who) => who.post(`/api/admin/orders/${orderId}/resend-confirmation`),
    'GET /api/admin/customers': (who) => who.get('/api/admin/customers'),
    'GET /api/admin/customers/:id': (who) => who.get('/api/admin/customers/guest%40mail.test'),
    'POST /api/admin/customers/:id/resend-library-link': (who) => who.post('/api/admin/customers/guest%40mail.test/resend-library-link'),
    'GET /api/backendproduct/getdetailsforrUpdate/:id': (who) => who.get(`/api/backendproduct/getdetailsforrUpdate/${book._id}`),
    'POST /api/backendproduct/addnew': (who) =>
      who.form('/api/backendproduct/addnew', multipart(aProductForm(), [{ field: 'coversFiles', name: 'c.png', bytes: aPng() }])),
    'POST /api/backendproduct/updateTheDetails/:id': (who) =>
      who.form(`/api/backendproduct/updateTheDetails/${book._id}`, multipart(aProductForm({ title: 'Taken over' }), [{ field: 'covers', name: 'c.png', bytes: aPng() }])),
    'DELETE /api/backendproduct/remove/:id': (who) => who.delete(`/api/backendproduct/remove/${book._id}`),
    'POST /api/backendproduct/recreateproduct/:id': (who) => who.post(`/api/backendproduct/recreateproduct/${gone._id}`),
    'POST /api/backendproduct/updateproductprices': (who) => who.post('/api/backendproduct/updateproductprices'),
    'GET /api/admin/audit': (who) => who.get('/api/admin/audit'),
    'GET /api/admin/coupons': (who) => who.get('/api/admin/coupons'),
    'POST /api/admin/coupons': (who) => who.post('/api/admin/coupons', { code: 'TAKEN', percent: 10, scope: 'all' }),
    'POST /api/admin/coupons/:id/disable': (who) => who.post(`/api/admin/coupons/${orderId}/disable`),
    'GET /api/admin/audit/admins': (who) => who.get('/api/admin/audit/admins'),
    'GET /api/admin/reports/sales': (who) => who.get('/api/admin/reports/sales?from=2026-03-01&to=2026-03-31'),
    'GET /api/admin/reports/products': (who) => who.get('/api/admin/reports/products?from=2026-03-01&to=2026-03-31'),
    'GET /api/admin/reports/visits': (who) => who.get('/api/admin/reports/visits?from=2026-03-01&to=2026-03-31'),
    'POST /api/admin/orders/:orderId/refund': (who) => who.post(`/api/admin/orders/${orderId}/refund`, {}),
    'POST /api/admin/orders/:orderId/approve-transfer': (who) => who.post(`/api/admin/orders/${orderId}/approve-transfer`, {}),
    'POST /api/admin/orders/:orderId/reject-transfer': (who) => who.post(`/api/admin/orders/${orderId}/reject-transfer`, { reason: 'none arrived' }),
    // issue 21: the products table, a duplicate, Update Prices' preview
    'GET /api/admin/products': (who) => who.get('/api/admin/products?q=atlas'),
    'POST /api/admin/products/:id/duplicate': (who) => who.post(`/api/admin/products/${book._id}/duplicate`),
    'GET /api/admin/products/reprice-preview': (who) => who.get('/api/admin/products/reprice-preview'),
    'GET /api/admin/products/:id/files': (who) => who.get(`/api/admin/products/${book._id}/files`),
    'POST /api/admin/products/:id/files': (who) => who.call('POST', `/api/admin/products/${book._id}/files?name=a.pdf`, undefined, { 'content-type': 'application/octet-stream' }),
    'DELETE /api/admin/products/:id/files/:fileId': (who) => who.delete(`/api/admin/products/${book._id}/files/${orderId}`),
    'PUT /api/admin/products/:id/downloads-per-buyer': (who) => who.call('PUT', `/api/admin/products/${book._id}/downloads-per-buyer`, { downloadsPerBuyer: 1 }),
    'GET /api/admin/orders/:orderId/downloads': (who) => who.get(`/api/admin/orders/${orderId}/downloads`),
    'POST /api/admin/orders/:orderId/downloads/:productId/reset': (who) => who.post(`/api/admin/orders/${orderId}/downloads/${onRequest._id}/reset`),
    'GET /api/admin/jobs': (who) => who.get('/api/admin/jobs'),
    'POST /api/admin/jobs/:id/retry': (who) => who.post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry'),
  };

  it('covers every admin call of the API', () => {
    const all = [...JSON_CALLS];
    const admin = all.slice(all.indexOf('GET /api/allusers/ordersdata'), all.indexOf('POST /api/admin/jobs/:id/retry') + 1);
    expect(Object.keys(calls).sort()).toEqual(admin.sort());
  });

  it.each([
    ['signed out', async () => new Shopper(api), 401, NOT_SIGNED_IN],
    ['signed in without the right', async () => signedInShopper(api, `Shopper${Math.random().toString(36).slice(2, 8)}`), 403, ADMINS_ONLY],
  ])('%s: every call is refused', async (_who, caller, status, message) => {
    const who = await caller();
    for (const [call, send] of Object.entries(calls)) {
      const answer = await send(who);
      expect({ call, status: answer.status, body: answer.body }).toEqual({ call, status, body: { success: false, ...withCode(message) } });
    }
  });

  it('and nothing changed', async () => {
    expect((await api.get(`/api/backendproduct/details/${book._id}`)).body.productDetails).toMatchObject({ title: 'On sale', egpprice: 999 });
    expect((await api.get(`/api/backendproduct/details/${gone._id}`)).status).toBe(404);
    const products = await api.store.get(TOKENS.Database).knex('products').count({ n: '*' });
    expect(Number(products[0]!.n)).toBe(3);
    expect(await uploadedFiles(api)).toEqual([]);
    expect((await buyer.get('/api/user/profiledata')).body.userData.orders).toEqual([expect.objectContaining({ _id: orderId, delivered: false })]);
    expect(auditBefore).toBe(1);
    expect((await admin.get('/api/admin/audit')).body).toMatchObject({ success: true, total: auditBefore });
  });
});
