import { TOKENS } from '../../adapters/di/tokens';
import { PRICES_UPDATED, PRODUCT_DELETED, PRODUCT_RECREATED } from '../../api/admin';
import { PRODUCT_DUPLICATED } from '../../api/products-table';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { BAD_SORT_KEY, BAD_TYPE, BAD_DELETED_FILTER, BAD_DIRECTION, BAD_CATEGORY } from '../../core/catalog/domain/products-table';
import { BAD_VERSION, EDITED_MEANWHILE } from '../../core/catalog/use-cases/manage-products';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { egp, usd } from '../../core/shared/money';
import { aProductForm, multipart, signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { withCode } from '../support/codes';
import { RunningStore, startStore } from '../support/http';
import { aProduct, nextId } from '../support/products';

type Row = { _id: string; title: string; sales: number; hasFile: boolean; deleted: boolean; egpprice: number; keepEgpPrice: boolean };

/**
 * Issue 21 over HTTP on the real app: the products table (search by part of an author, filters,
 * sorts, sales kept as orders are paid and refunded), duplicate, Update Prices' preview, the kept
 * EGP price, and the refused second save of two admins editing one product.
 */
describe('the products table and its actions', () => {
  let api: RunningStore;
  let admin: Shopper;
  let shopper: Shopper;
  // Priced at 10 USD, 1,500 EGP by hand: at the test rate of 50 it would become 500.
  const atlas = aProduct({ title: 'Atlas of Endodontics', author: ['Hanan Elsayed'], price: usd(1000), egpprice: egp(150000) });
  const crowns = aProduct({ title: 'Crowns and Bridges', author: ['Omar Said'], category: 'courses', subcategory: [], price: usd(2000), egpprice: egp(99900) });
  const implants = aProduct({ title: 'Implants Today', author: ['Mona Hassan'], subcategory: ['Implantology'], price: usd(3000), egpprice: egp(150000) });

  beforeAll(async () => {
    api = await startStore([atlas, crowns, implants], { egpPerUsd: '50' });
    admin = await signedInAdmin(api);
    shopper = await signedInShopper(api, 'Buyer');
  });
  afterAll(() => api.close());

  const knex = () => api.store.get(TOKENS.Database).knex;
  const table = async (query = '') => admin.get(`/api/admin/products${query}`);
  const rows = async (query = '') => (await table(query)).body.products as Row[];
  const rowOf = async (id: string, query = '?deleted=all&limit=50') => (await rows(query)).find((r) => r._id === id);
  const editable = async (id: string) => (await admin.get(`/api/backendproduct/getdetailsforrUpdate/${id}`)).body.data;

  /** A paid order of one buyer for `products`, written as the checkout's unit would leave it. */
  const paidOrder = async (...products: string[]) => {
    const id = nextId();
    await knex()('orders').insert({ id, buyer_name: 'B', buyer_email: 'b@mail.test', method: 'paypal', payment_method: 'card', currency: 'USD', total_minor: 1000, status: 'pending' });
    await knex()('order_lines').insert(products.map((product_id, position) => ({ order_id: id, position, product_id, title: 't', price_minor: 1000, currency: 'USD' })));
    await knex()('orders').where({ id }).update({ status: 'paid' });
    return id;
  };

  it('answers 401 signed out and 403 to a shopper on every new call, and changes nothing', async () => {
    const before = await knex()('products').count({ n: '*' });
    for (const [method, path] of [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/reprice-preview'],
      ['POST', `/api/admin/products/${atlas._id}/duplicate`],
    ] as const) {
      const signedOut = method === 'GET' ? await api.get(path) : await api.post(path, {});
      expect([path, signedOut.status, signedOut.body]).toEqual([path, 401, expect.objectContaining({ success: false, message: NOT_SIGNED_IN })]);
      const refused = await shopper.call(method, path, method === 'GET' ? undefined : {});
      expect([path, refused.status, refused.body]).toEqual([path, 403, expect.objectContaining({ success: false, message: ADMINS_ONLY })]);
    }
    expect(await knex()('products').count({ n: '*' })).toEqual(before);
  });

  it('finds a product by part of an author or title, filters by type and category, and pages', async () => {
    expect((await rows('?q=elsay')).map((r) => r._id)).toEqual([atlas._id]);
    expect((await rows('?q=BRIDG')).map((r) => r._id)).toEqual([crowns._id]);
    expect((await rows('?type=courses')).map((r) => r._id)).toEqual([crowns._id]);
    expect((await rows('?category=implantology')).map((r) => r._id)).toEqual([implants._id]);
    const first = await table('?sort=title&dir=asc&limit=2&page=1');
    expect(first.body).toMatchObject({ success: true, page: 1, totalPages: 2, total: 3 });
    expect(first.body.products.map((r: Row) => r.title)).toEqual(['Atlas of Endodontics', 'Crowns and Bridges']);
    expect((await rows('?sort=title&dir=asc&limit=2&page=2')).map((r) => r.title)).toEqual(['Implants Today']);
    expect((await rows('?sort=price&dir=desc')).map((r) => r._id)).toEqual([implants._id, crowns._id, atlas._id]);
  });

  it.each([
    ['?sort=password', BAD_SORT_KEY],
    ['?sort=title;drop table products', BAD_SORT_KEY],
    ['?dir=up', BAD_DIRECTION],
    ['?type=toys', BAD_TYPE],
    ['?category=Astrology', BAD_CATEGORY],
    ['?deleted=maybe', BAD_DELETED_FILTER],
    ['?page=0', 'page must be a whole number from 1 to 1000000'],
    ['?page=abc', 'page must be a whole number'],
    ['?limit=51', 'limit must be a whole number from 1 to 50'],
    ['?colour=red', 'Unrecognized key: "colour"'],
  ])('answers 400 with a clear message to %s', async (query, message) => {
    const answer = await table(query);
    expect([answer.status, answer.body]).toEqual([400, expect.objectContaining({ success: false, message })]);
  });

  it('counts paid order lines as sales, and takes a refunded line back; sorts by sales', async () => {
    const first = await paidOrder(implants._id, crowns._id);
    await paidOrder(implants._id);
    const failed = nextId();
    await knex()('orders').insert({ id: failed, buyer_name: 'B', buyer_email: 'b@mail.test', method: 'paypal', payment_method: 'card', currency: 'USD', total_minor: 1, status: 'failed' });
    await knex()('order_lines').insert({ order_id: failed, position: 0, product_id: atlas._id, title: 't', price_minor: 1, currency: 'USD' });
    expect((await rows('?sort=sales&dir=desc')).map((r) => [r._id, r.sales])).toEqual([
      [implants._id, 2],
      [crowns._id, 1],
      [atlas._id, 0],
    ]);
    await knex()('order_lines').where({ order_id: first, product_id: crowns._id }).update({ refunded: true });
    await knex()('orders').where({ id: first }).update({ status: 'partly-refunded' });
    expect((await rowOf(crowns._id))?.sales).toBe(0);
    expect((await rowOf(implants._id))?.sales).toBe(2);
  });

  it('deletes, lists the deleted product on the deleted filter only, and recreates it', async () => {
    expect(await admin.delete(`/api/backendproduct/remove/${crowns._id}`)).toMatchObject({ status: 200, body: withCode(PRODUCT_DELETED) });
    expect((await rows()).map((r) => r._id)).not.toContain(crowns._id);
    expect((await rows('?deleted=only')).map((r) => [r._id, r.deleted])).toEqual([[crowns._id, true]]);
    expect((await rows('?deleted=only&q=omar')).map((r) => r._id)).toEqual([crowns._id]);
    expect(await admin.post(`/api/backendproduct/recreateproduct/${crowns._id}`)).toMatchObject({ status: 200, body: withCode(PRODUCT_RECREATED) });
    expect((await rowOf(crowns._id, ''))?.deleted).toBe(false);
  });

  it('duplicates a product as a new one marked as a copy, without its download', async () => {
    const copied = await admin.post(`/api/admin/products/${implants._id}/duplicate`);
    expect(copied).toMatchObject({ status: 201, body: { success: true, ...withCode(PRODUCT_DUPLICATED) } });
    const copy = await editable(copied.body.id);
    expect(copy).toMatchObject({ title: 'Implants Today (copy)', author: ['Mona Hassan'], price: 30, egpprice: 1500, producturl: '', downloadpass: '', deleted: false });
    expect((await rowOf(copied.body.id))).toMatchObject({ sales: 0, hasFile: false });
    expect((await admin.post(`/api/admin/products/${nextId()}/duplicate`)).status).toBe(404);
    await admin.delete(`/api/backendproduct/remove/${copied.body.id}`);
  });

  it('previews Update Prices without changing anything, and skips a kept EGP price in the preview and the reprice', async () => {
    const form = (fields: Record<string, string | string[]>) => admin.form(`/api/backendproduct/updateTheDetails/${atlas._id}`, multipart(fields));
    const base = aProductForm({ title: atlas.title, author: atlas.author as string[], price: '10', egpprice: '1500' });
    expect((await form({ ...base, keepEgpPrice: 'true' })).status).toBe(200);
    const before = await knex()('products').orderBy('id').select('id', 'egp_price_cents', 'version');
    const audit = await knex()('audit_log').count({ n: '*' });

    const preview = await admin.get('/api/admin/products/reprice-preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ success: true, egpPerUsd: '50', products: 2, kept: 1 });
    // Implants stays at 1,500 (30 x 50): only a price that changes is an example.
    expect(preview.body.examples).toEqual([{ _id: crowns._id, title: crowns.title, price: 20, before: 999, after: 1000 }]);
    expect(await knex()('products').orderBy('id').select('id', 'egp_price_cents', 'version')).toEqual(before);
    expect(await knex()('audit_log').count({ n: '*' })).toEqual(audit);

    const applied = await admin.post('/api/backendproduct/updateproductprices');
    expect(applied).toMatchObject({ status: 200, body: { ...withCode(PRICES_UPDATED), updated: 2 } });
    expect((await editable(atlas._id)).egpprice).toBe(1500);
    expect((await editable(implants._id)).egpprice).toBe(1500);
    expect((await editable(crowns._id)).egpprice).toBe(1000);
    expect((await rowOf(atlas._id))?.keepEgpPrice).toBe(true);
  });

  it('refuses the second of two saves made from one version with 409, keeping the first; an update without a version still saves', async () => {
    const loaded = await editable(implants._id);
    const save = (title: string, version?: unknown) =>
      admin.form(
        `/api/backendproduct/updateTheDetails/${implants._id}`,
        multipart({ ...aProductForm({ title, price: '30', egpprice: '1500' }), ...(version === undefined ? {} : { version: String(version) }) }),
      );
    expect((await save('First admin', loaded.version)).status).toBe(200);
    const second = await save('Second admin', loaded.version);
    expect([second.status, second.body]).toEqual([409, expect.objectContaining({ success: false, message: EDITED_MEANWHILE })]);
    expect((await editable(implants._id)).title).toBe('First admin');
    expect((await save('Bad', 'one')).body).toMatchObject({ success: false, message: BAD_VERSION });
    expect((await save('Spec caller')).status).toBe(200);
    expect((await editable(implants._id)).title).toBe('Spec caller');
  });
});
