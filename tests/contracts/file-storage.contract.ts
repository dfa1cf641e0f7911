import { createHash, randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FileContent, FileStorage, StorageUnavailable } from '../../core/delivery/ports/file-storage';

export interface FileStorageUnderTest {
  readonly storage: FileStorage;
  /** The same storage where nothing answers, for adapters that can be out of reach (S3). */
  readonly unreachable?: () => FileStorage;
  close(): Promise<void>;
}

/** What an adapter is, which the suite holds it to. */
export interface FileStorageKind {
  /** Whether the storage hands out links of its own (S3: presigned GETs); the others answer undefined. */
  readonly links: boolean;
  /** Whether content is streamed both ways; the memory twin holds every file in memory by design. */
  readonly streams: boolean;
  /** Whether it can be out of reach (a service over the network), and is then StorageUnavailable. */
  readonly remote: boolean;
}

const MB = 1024 * 1024;

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

/** Gives `before`, then throws: an upload cut halfway. */
async function* cutAfter(before: number, chunkBytes = MB) {
  for (let sent = 0; sent < before; sent += chunkBytes) yield randomBytes(chunkBytes);
  throw new Error('The upload was cut');
}

const bytesOf = async (content: FileContent | undefined): Promise<Buffer | undefined> => {
  if (!content) return undefined;
  const parts: Buffer[] = [];
  for await (const part of content.body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
};

const textAt = async (storage: FileStorage, key: string, range?: { start: number; end: number }) =>
  (await bytesOf(await storage.read(key, range)))?.toString();

/** Live bytes after a full collection: what a stream holds, without the garbage it left. */
const liveBytes = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
})();

const NOT_FILE_KEYS = ['', '/abs', '../up', 'a/../b', 'a/./b', 'a//b', 'a/', '.hidden', 'Upper.txt', 'a\\b', 'a b', 'caf\u00e9', 'x'.repeat(129), 'a/b/c/d/e/f/g/h/i'];

