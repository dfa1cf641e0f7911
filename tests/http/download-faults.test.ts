import { TOKENS } from '../../adapters/di/tokens';
import { STORAGE_UNAVAILABLE } from '../../adapters/http/respond';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { ByteRange, FileContent, FileFacts, FileStorage, StorageUnavailable, StoredFile } from '../../core/delivery/ports/file-storage';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore, copiesMade } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/** How the storage fails a download: before a byte, midway through the bytes, or by ending short. */
type Fault = 'none' | 'down' | 'read-fails' | 'cut-midway' | 'ends-short';

const PART = 64 * 1024;

/** A file storage that breaks as an unreachable bucket does, at the moment a test chooses. */
class StorageThatBreaks implements FileStorage {
  fault: Fault = 'none';
  readonly kept = new MemoryStorage();
  private check() {
    if (this.fault === 'down') throw new StorageUnavailable(new Error('connect ECONNREFUSED'));
  }
  async put(key: string, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile> {
    this.check();
    return this.kept.put(key, content, facts);
  }
  async stat(key: string): Promise<StoredFile | undefined> {
    this.check();
    return this.kept.stat(key);
  }
  async read(key: string, range?: ByteRange): Promise<FileContent | undefined> {
    this.check();
    if (this.fault === 'read-fails') throw new StorageUnavailable(new Error('socket hang up'));
    const content = await this.kept.read(key, range);
    if (!content) return undefined;
    const fault = this.fault;
    // In parts, a pause between them, so the answer's headers and first bytes are out before the fault.
    async function* parts() {
      for await (const whole of content!.body) {
        for (let at = 0; at < whole.length; at += PART) {
          if (at >= whole.length / 2 && fault === 'cut-midway') throw new StorageUnavailable(new Error('ECONNRESET'));
          if (at >= whole.length / 2 && fault === 'ends-short') return;
          yield whole.subarray(at, at + PART);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    return { file: content.file, body: parts() };
  }
  async remove(key: string): Promise<void> {
    this.check();
    return this.kept.remove(key);
  }
  async temporaryLink(): Promise<string | undefined> {
    this.check();
    return undefined;
  }
}

const aPdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
};

/**
 * Downloads while the file storage fails (issue 19, "Storage down"): refused with 503 and the
 * message before a byte is sent; once begun, cut (never ended as if whole) and not counted.
 */
describe('downloads while the file storage fails', () => {
  let api: RunningStore;
  let hana: Shopper;
  let linkPath = '';
  let orderId = '';
  const storage = new StorageThatBreaks();
  const book = aProduct({ title: 'Atlas of Implants', price: usd(0), egpprice: egp(0), producturl: '', downloadpass: '' });
  const pdf = aPdf(2 * 1024 * 1024);

  beforeAll(async () => {
    api = await startStore([book], { fileStorage: storage });
    const admin = await signedInAdmin(api);
    const added = await fetch(`${api.url}/api/admin/products/${book._id}/files?name=atlas.pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      body: pdf,
    }).then((r) => r.json());
    hana = await signedInShopper(api, 'Hana');
    const paid = await hana.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: book._id });
    orderId = paid.body.order.orderId as string;
    await copiesMade(api, orderId);
    linkPath = `/api/orders/${orderId}/files/${book._id}/${added.file._id}/link`;
  });
  afterAll(() => api.close());
  afterEach(() => {
    storage.fault = 'none';
  });

  const download = async (fault: Fault, headers: Record<string, string> = {}) => {
    const { url } = (await hana.post(linkPath)).body as { url: string };
    storage.fault = fault;
    return fetch(api.url + url, { headers: { cookie: hana.cookie, ...headers } });
  };
  const logged = async () => (await api.store.get(TOKENS.Database).knex('file_downloads').where({ order_id: orderId }).select('bytes', 'completed')) as { bytes: string; completed: boolean }[];
  const used = async () => (await hana.get('/api/user/profiledata')).body.userData.orders[0].products[0].files.used as number;

  it.each<[Fault, Record<string, string>]>([
    ['down', {}],
    ['read-fails', {}],
    ['read-fails', { range: 'bytes=100-199' }],
  ])('answers 503 with the message when the storage fails before a byte is sent (%s %j), as a JSON answer, not a file', async (fault, headers) => {
    const before = (await logged()).length;
    const answer = await download(fault, headers);
    expect([answer.status, answer.headers.get('retry-after'), await answer.json()]).toEqual([503, '5', { success: false, ...withCode(STORAGE_UNAVAILABLE) }]);
    // The browser shows the message: it is not saved as "atlas.pdf", nor taken for a part of it.
    expect(answer.headers.get('content-disposition')).toBeNull();
    expect(answer.headers.get('content-range')).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await logged()).length).toBe(before);
    expect(await used()).toBe(0);
  });

  it.each<Fault>(['cut-midway', 'ends-short'])('cuts a download already begun when the storage fails (%s): never ended as whole, not counted', async (fault) => {
    const before = (await logged()).length;
    const answer = await download(fault);
    expect(answer.status).toBe(200);
    // The connection is cut at once, before the announced length: the client knows the file is not whole.
    const started = Date.now();
    await expect(answer.arrayBuffer()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const entries = await logged();
    expect(entries.length).toBe(before + 1);
    expect(entries.filter((e) => e.completed)).toEqual([]);
    expect(Number(entries.at(-1)!.bytes)).toBeLessThan(pdf.length);
    expect(await used()).toBe(0);
  });

  it('serves and counts the whole file once the storage is back', async () => {
    const answer = await download('none');
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(pdf)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await used()).toBe(1);
  });
});
