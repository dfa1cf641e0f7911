import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../../adapters/di/config';
import { TOKENS } from '../../adapters/di/tokens';
import { STORAGE_UNAVAILABLE } from '../../adapters/http/respond';
import { NOT_VALID } from '../../adapters/payments/settings';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { ByteRange, FileContent, FileFacts, FileStorage, StorageUnavailable, StoredFile } from '../../core/delivery/ports/file-storage';
import { aProductForm, multipart, signedInAdmin } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aJpeg, aPng } from '../support/images';
import { aProduct } from '../support/products';
import { aClosedPort } from '../support/s3-server';
import { withCode } from '../support/codes';

/** A file storage that can go down: then every call fails as an unreachable bucket does. */
class StorageThatFails implements FileStorage {
  down = false;
  readonly kept = new MemoryStorage();
  private check() {
    if (this.down) throw new StorageUnavailable(new Error('connect ECONNREFUSED'));
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
    return this.kept.read(key, range);
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

const productRows = async (api: RunningStore) => Number((await api.store.get(TOKENS.Database).knex('products').count({ n: '*' }))[0]!.n);

/**
 * Covers and receipts go through the store's FileStorage (issue 19): served from it, 503 with a
 * message when it is down (and nothing written), moved into it from an older store's folders.
 */
describe('covers in the file storage', () => {
  let api: RunningStore;
  let admin: Shopper;
  const storage = new StorageThatFails();

  beforeAll(async () => {
    api = await startStore([], { fileStorage: storage });
    admin = await signedInAdmin(api);
  });
  afterAll(() => api.close());
  afterEach(() => {
    storage.down = false;
  });

  const create = (files: Parameters<typeof multipart>[1]) => admin.form('/api/backendproduct/addnew', multipart(aProductForm(), files));

  it('keeps an uploaded cover in the file storage, public, and serves it from there', async () => {
    const created = await create([{ field: 'coversFiles', name: 'cover.png', bytes: aPng(5, 7), type: 'image/png' }]);
    expect(created.status).toBe(201);
    const [cover] = (await api.get(`/api/backendproduct/details/${created.body.id}`)).body.productDetails.covers as string[];
    const key = `covers/${cover!.slice('/uploads/'.length)}`;
    const kept = storage.kept.bytesAt(key)!;
    expect(await storage.kept.stat(key)).toMatchObject({ contentType: 'image/png', visibility: 'public', size: kept.length });
    // Its sizes beside it, public too (cover-sizes.test.ts serves them).
    expect(await storage.kept.stat(key.replace('.png', '-5w.avif'))).toMatchObject({ contentType: 'image/avif', visibility: 'public' });
    const image = await fetch(api.url + cover);
    expect([image.status, image.headers.get('content-type'), image.headers.get('cache-control')]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable']);
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(kept));
    const head = await fetch(api.url + cover, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(kept.length)]);
  });

  it('never serves a private file, even at a cover\'s key', async () => {
    const name = 'aaaaaaaaaaaaaaaaaaaaaaaa.png';
    await storage.kept.put(`covers/${name}`, (async function* () { yield aPng(); })(), { contentType: 'image/png', visibility: 'private' });
    await storage.kept.put(`receipts/${'b'.repeat(24)}.png`, (async function* () { yield aPng(); })(), { contentType: 'image/png', visibility: 'private' });
    for (const address of [`/uploads/${name}`, `/uploads/${'b'.repeat(24)}.png`]) {
      expect((await fetch(api.url + address)).status).toBe(404);
      expect((await fetch(api.url + address, { method: 'HEAD' })).status).toBe(404);
    }
  });

  it('answers 503 with a message to a cover upload while the storage is down, and writes no product', async () => {
    const [rows, keys] = [await productRows(api), storage.kept.keys()];
    storage.down = true;
    const answer = await create([{ field: 'coversFiles', name: 'cover.jpg', bytes: aJpeg(), type: 'image/jpeg' }]);
    expect([answer.status, answer.body]).toEqual([503, { success: false, ...withCode(STORAGE_UNAVAILABLE) }]);
    storage.down = false;
    expect(await productRows(api)).toBe(rows);
    expect(storage.kept.keys()).toEqual(keys);
    // A product without an uploaded file needs no storage.
    storage.down = true;
    expect((await create([])).status).toBe(201);
  });

  it('answers 503 to a cover asked for while the storage is down', async () => {
    const created = await create([{ field: 'coversFiles', name: 'cover.png', bytes: aPng(), type: 'image/png' }]);
    const [cover] = (await api.get(`/api/backendproduct/details/${created.body.id}`)).body.productDetails.covers as string[];
    storage.down = true;
    const answer = await fetch(api.url + cover);
    expect([answer.status, answer.headers.get('retry-after'), await answer.json()]).toEqual([503, '5', { success: false, ...withCode(STORAGE_UNAVAILABLE) }]);
  });
});

describe('images of a store that kept them on disk', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'older-store-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('move into the file storage at start, keep their addresses, and leave what is not theirs', async () => {
    const cover = `${'c'.repeat(24)}.png`;
    const receipt = `${'d'.repeat(24)}.jpg`;
    await fs.mkdir(path.join(dataDir, 'uploads'));
    await fs.mkdir(path.join(dataDir, 'receipts'));
    await fs.writeFile(path.join(dataDir, 'uploads', cover), aPng(3, 3));
    await fs.writeFile(path.join(dataDir, 'uploads', 'notes.txt'), 'the operator\'s own');
    await fs.writeFile(path.join(dataDir, 'receipts', receipt), aJpeg());
    const api = await startStore([aProduct({ covers: [`/uploads/${cover}`] })], { dataDir });
    try {
      const files = api.store.get(TOKENS.FileStorage);
      expect(await files.stat(`covers/${cover}`)).toMatchObject({ contentType: 'image/png', visibility: 'public' });
      expect(await files.stat(`receipts/${receipt}`)).toMatchObject({ contentType: 'image/jpeg', visibility: 'private' });
      const image = await fetch(`${api.url}/uploads/${cover}`);
      expect([image.status, Buffer.from(await image.arrayBuffer())]).toEqual([200, aPng(3, 3)]);
      expect(Buffer.from((await api.store.get(TOKENS.ReceiptImages).read(`/uploads/${receipt}`))!)).toEqual(aJpeg());
      expect(await fs.readdir(path.join(dataDir, 'uploads'))).toEqual(['notes.txt']);
      await expect(fs.stat(path.join(dataDir, 'receipts'))).rejects.toThrow(/ENOENT/);
    } finally {
      await api.close();
    }
  });
});

