import { TOKENS } from '../../adapters/di/tokens';
import { DOWNLOAD_NOT_FOUND, capReached } from '../../core/delivery/domain/downloads';
import { PAGE_RULE } from '../../core/delivery/domain/reading';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { Browser, libraryTokenIn } from '../support/guest';
import { RunningStore, startStore, copiesMade } from '../support/http';
import { CapturedLog, captureLog } from '../support/log';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

const aPdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
};

/**
 * Issue 19, parts 5 and 6, through the real app on PGlite: a guest's library downloads and reads
 * its order's files; links are bound to the holder (account or library) and purpose; reading never
 * counts toward the cap, and its last page is kept on the server.
 */
describe("a guest library's downloads, and the reader", () => {
  let api: RunningStore;
  let admin: Shopper;
  let log: CapturedLog;
  const book = aProduct({ title: 'Free Atlas', price: usd(0), egpprice: egp(0), producturl: '', downloadpass: '' });
  const pdf = aPdf(3 * 1024 * 1024);
  let fileId = '';

  beforeAll(async () => {
    api = await startStore([book], { logLevel: 'info' });
    log = captureLog();
    admin = await signedInAdmin(api);
    const added = await fetch(`${api.url}/api/admin/products/${book._id}/files?name=Atlas.pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      body: pdf,
    });
    fileId = ((await added.json()) as { file: { _id: string } }).file._id;
    await admin.call('PUT', `/api/admin/products/${book._id}/downloads-per-buyer`, { downloadsPerBuyer: 1 });
  });
  afterAll(async () => {
    log.restore();
    await api.close();
  });

  const knex = () => api.store.get(TOKENS.Database).knex;
  /** A guest buys the book, and opens the e-mailed library link in a browser of its own. */
  const guestWithLibrary = async (email: string) => {
    const checkout = new Browser(api);
    const bought = await checkout.post('/api/guest/checkout/start', { name: 'Guest', email, productId: book._id, provider: 'paypal', method: 'paypal' });
    const orderId = bought.body.order.orderId as string;
    await copiesMade(api, orderId);
    const [mail] = await knex()('outbox').where('recipient', email).andWhereLike('id', 'order-paid-%').orderBy('created_at', 'desc').select('text_body');
    const library = new Browser(api);
    expect((await library.post('/api/guest/library/open', { token: libraryTokenIn(mail.text_body) })).status).toBe(200);
    return { checkout, library, orderId };
  };
  const cookieOf = (who: Browser | Shopper) => (who instanceof Shopper ? who.cookie : [...who.cookies].map(([n, v]) => `${n}=${v}`).join('; '));
  const fetchAs = (who: Browser | Shopper, url: string, headers: Record<string, string> = {}) => fetch(api.url + url, { headers: { cookie: cookieOf(who), ...headers } });
  const callAs = (who: Browser | Shopper, method: string, path: string, body?: unknown) => who.call(method, path, body);
  const files = (orderId: string) => `/api/orders/${orderId}/files/${book._id}/${fileId}`;

  it("lists the order's files in the library; its session downloads them, logged under the guest's address", async () => {
    const { library, checkout, orderId } = await guestWithLibrary('hana.guest@mail.test');
    const [order] = (await library.get('/api/guest/library')).body.library.orders;
    expect(order).toMatchObject({ delivered: true, products: [{ files: { files: [{ _id: fileId, name: 'Atlas.pdf', kind: 'pdf', size: pdf.length }], used: 0, limit: 1 } }] });

    const link = await library.post(`${files(orderId)}/link`);
    expect(link.status).toBe(200);
    const got = await fetchAs(library, link.body.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await admin.get(`/api/admin/orders/${orderId}/downloads`)).body.downloads).toEqual([
      expect.objectContaining({ fileId, email: 'hana.guest@mail.test', purpose: 'download', completed: true, counted: true }),
    ]);
    expect((await library.post(`${files(orderId)}/link`)).body).toEqual({ success: false, message: capReached(1, 'help@store.test'), code: 'download.cap_reached' });
    // The browser that only started the checkout holds a pass, which proves no mailbox: no files.
    expect((await checkout.post(`${files(orderId)}/link`)).status).toBe(401);
    expect((await fetchAs(checkout, link.body.url)).status).toBe(401);
  });

  it("another address's library gets 404 for the order's link and its file", async () => {
    const hana = await guestWithLibrary('hana.second@mail.test');
    const omar = await guestWithLibrary('omar.guest@mail.test');
    const link = (await hana.library.post(`${files(hana.orderId)}/link`)).body.url as string;
    expect(await omar.library.post(`${files(hana.orderId)}/link`)).toMatchObject({ status: 404, body: { message: DOWNLOAD_NOT_FOUND } });
    const foreign = await fetchAs(omar.library, link);
    expect([foreign.status, await foreign.json()]).toEqual([404, { success: false, ...withCode(DOWNLOAD_NOT_FOUND) }]);
    expect((await omar.library.get(`${files(hana.orderId)}/page`)).status).toBe(404);
  });

  it("an account's link does not work for a library, nor a library's for an account, even of the same address", async () => {
    const guest = await guestWithLibrary('mona@mail.test');
    const mona = await signedInShopper(api, 'Mona');
    const paid = await mona.post('/api/checkout/pay', { name: 'Mona', email: 'mona@mail.test', productId: book._id });
    const accountOrder = paid.body.order.orderId as string;
    await copiesMade(api, accountOrder);
    const accountLink = (await mona.post(`${files(accountOrder)}/link`, {})).body.url as string;
    const libraryLink = (await guest.library.post(`${files(guest.orderId)}/link`)).body.url as string;
    expect((await fetchAs(guest.library, accountLink)).status).toBe(404);
    expect((await fetchAs(mona, libraryLink)).status).toBe(404);
    // Each still works for its own holder.
    expect((await fetchAs(mona, accountLink, { range: 'bytes=0-9' })).status).toBe(206);
    expect((await fetchAs(guest.library, libraryLink, { range: 'bytes=0-9' })).status).toBe(206);
  });

  it("reads past the cap: the reader's link is logged as reading, never counts, and a cut read is no error", async () => {
    const { library, orderId } = await guestWithLibrary('rana@mail.test');
    const read = await library.post(`${files(orderId)}/read-link`);
    expect(read).toMatchObject({ status: 200, body: { name: 'Atlas.pdf', url: expect.stringContaining('purpose=read&') } });
    const url = read.body.url as string;
    // pdf.js: a whole-file GET it cancels on seeing Accept-Ranges, then parts.
    const whole = await fetchAs(library, url);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    await whole.body!.cancel();
    for (const range of ['bytes=0-65535', `bytes=65536-${pdf.length - 1}`]) expect((await fetchAs(library, url, { range })).status).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logged = (await admin.get(`/api/admin/orders/${orderId}/downloads`)).body;
    expect(logged.lines[0]).toMatchObject({ used: 0, limit: 1 });
    expect(logged.downloads.map((d: { purpose: string; completed: boolean }) => [d.purpose, d.completed])).toEqual([
      ['read', true],
      ['read', false],
      ['read', false],
    ]);
    expect(log.lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
    // The download is still whole to take; after it, reading goes on.
    const download = (await library.post(`${files(orderId)}/link`)).body.url as string;
    expect((await fetchAs(library, download)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await library.post(`${files(orderId)}/read-link`)).status).toBe(200);
    // The purpose is signed: a read link is no download link, and the other way round.
    expect((await fetchAs(library, url.replace('purpose=read&', ''))).status).toBe(404);
    expect((await fetchAs(library, download.replace('?', '?purpose=read&'))).status).toBe(404);
  });

  it('keeps the last page read on the server, per holder; refuses a page that is no page', async () => {
    const { library, orderId } = await guestWithLibrary('lina@mail.test');
    const page = `${files(orderId)}/page`;
    expect(await library.get(page)).toMatchObject({ status: 200, body: { success: true, page: 1 } });
    expect(await callAs(library, 'PUT', page, { page: 14 })).toMatchObject({ status: 200, body: { page: 14 } });
    expect(await library.get(page)).toMatchObject({ status: 200, body: { page: 14 } });
    expect(await knex()('reading_positions').where({ order_id: orderId }).select('holder', 'file_id', 'page')).toEqual([{ holder: 'library:lina@mail.test', file_id: fileId, page: 14 }]);
    for (const bad of [{ page: 0 }, { page: -2 }, { page: 1.5 }, { page: 100_001 }])
      expect(await callAs(library, 'PUT', page, bad)).toMatchObject({ status: 400, body: { success: false, ...withCode(PAGE_RULE) } });
    for (const bad of [{ page: '3' }, { page: 3, extra: true }, {}]) expect((await callAs(library, 'PUT', page, bad)).status).toBe(400);
    expect(await library.get(page)).toMatchObject({ body: { page: 14 } });
    expect((await callAs(new Browser(api), 'PUT', page, { page: 3 })).status).toBe(401);
  });
});
