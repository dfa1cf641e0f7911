import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { zipSync } from 'fflate';
import { TOKENS } from '../../adapters/di/tokens';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { FILE_NAME_HAS_PATH, FILE_TOO_LARGE } from '../../core/delivery/domain/product-file';
import { PROGRAM_NOT_A_DOCUMENT, ZIP_BOMB } from '../../core/delivery/domain/file-content';
import { LINK_EXPIRED, capReached } from '../../core/delivery/domain/downloads';
import { egp, usd } from '../../core/shared/money';
import { Shopper } from '../support/browser-like';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { RunningStore, startStore, copiesMade } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/** A PDF of `size` bytes: its header, then filler. */
const aPdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
};

/**
 * Product files and downloads per buyer through the real app on PGlite (issue 19): the admin's
 * upload and its refusals, then the buyer's fresh links, ranges, the cap, the log and its reset.
 */
describe('product files and downloads per buyer', () => {
  let api: RunningStore;
  let admin: Shopper;
  let offsetMs = 0;
  const book = aProduct({ title: 'Atlas of Periodontics', price: usd(0), egpprice: egp(0), producturl: '', downloadpass: '' });
  const other = aProduct({ title: 'Course elsewhere', producturl: '', downloadpass: '' });
  const pdf = aPdf(24 * 1024 * 1024);

  beforeAll(async () => {
    api = await startStore([book, other], { clock: { now: () => new Date(Date.now() + offsetMs) } });
    admin = await signedInAdmin(api);
  });
  afterAll(() => api.close());

  const knex = () => api.store.get(TOKENS.Database).knex;
  const storageRoot = () => (api.store.get(TOKENS.FileStorage) as LocalDiskStorage).root;
  const filesOnDisk = async () => (await fs.readdir(storageRoot(), { recursive: true }).catch(() => [])).filter((f) => !f.toString().startsWith('.'));
  const waitingUploads = async () => fs.readdir(path.join(path.dirname(storageRoot()), 'tmp', 'uploads')).catch(() => []);
  const upload = (who: Shopper, productId: string, name: string, bytes: Uint8Array) =>
    fetch(`${api.url}/api/admin/products/${productId}/files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/octet-stream' },
      body: Buffer.from(bytes),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  /** A raw request, to announce a length and send less, or nothing. */
  const rawUpload = (name: string, length: number, send: number, cut: boolean) =>
    new Promise<{ status: number; body: unknown } | 'cut'>((resolve) => {
      const request = http.request(`${api.url}/api/admin/products/${book._id}/files?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream', 'content-length': String(length) },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on('error', () => resolve('cut'));
      request.on('close', () => resolve('cut'));
      request.write(aPdf(send));
      if (cut) setTimeout(() => request.destroy(), 200);
    });

  it('refuses hostile uploads with a clear message, leaving no row and no file', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(1000)]);
    expect(await upload(admin, book._id, 'atlas.pdf', exe)).toEqual({ status: 400, body: { success: false, ...withCode(PROGRAM_NOT_A_DOCUMENT) } });
    // A tiny ZIP bomb: 20 MB of zeros in about 20 kB.
    const bomb = zipSync({ 'zeros.bin': [new Uint8Array(20 * 1024 * 1024), { level: 9 }] });
    expect(bomb.length).toBeLessThan(100_000);
    expect(await upload(admin, book._id, 'cases.zip', bomb)).toEqual({ status: 400, body: { success: false, ...withCode(ZIP_BOMB) } });
    expect(await upload(admin, book._id, '../../etc/atlas.pdf', aPdf(100))).toEqual({ status: 400, body: { success: false, ...withCode(FILE_NAME_HAS_PATH) } });
    // 2.1 GB announced (under 2 GiB): refused before a byte is written, with the cap in the message.
    expect(await rawUpload('big.pdf', 2_100_000_000, 1000, false)).toEqual({ status: 413, body: { success: false, ...withCode(FILE_TOO_LARGE) } });
    // Cut halfway: the client goes away after a tenth.
    await rawUpload('cut.pdf', 1_000_000, 100_000, true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A shopper cannot upload at all.
    const shopper = await signedInShopper(api, 'Curious');
    expect((await upload(shopper, book._id, 'atlas.pdf', aPdf(100))).status).toBe(403);

    expect(Number((await knex()('product_files').count({ n: '*' }))[0]!.n)).toBe(0);
    expect(await filesOnDisk()).toEqual([]);
    expect(await waitingUploads()).toEqual([]);
  });

  let fileId = '';
  it('keeps an uploaded PDF under its cleaned name, listed in the editor, audited', async () => {
    const added = await upload(admin, book._id, ' Atlas  of Periodontics – 2nd édition.pdf', pdf);
    expect(added).toMatchObject({ status: 200, body: { success: true, file: { name: 'Atlas of Periodontics – 2nd édition.pdf', kind: 'pdf', size: pdf.length } } });
    fileId = added.body.file._id;
    expect((await admin.get(`/api/admin/products/${book._id}/files`)).body).toEqual({ success: true, files: [added.body.file], downloadsPerBuyer: 5 });
    expect(await filesOnDisk()).toEqual(expect.arrayContaining([path.join('products', book._id, `${fileId}.pdf`)]));
    expect((await admin.get('/api/admin/audit')).body.entries[0]).toMatchObject({ action: 'product-file-added', subject: book._id });
    expect((await admin.call('PUT', `/api/admin/products/${book._id}/downloads-per-buyer`, { downloadsPerBuyer: 2 })).body).toMatchObject({ success: true, downloadsPerBuyer: 2 });
  });

  it('serves a buyer a fresh link per click, with ranges so a download resumes; counts completed downloads only, up to the cap', async () => {
    const hana = await signedInShopper(api, 'Hana');
    const paid = await hana.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: book._id });
    const orderId = paid.body.order.orderId as string;
    await copiesMade(api, orderId);
    const [order] = (await hana.get('/api/user/profiledata')).body.userData.orders;
    // Delivered at payment: the product has a file of its own.
    expect(order).toMatchObject({ delivered: true, products: [{ files: { files: [{ _id: fileId, kind: 'pdf', size: pdf.length }], used: 0, limit: 2 } }] });

    const linkPath = `/api/orders/${orderId}/files/${book._id}/${fileId}/link`;
    const fresh = async () => (await hana.post(linkPath)).body.url as string;
    const get = (url: string, headers: Record<string, string> = {}) => fetch(api.url + url, { headers: { cookie: hana.cookie, ...headers } });

    // Resumed: the first part does not count, the part with the last byte does.
    const first = await get(await fresh(), { range: 'bytes=0-999' });
    expect([first.status, first.headers.get('content-range'), first.headers.get('accept-ranges')]).toEqual([206, `bytes 0-999/${pdf.length}`, 'bytes']);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(pdf.subarray(0, 1000));
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="Atlas of Periodontics _ 2nd _dition.pdf"; filename*=UTF-8''Atlas%20of%20Periodontics%20%E2%80%93%202nd%20%C3%A9dition.pdf`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const rest = await get(await fresh(), { range: 'bytes=1000-' });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(pdf.subarray(1000))).toBe(true);
    expect((await get(await fresh(), { range: `bytes=${pdf.length}-` })).status).toBe(416);

    // Cut by the client midway: logged, not counted.
    const cut = await get(await fresh(), {});
    const reader = cut.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const whole = await get(await fresh());
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Two completed of two: the next click and the next request are refused, naming the limit and support.
    const past = await hana.post(linkPath);
    expect(past).toMatchObject({ status: 410, body: { success: false, message: capReached(2, 'help@store.test'), code: 'download.cap_reached' } });

    const log = (await admin.get(`/api/admin/orders/${orderId}/downloads`)).body;
    expect(log.lines).toEqual([{ productId: book._id, title: book.title, files: 1, link: false, used: 2, limit: 2 }]);
    expect(log.downloads.map((d: { completed: boolean; bytes: number }) => d.completed)).toEqual([true, false, true, false]);
    expect(log.downloads[0]).toMatchObject({ fileId, address: expect.stringContaining('127.0.0.1'), bytes: pdf.length, counted: true });
    expect(log.downloads[1].bytes).toBeLessThan(pdf.length);

    // The admin resets the line: two more, and the log keeps everything.
    expect((await admin.post(`/api/admin/orders/${orderId}/downloads/${book._id}/reset`)).body).toMatchObject({ success: true, reset: 2 });
    expect((await admin.get('/api/admin/audit')).body.entries[0]).toMatchObject({ action: 'downloads-reset', subject: orderId });
    const again = await hana.post(linkPath);
    expect(again.status).toBe(200);

    // Another buyer's link, a forged one and an expired one.
    const omar = await signedInShopper(api, 'Omar');
    const link = again.body.url as string;
    const foreign = await fetch(api.url + link, { headers: { cookie: omar.cookie } });
    expect([foreign.status, await foreign.json()]).toEqual([404, { success: false, ...withCode('Download not found') }]);
    expect((await get(link.replace(/sig=.../, 'sig=AAA'))).status).toBe(404);
    expect((await omar.post(linkPath)).status).toBe(404);
    offsetMs = 11 * 60_000;
    const late = await get(link);
    offsetMs = 0;
    expect([late.status, await late.json()]).toEqual([410, { success: false, ...withCode(LINK_EXPIRED) }]);
  });

  it("tells the admin an order's product has neither a file nor a link, before 'Mark as Delivered'", async () => {
    const mona = await signedInShopper(api, 'Mona');
    const created = await mona.post('/api/paypal/create-order', { name: 'Mona', email: 'mona@mail.test', productId: other._id });
    await fetch(`${api.url}/emulator/paypal/buyer/orders/${created.body.id}/approve`, { method: 'POST' });
    await mona.post('/api/paypal/capture-order', { orderID: created.body.id });
    const orderId = created.body.order.orderId as string;
    expect((await admin.get(`/api/admin/orders/${orderId}/downloads`)).body.lines).toEqual([
      { productId: other._id, title: other.title, files: 0, link: false, used: 0, limit: 5 },
    ]);
    expect((await admin.call('PUT', `/api/allusers/update-delivery/${orderId}`)).status).toBe(200);
    const [notice] = await knex()('outbox').where('id', `order-delivered-${orderId}`).select('text_body');
    expect(notice.text_body).not.toContain('downloads');
  });
});