describe('readiness with an S3 bucket', () => {
  it('says the store is not ready while the bucket does not answer, naming no host', async () => {
    const port = await aClosedPort();
    const api = await startStore([], {
      storage: { kind: 's3', s3: { bucket: 'store-files', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'k', secretAccessKey: 's' }, forcePathStyle: true } },
    });
    try {
      expect(await api.get('/api/health')).toMatchObject({ status: 200 });
      expect(await api.get('/api/ready')).toMatchObject({ status: 503, body: { success: false, message: 'The file storage does not answer', code: 'store.not_ready' } });
    } finally {
      await api.close();
    }
  });
});

describe('storage settings', () => {
  it('keep files on the local disk unless told otherwise', () => {
    expect(configFromEnv({}).storage).toEqual({ kind: 'disk' });
  });

  it('name an S3 bucket, with the bucket in the path for a service of its own address', () => {
    expect(
      configFromEnv({ STORAGE: 's3', S3_BUCKET: 'dental-files', S3_ENDPOINT: 'https://garage.example:3900/', S3_ACCESS_KEY_ID: 'GK1', S3_SECRET_ACCESS_KEY: 'secret' }).storage,
    ).toEqual({
      kind: 's3',
      s3: { bucket: 'dental-files', region: 'us-east-1', endpoint: 'https://garage.example:3900', credentials: { accessKeyId: 'GK1', secretAccessKey: 'secret' }, forcePathStyle: true },
    });
    expect(configFromEnv({ STORAGE: 's3', S3_BUCKET: 'dental-files', S3_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      s3: { bucket: 'dental-files', region: 'eu-west-1', endpoint: undefined, credentials: undefined, forcePathStyle: false },
    });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE: must be disk'],
    [{ STORAGE: 's3' }, 'S3_BUCKET: needed with STORAGE=s3'],
    [{ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'garage:3900' }, 'S3_ENDPOINT: must be the http:// or https:// address'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'GK1' }, 'S3_SECRET_ACCESS_KEY: needed with S3_ACCESS_KEY_ID'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ S3_BUCKET: 'files' }, 'S3_BUCKET: set while STORAGE is disk'],
  ])('refuse to start on %j', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(NOT_VALID);
    expect(() => configFromEnv(env)).toThrow(message);
  });
});
