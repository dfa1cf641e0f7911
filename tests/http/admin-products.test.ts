import sharp from 'sharp';
import { TOKENS } from '../../adapters/di/tokens';
import http from 'node:http';
import { FORM_TOO_LARGE, FORM_UNREADABLE } from '../../adapters/http/multipart';
import { UPLOAD_TOO_LARGE } from '../../adapters/http/product-form';
import { PRICES_UPDATED, PRODUCT_ADDED, PRODUCT_ALREADY_DELETED, PRODUCT_DELETED, PRODUCT_RECREATED, PRODUCT_UPDATED } from '../../api/admin';
import { egpPriceAt, exchangeRate } from '../../core/catalog/domain/exchange-rate';
import { IMAGE_DAMAGED, IMAGE_TOO_BIG, NOT_AN_IMAGE, TOO_MANY_IMAGES, TOO_MANY_PIXELS } from '../../core/catalog/domain/images';
import { NOT_DELETED } from '../../core/catalog/use-cases/manage-products';
import { PRODUCT_NOT_FOUND } from '../../core/shared/errors';
import { toDecimal, usd } from '../../core/shared/money';
import { aProductForm, multipart, signedInAdmin, signedInShopper, uploadedFiles } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore, testConfig } from '../support/http';
import { aGif, aJpeg, aPhoto, aPng, aTextFile, anElevenMbPng, anSvgWithScript } from '../support/images';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * The Product Management Suite over HTTP on the real app (spec 7 'Admin', DECISIONS 9, 10, 17):
 * create with an uploaded and a typed cover, edit, delete, recreate, reprice; and every bad input
 * answered with its status and message, leaving no product row and no file behind.
 */