/** The store's files, kept and read back: the same behaviour on every adapter (local disk, S3, memory). */
export const fileStorageContract = (name: string, kind: FileStorageKind, open: () => Promise<FileStorageUnderTest>) =>
  describe(`FileStorage contract: ${name}`, () => {
    let s: FileStorageUnderTest;
    let storage: FileStorage;
    /** Each test's keys under a folder of their own: the suite shares one storage. */
    let folder: string;
    beforeAll(async () => {
      s = await open();
      storage = s.storage;
    });
    afterAll(() => s.close());
    beforeEach(() => {
      folder = `t-${randomBytes(6).toString('hex')}`;
    });

    it('keeps a file with its facts, and reads it back whole', async () => {
      const key = `${folder}/cover.png`;
      const kept = await storage.put(key, chunks('hello ', 'world'), { contentType: 'image/png', visibility: 'public' });
      expect(kept).toEqual({ key, size: 11, contentType: 'image/png', visibility: 'public' });
      expect(await storage.stat(key)).toEqual(kept);
      const content = await storage.read(key);
      expect(content?.file).toEqual(kept);
      expect((await bytesOf(content))?.toString()).toBe('hello world');
    });

    it('knows nothing at a key where nothing was put', async () => {
      expect(await storage.stat(`${folder}/none.pdf`)).toBeUndefined();
      expect(await storage.read(`${folder}/none.pdf`)).toBeUndefined();
      expect(await storage.read(`${folder}/none.pdf`, { start: 0, end: 0 })).toBeUndefined();
    });

    it('keeps an empty file', async () => {
      const key = `${folder}/empty.txt`;
      expect(await storage.put(key, chunks(), { contentType: 'text/plain', visibility: 'private' })).toMatchObject({ size: 0 });
      expect(await storage.stat(key)).toMatchObject({ size: 0, visibility: 'private' });
      expect(await textAt(storage, key)).toBe('');
    });

    it('reads ranges, first and last bytes included, and refuses one outside the file', async () => {
      const key = `${folder}/book.pdf`;
      await storage.put(key, chunks('0123', '456789'), { contentType: 'application/pdf', visibility: 'private' });
      expect(await textAt(storage, key, { start: 0, end: 0 })).toBe('0');
      expect(await textAt(storage, key, { start: 3, end: 6 })).toBe('3456');
      expect(await textAt(storage, key, { start: 9, end: 9 })).toBe('9');
      expect(await textAt(storage, key, { start: 0, end: 9 })).toBe('0123456789');
      const ranged = await storage.read(key, { start: 2, end: 5 });
      // The facts are the whole file's, whatever part is read.
      expect(ranged?.file).toEqual({ key, size: 10, contentType: 'application/pdf', visibility: 'private' });
      await bytesOf(ranged);
      for (const outside of [
        { start: 0, end: 10 },
        { start: 5, end: 4 },
        { start: 10, end: 12 },
        { start: -1, end: 3 },
      ])
        await expect(storage.read(key, outside)).rejects.toThrow(RangeError);
    });

    it('forgets a file; forgetting it again, or a key that is only a folder, is no error', async () => {
      const key = `${folder}/gone.epub`;
      const kept = `${folder}/sub/kept.epub`;
      await storage.put(key, chunks('bye'), { contentType: 'application/epub+zip', visibility: 'private' });
      await storage.put(kept, chunks('stay'), { contentType: 'application/epub+zip', visibility: 'private' });
      await storage.remove(key);
      await storage.remove(key);
      await storage.remove(`${folder}/sub`);
      expect(await storage.stat(key)).toBeUndefined();
      expect(await storage.read(key)).toBeUndefined();
      expect(await textAt(storage, kept)).toBe('stay');
    });

    it('replaces a file whole, facts included', async () => {
      const key = `${folder}/replaced.jpg`;
      await storage.put(key, chunks('the first, longer content'), { contentType: 'image/jpeg', visibility: 'public' });
      const second = await storage.put(key, chunks('second'), { contentType: 'image/webp', visibility: 'private' });
      expect(second).toEqual({ key, size: 6, contentType: 'image/webp', visibility: 'private' });
      expect(await storage.stat(key)).toEqual(second);
      expect(await textAt(storage, key)).toBe('second');
    });

    it('leaves nothing at the key when the content fails midway, and tells the content\'s own error', async () => {
      const small = `${folder}/cut-small.pdf`;
      const large = `${folder}/cut-large.pdf`;
      await expect(storage.put(small, cutAfter(1024, 1024), { contentType: 'application/pdf', visibility: 'private' })).rejects.toThrow('The upload was cut');
      // Past several parts of a multipart upload (S3's parts are 5 MB here).
      await expect(storage.put(large, cutAfter(20 * MB), { contentType: 'application/pdf', visibility: 'private' })).rejects.toThrow('The upload was cut');
      expect(await storage.stat(small)).toBeUndefined();
      expect(await storage.stat(large)).toBeUndefined();
      expect(await storage.read(large)).toBeUndefined();
    });

    it('keeps the file already at a key when its replacement fails midway', async () => {
      const key = `${folder}/kept.pdf`;
      const kept = await storage.put(key, chunks('the good copy'), { contentType: 'application/pdf', visibility: 'private' });
      await expect(storage.put(key, cutAfter(10 * MB), { contentType: 'video/mp4', visibility: 'public' })).rejects.toThrow('The upload was cut');
      expect(await storage.stat(key)).toEqual(kept);
      expect(await textAt(storage, key)).toBe('the good copy');
    });

    it('hands out bytes a reader may change without changing what is kept', async () => {
      const key = `${folder}/own.txt`;
      await storage.put(key, chunks('abc'), { contentType: 'text/plain', visibility: 'private' });
      for await (const part of (await storage.read(key))!.body) part.fill(0x7a);
      expect(await textAt(storage, key)).toBe('abc');
    });

    it('refuses every key that is not a FileKey, before touching anything', async () => {
      for (const key of NOT_FILE_KEYS) {
        await expect(storage.put(key, chunks('x'), { contentType: 'text/plain', visibility: 'public' })).rejects.toThrow(/Not a file key/);
        await expect(storage.stat(key)).rejects.toThrow(/Not a file key/);
        await expect(storage.read(key)).rejects.toThrow(/Not a file key/);
        await expect(storage.remove(key)).rejects.toThrow(/Not a file key/);
        await expect(storage.temporaryLink(key, 60)).rejects.toThrow(/Not a file key/);
      }
    });

    if (!kind.links)
      it('has no links of its own: the store serves its files itself', async () => {
        const key = `${folder}/linked.pdf`;
        await storage.put(key, chunks('%PDF-1.7 linked'), { contentType: 'application/pdf', visibility: 'private' });
        expect(await storage.temporaryLink(key, 60)).toBeUndefined();
      });
    else
    it('hands out a temporary link that reads the file straight from the storage', async () => {
      const key = `${folder}/linked.pdf`;
      await storage.put(key, chunks('%PDF-1.7 linked'), { contentType: 'application/pdf', visibility: 'private' });
      const link = await storage.temporaryLink(key, 60);
      const answer = await fetch(link!);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('%PDF-1.7 linked');
      // Signed for that one object, for the time asked: s3rver does not check V4 signatures
      // (docs/operating.md), so what a real service refuses is checked on the link's terms.
      const signed = new URL(link!);
      expect(signed.pathname).toMatch(/\/linked\.pdf$/);
      expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    });

    it(`${kind.streams ? 'streams' : 'keeps'} a 64 MB file in and out${kind.streams ? ' without holding it in memory' : ''}`, async () => {
      const key = `${folder}/large.mp4`;
      const size = 64 * MB;
      const before = liveBytes();
      let most = 0;
      const sent = createHash('sha256');
      const source = async function* () {
        for (let at = 0; at < size; at += MB) {
          const part = randomBytes(MB);
          sent.update(part);
          if (at % (8 * MB) === 0) most = Math.max(most, liveBytes() - before);
          yield part;
        }
      };
      expect(await storage.put(key, source(), { contentType: 'video/mp4', visibility: 'private' })).toMatchObject({ size });
      const received = createHash('sha256');
      let read = 0;
      for await (const part of (await storage.read(key))!.body) {
        received.update(part);
        if (Math.floor((read + part.length) / (8 * MB)) > Math.floor(read / (8 * MB))) most = Math.max(most, liveBytes() - before);
        read += part.length;
      }
      expect(read).toBe(size);
      expect(received.digest('hex')).toBe(sent.digest('hex'));
      await storage.remove(key);
      // Buffering the file would hold all 64 MB and more; a stream holds a few parts at most. The
      // process also runs the S3 server the test talks to, whose own parts in flight count here:
      // 42 MB was seen once on a loaded machine, so the bound sits below the file, not near the parts.
      if (kind.streams) expect(most).toBeLessThan(56 * MB);
    }, 120_000);

    if (kind.remote)
    it('says the storage is unavailable when it cannot be reached', async () => {
      const down = s.unreachable!();
      const key = `${folder}/down.pdf`;
      await expect(down.put(key, chunks('x'), { contentType: 'application/pdf', visibility: 'private' })).rejects.toThrow(StorageUnavailable);
      await expect(down.stat(key)).rejects.toThrow(StorageUnavailable);
      await expect(down.read(key)).rejects.toThrow(StorageUnavailable);
      await expect(down.remove(key)).rejects.toThrow(StorageUnavailable);
    });
  });
