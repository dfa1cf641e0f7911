import http from 'node:http';
import { SERVER_LIMITS } from '../../adapters/http/server-limits';
import { MAX_PRODUCT_FILE_BYTES } from '../../core/delivery/domain/product-file';
import { TOKENS } from '../../adapters/di/tokens';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

const aPdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
};

/**
 * Sends `body` to `path` in `parts` pieces, `everyMs` apart, then stops after `stopAfter` pieces
 * (the line gone quiet); what came back, or 'cut' when the store closed without an answer.
 */
const slowly = (url: string, path: string, cookie: string, body: Buffer, parts: number, everyMs: number, stopAfter = parts, type = 'application/octet-stream') =>
  new Promise<{ status: number; text: string; afterMs: number } | { cut: true; afterMs: number }>((resolve) => {
    const started = Date.now();
    const request = http.request(url + path, {
      method: 'POST',
      headers: { cookie, 'content-type': type, 'content-length': String(body.length) },
    });
    let sent = 0;
    const size = Math.ceil(body.length / parts);
    const next = () => {
      if (sent >= stopAfter || request.destroyed) return;
      request.write(body.subarray(sent * size, (sent + 1) * size));
      sent++;
      if (sent < parts) setTimeout(next, everyMs);
      else request.end();
    };
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text, afterMs: Date.now() - started }));
      response.on('error', () => resolve({ cut: true, afterMs: Date.now() - started }));
    });
    request.on('error', () => resolve({ cut: true, afterMs: Date.now() - started }));
    next();
  });

/**
 * A product file of up to 2 GB takes longer than any other request on a slow line: its upload has
 * its own limits (a long whole, and a pause limit), while every other request keeps the short one.
 */
describe('large product file uploads', () => {
  // The store's limits, shortened so that the test sees them in seconds.
  const LIMITS = { headersTimeoutMs: 500, requestTimeoutMs: 1000, checkEveryMs: 100, productFileUpload: { requestTimeoutMs: 8000, idleTimeoutMs: 1000 } };
  const book = aProduct({ producturl: '', downloadpass: '' });
  let api: RunningStore;
  let admin: Shopper;
  beforeAll(async () => {
    api = await startStore([book], {}, LIMITS);
    admin = await signedInAdmin(api);
  });
  afterAll(() => api.close());

  const uploadPath = (name: string) => `/api/admin/products/${book._id}/files?name=${name}`;
  const files = async () => Number((await api.store.get(TOKENS.Database).knex('product_files').count({ n: '*' }))[0]!.n);

  it('the running store gives a 2 GB upload hours on a slow line, but only a minute of silence', () => {
    // 1 Mbit/s: 125,000 bytes a second.
    expect(SERVER_LIMITS.productFileUpload.requestTimeoutMs).toBeGreaterThanOrEqual((MAX_PRODUCT_FILE_BYTES / 125_000) * 1000);
    expect(SERVER_LIMITS.productFileUpload.idleTimeoutMs).toBeLessThanOrEqual(SERVER_LIMITS.requestTimeoutMs);
  });

  it('takes a product file that arrives for longer than any other request may last', async () => {
    const answer = await slowly(api.url, uploadPath('slow.pdf'), admin.cookie, aPdf(300_000), 10, 300);
    expect(answer).toMatchObject({ status: 200 });
    expect('afterMs' in answer && answer.afterMs).toBeGreaterThan(LIMITS.requestTimeoutMs * 2);
    expect(JSON.parse((answer as { text: string }).text)).toMatchObject({ success: true, file: { name: 'slow.pdf', size: 300_000 } });
  });

  it('lets go of an upload that stops sending, after the pause limit, keeping nothing', async () => {
    const before = await files();
    const answer = await slowly(api.url, uploadPath('stalled.pdf'), admin.cookie, aPdf(300_000), 10, 100, 3);
    expect(answer.afterMs).toBeLessThan(LIMITS.productFileUpload.idleTimeoutMs + 1500);
    expect('status' in answer ? answer.status : 'cut').not.toBe(200);
    expect(await files()).toBe(before);
  });

  it('keeps the short limit for everything else, and for anyone but an admin on the upload address', async () => {
    const search = await slowly(api.url, '/api/search', '', Buffer.from(JSON.stringify({ query: 'atlas', page: 1, limit: 5 }).padEnd(300, ' ')), 10, 300, 10, 'application/json');
    expect(search).toMatchObject({ status: 408 });
    expect(search.afterMs).toBeLessThan(2500);
    const shopper = await signedInShopper(api, 'Curious');
    // Refused at once, and the connection closes with the refusal: no slow body afterwards.
    const refused = await slowly(api.url, uploadPath('mine.pdf'), shopper.cookie, aPdf(300_000), 10, 300);
    expect(refused).toMatchObject({ status: 403 });
    expect(refused.afterMs).toBeLessThan(1000);
  });
});