describe('the product editor', () => {
  let api: RunningStore;
  let admin: Shopper;
  const priced = aProduct({ title: 'Priced in dollars', price: usd(1999) });

  beforeAll(async () => {
    api = await startStore([priced]);
    admin = await signedInAdmin(api);
  });
  afterAll(() => api.close());

  const details = (id: string) => api.get(`/api/backendproduct/details/${id}`);
  const editable = async (id: string) => (await admin.get(`/api/backendproduct/getdetailsforrUpdate/${id}`)).body.data;
  const create = (fields = aProductForm(), files: Parameters<typeof multipart>[1] = []) =>
    admin.form('/api/backendproduct/addnew', multipart(fields, files));
  const productRows = async () => Number((await api.store.get(TOKENS.Database).knex('products').count({ n: '*' }))[0]!.n);
  const raw = async (type: string, body: string) => {
    const response = await fetch(`${api.url}/api/backendproduct/addnew`, { method: 'POST', headers: { cookie: admin.cookie, 'content-type': type }, body });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  const searchFor = async (query: string) => (await api.post('/api/search', { query })).body.results as { _id: string }[];

  it('creates a product with an uploaded cover and a typed one; both show, and the file is served for a year', async () => {
    const typed = 'https://images.example.com/endo.jpg';
    const created = await create(aProductForm({ covers: [typed] }), [{ field: 'coversFiles', name: 'cover.png', bytes: aPng(6, 9), type: 'image/png' }]);
    expect(created).toMatchObject({ status: 201, body: { success: true, ...withCode(PRODUCT_ADDED) } });
    const id = created.body.id as string;

    const shown = (await details(id)).body.productDetails;
    expect(shown).toMatchObject({ title: 'Modern Endodontics', author: ['Nadia Farouk', 'Omar Said'], price: 12.5, egpprice: 600, subcategory: ['Endodontics', 'Anatomy'] });
    // The cover's address names the size it was kept at (its sizes: cover-sizes.test.ts).
    expect(shown.covers).toEqual([typed, expect.stringMatching(/^\/uploads\/[0-9a-f]{24}-6x9\.png$/)]);
    expect((await searchFor('modern endodontics')).map((p) => p._id)).toContain(id);

    const image = await fetch(api.url + shown.covers[1]);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const served = Buffer.from(await image.arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 6, height: 9 });
    const head = await fetch(api.url + shown.covers[1], { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(served.length)]);

    // The editor alone sees the secrets.
    expect(await editable(id)).toMatchObject({ _id: id, producturl: 'https://downloads.example.com/modern-endodontics.pdf', downloadpass: 'pass-1234', deleted: false });
  });

  it('takes the list fields and covers in every shape the editor sends them, multipart or JSON', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(aProductForm({ author: undefined, subcategory: undefined })))
      form.append(name, value as string);
    form.append('author', 'Amal Nabil, Karim Adel');
    form.append('subcategory[]', 'Orthodontics');
    form.append('subcategory[]', 'periodontics');
    form.append('covers', JSON.stringify([{ url: 'https://img.test/a.jpg' }, { url: 'https://img.test/b.jpg' }]));
    form.append('covers[]', new Blob([new Uint8Array(aJpeg())]), 'photo.jpeg');
    form.append('smallCover', 'https://img.test/s1.jpg,https://img.test/s2.jpg');
    form.append('smallCoverFiles[]', new Blob([new Uint8Array(aGif())]), 'thumb.gif');
    const created = await admin.form('/api/backendproduct/addnew', form);
    expect(created.status).toBe(201);
    const product = await editable(created.body.id);
    expect(product).toMatchObject({
      author: ['Amal Nabil', 'Karim Adel'],
      subcategory: ['Orthodontics', 'Periodontics'],
      covers: ['https://img.test/a.jpg', 'https://img.test/b.jpg', expect.stringMatching(/\.jpg$/)],
      smallCover: ['https://img.test/s1.jpg', 'https://img.test/s2.jpg', expect.stringMatching(/\.gif$/)],
    });

    const json = await admin.post('/api/backendproduct/addnew', { ...aProductForm(), price: 5, Pages: 10, covers: [{ url: '/covers/generic-1.svg' }] });
    expect(json.status).toBe(201);
    expect(await editable(json.body.id)).toMatchObject({ price: 5, Pages: 10, covers: ['/covers/generic-1.svg'] });
  });

  it('updates every field, adds uploaded covers to the typed ones, and keeps the id and date', async () => {
    const id = (await create()).body.id as string;
    const before = await editable(id);
    const changed = aProductForm({
      title: 'Modern Endodontics, second edition',
      author: ['Nadia Farouk'],
      price: '15',
      egpprice: '750.50',
      category: 'courses',
      subcategory: [],
      duration: '6 hours',
      videonumbers: '24',
      covers: ['https://images.example.com/second.jpg'],
      Language: 'Arabic',
    });
    const updated = await admin.form(`/api/backendproduct/updateTheDetails/${id}`, multipart(changed, [{ field: 'smallCover', name: 's.gif', bytes: aGif() }]));
    expect(updated).toMatchObject({ status: 200, body: { success: true, ...withCode(PRODUCT_UPDATED), id } });
    const after = await editable(id);
    expect(after).toMatchObject({
      _id: id,
      createdAt: before.createdAt,
      title: 'Modern Endodontics, second edition',
      author: ['Nadia Farouk'],
      price: 15,
      egpprice: 750.5,
      category: 'courses',
      subcategory: [],
      duration: '6 hours',
      videonumbers: '24',
      Language: 'Arabic',
      covers: ['https://images.example.com/second.jpg'],
      smallCover: [expect.stringMatching(/^\/uploads\/[0-9a-f]{24}-1x1\.gif$/)],
    });
    expect((await details(id)).body.productDetails).toMatchObject({ title: 'Modern Endodontics, second edition', price: 15 });
  });

  it('deletes a product: gone from the shop, still in its buyer\'s orders; recreates it, and refuses to recreate one on sale', async () => {
    const id = (await create(aProductForm({ title: 'Free Endodontic Charts', price: '0', egpprice: '0' }))).body.id as string;
    const buyer = await signedInShopper(api, 'Buyer');
    const bought = await buyer.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: id });
    expect(bought.body.order).toMatchObject({ status: 'paid' });

    expect(await admin.post(`/api/backendproduct/recreateproduct/${id}`)).toMatchObject({ status: 409, body: { success: false, ...withCode(NOT_DELETED) } });
    expect(await admin.delete(`/api/backendproduct/remove/${id}`)).toMatchObject({ status: 200, body: { success: true, ...withCode(PRODUCT_DELETED) } });
    expect(await admin.delete(`/api/backendproduct/remove/${id}`)).toMatchObject({ status: 200, body: { message: PRODUCT_ALREADY_DELETED } });
    expect((await details(id)).status).toBe(404);
    expect((await searchFor('endodontic charts')).map((p) => p._id)).not.toContain(id);
    expect(await editable(id)).toMatchObject({ _id: id, deleted: true });
    const [order] = (await buyer.get('/api/user/profiledata')).body.userData.orders;
    expect(order.products).toEqual([expect.objectContaining({ _id: id, title: 'Free Endodontic Charts' })]);
    expect(order.products[0].download).toMatchObject({ password: 'pass-1234' });

    expect(await admin.post(`/api/backendproduct/recreateproduct/${id}`)).toMatchObject({ status: 200, body: { success: true, ...withCode(PRODUCT_RECREATED) } });
    expect((await details(id)).body.productDetails).toMatchObject({ _id: id, title: 'Free Endodontic Charts' });
    expect(await editable(id)).toMatchObject({ deleted: false });
  });

  it('reprices every EGP price from the USD price at the configured rate', async () => {
    const rate = exchangeRate(testConfig().egpPerUsd);
    if (rate._tag === 'Left') throw new Error(rate.left.message);
    const repriced = await admin.post('/api/backendproduct/updateproductprices');
    expect(repriced).toMatchObject({ status: 200, body: { success: true, ...withCode(PRICES_UPDATED), egpPerUsd: '50' } });
    expect(repriced.body.updated).toBe(await productRows());
    expect((await details(priced._id)).body.productDetails.egpprice).toBe(toDecimal(egpPriceAt(usd(1999), rate.right)));
    expect((await details(priced._id)).body.productDetails.egpprice).toBe(1000);
  });

  describe('bad input: a clear message, and nothing half written', () => {
    const file = (name: string, bytes: Uint8Array, field = 'coversFiles') => ({ field, name, bytes });
    const cases: [string, () => ReturnType<typeof create>, number, RegExp | string][] = [
      ['a price that is not a number', () => create(aProductForm({ price: 'twelve' })), 400, 'Price (USD) must be a number with at most 2 decimals'],
      ['a negative price', () => create(aProductForm({ egpprice: '-5' })), 400, 'Price (EGP) cannot be negative'],
      ['pages that are not a number', () => create(aProductForm({ Pages: '12.5' })), 400, 'Pages must be a whole number'],
      ['an unknown product type', () => create(aProductForm({ category: 'videos' })), 400, /^Category must be one of: books, courses, journals$/],
      ['an unknown book category', () => create(aProductForm({ subcategory: ['Astrology'] })), 400, 'Unknown book category: Astrology'],
      ['missing required fields', () => create(aProductForm({ title: undefined, author: undefined, price: '' })), 400, /Title is required\nAuthor is required\nPrice \(USD\) is required/],
      ['a text file renamed .png', () => create(aProductForm(), [file('cover.png', aTextFile())]), 400, `${NOT_AN_IMAGE} (cover.png)`],
      ['an SVG with a script', () => create(aProductForm(), [file('cover.svg', anSvgWithScript())]), 400, `${NOT_AN_IMAGE} (cover.svg)`],
      ['a 0-byte file', () => create(aProductForm(), [file('empty.png', new Uint8Array())]), 400, `${NOT_AN_IMAGE} (empty.png)`],
      ['a pixel flood', () => create(aProductForm(), [file('flood.png', aPng(50_000, 50_000, { pixels: false }))]), 400, `${TOO_MANY_PIXELS} (flood.png)`],
      ['an 11 MB image', () => create(aProductForm(), [file('big.png', anElevenMbPng())]), 413, `${IMAGE_TOO_BIG} (big.png)`],
      ['30 files at once', () => create(aProductForm(), Array.from({ length: 30 }, (_, i) => file(`c${i}.png`, aPng()))), 413, TOO_MANY_IMAGES],
      ['a JPEG cut short', () => create(aProductForm(), [file('cut.jpg', cutPhoto)]), 400, `${IMAGE_DAMAGED} (cut.jpg)`],
      ['a PNG whose pixels are garbage', () => create(aProductForm(), [file('noise.png', garbledPng())]), 400, `${IMAGE_DAMAGED} (noise.png)`],
      ['a good image, then a damaged one', () => create(aProductForm(), [file('good.png', aPng(300, 400)), file('cut.jpg', cutPhoto, 'smallCoverFiles')]), 400, `${IMAGE_DAMAGED} (cut.jpg)`],
      ['a good image, then a bad one', () => create(aProductForm(), [file('good.png', aPng()), file('bad.png', aTextFile(), 'smallCoverFiles')]), 400, `${NOT_AN_IMAGE} (bad.png)`],
      ['a file under an unknown name', () => create(aProductForm(), [file('a.png', aPng(), 'avatar')]), 400, 'Files cannot be sent under "avatar"'],
      ['an unknown field', () => create({ ...aProductForm(), role: 'Admin' }), 400, 'Unknown field: role'],
      ['a cover that is no address', () => create(aProductForm({ covers: ['javascript:alert(1)'] })), 400, /^Image addresses must start with/],
      ['covers of no shape', () => admin.post('/api/backendproduct/addnew', { ...aProductForm(), covers: [{ src: 'x' }] }), 400, /^Covers must be image addresses/],
      ['a control character', () => create(aProductForm({ title: 'Atlas\u0000' })), 400, 'Title must not contain control characters'],
      ['a body that is no form', () => admin.post('/api/backendproduct/addnew', [aProductForm()]), 400, FORM_UNREADABLE],
      ['a broken multipart body', () => raw('multipart/form-data; boundary=x', 'garbage'), 400, FORM_UNREADABLE],
      ['too many fields', () => create({ ...aProductForm(), author: Array.from({ length: 600 }, (_, i) => `Author ${i}`) }), 413, FORM_TOO_LARGE],
      ['too much text', () => create(aProductForm({ description: 'd'.repeat(2_000_000) })), 413, FORM_TOO_LARGE],
      ['an update of a product that is not there, with a good image', () =>
        admin.form('/api/backendproduct/updateTheDetails/ffffffffffffffffffffffff', multipart(aProductForm(), [file('good.png', aPng())])), 404, PRODUCT_NOT_FOUND],
    ];

    let cutPhoto: Buffer;
    beforeAll(async () => {
      const photo = await aPhoto(600, 800);
      cutPhoto = photo.subarray(0, photo.length / 2);
    });
    /** A PNG whose header is right (image-size reads it) and whose compressed pixels are not. */
    const garbledPng = () => {
      const png = aPng(64, 64);
      const data = png.indexOf('IDAT') + 4;
      return Buffer.concat([png.subarray(0, data), Buffer.alloc(png.length - data - 12, 0x5a), png.subarray(png.length - 12)]);
    };

    it.each(cases)('%s', async (_name, send, status, message) => {
      const [rows, files] = [await productRows(), await uploadedFiles(api)];
      const answer = await send();
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(typeof message === 'string' ? `^${escape(message)}$` : message) });
      // Each problem of the form is coded (api/messages.ts): none goes out unlisted.
      expect([answer.body.code, ...(answer.body.codes ?? [])]).not.toContain('unlisted');
      expect(await productRows()).toBe(rows);
      expect((await uploadedFiles(api)).sort()).toEqual(files.sort());
    });

    it('answers 404 to product ids of any shape, on every call that takes one', async () => {
      const ids = ['..%2F..%2Fetc%2Fpasswd', '..', 'f'.repeat(5000), 'zzzzzzzzzzzzzzzzzzzzzzzz', 'FFFFFFFFFFFFFFFFFFFFFFFF', '%00', "1' or '1'='1", '%E2%80%AE'];
      const rows = await productRows();
      for (const id of ids) {
        for (const answer of [
          await admin.get(`/api/backendproduct/getdetailsforrUpdate/${id}`),
          await admin.form(`/api/backendproduct/updateTheDetails/${id}`, multipart(aProductForm())),
          await admin.delete(`/api/backendproduct/remove/${id}`),
          await admin.post(`/api/backendproduct/recreateproduct/${id}`),
        ])
          expect([answer.status, answer.body]).toEqual([404, expect.objectContaining({ success: false, message: expect.any(String), code: expect.any(String) })]);
      }
      expect(await productRows()).toBe(rows);
    });

    it('refuses a body larger than every file and field together before reading it', async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${api.url}/api/backendproduct/addnew`, {
          method: 'POST',
          headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(300 * 1024 * 1024) },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode!, body });
          });
        });
        request.on('error', reject);
        request.write('--x\r\n');
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ success: false, ...withCode(UPLOAD_TOO_LARGE) });
    });

    it('answers 400 to pages and limits that are not whole numbers', async () => {
      for (const path of ['/api/allusers/ordersdata?page=abc', '/api/allusers/ordersdata?limit=-1', '/api/admin/audit?page=1.5', '/api/admin/audit?page=0', '/api/admin/audit?limit=51'])
        expect(await admin.get(path)).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/^(page|limit) must be a whole number/), code: expect.any(String) } });
    });

    it('serves nothing under /uploads but the images it kept', async () => {
      for (const path of ['/uploads', '/uploads/', '/uploads/..%2F..%2Fpackage.json', '/uploads/0123456789abcdef01234567.svg', '/uploads/0123456789abcdef01234567.png', '/uploads/.incoming'])
        expect((await fetch(api.url + path)).status).toBe(404);
    });
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
