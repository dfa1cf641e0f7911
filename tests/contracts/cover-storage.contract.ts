import sharp from 'sharp';
import { SizedCovers } from '../../adapters/storage/sized-covers';
import { SharpCoverMaker } from '../../adapters/uploads/sharp-cover-maker';
import { COVER_FORMATS, COVER_WIDTHS, coverSizeAddress, uploadedCoverOf } from '../../core/catalog/domain/cover-sizes';
import { CheckedImage, IMAGE_DAMAGED } from '../../core/catalog/domain/images';
import { CoverMaker } from '../../core/catalog/ports/product-editor';
import { ByteRange, FileContent, FileFacts, FileKey, FileStorage, StoredFile } from '../../core/delivery/ports/file-storage';
import { isDomainError } from '../../core/shared/errors';
import { aPhoto, aPng } from '../support/images';

/** The FileStorage under test, as it is, and a way to let it go. */
export interface CoverFilesUnderTest {
  files: FileStorage;
  close(): Promise<void>;
}

/** Records every key written, and fails the put after `failAfter` of them, as a storage going down midway does. */
class Recording implements FileStorage {
  readonly written: FileKey[] = [];
  failAfter = Infinity;
  constructor(private readonly files: FileStorage) {}
  async put(key: FileKey, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile> {
    if (this.written.length >= this.failAfter) throw new Error('the storage went away');
    this.written.push(key);
    return this.files.put(key, content, facts);
  }
  stat = (key: FileKey): Promise<StoredFile | undefined> => this.files.stat(key);
  read = (key: FileKey, range?: ByteRange): Promise<FileContent | undefined> => this.files.read(key, range);
  remove = (key: FileKey): Promise<void> => this.files.remove(key);
  temporaryLink = (key: FileKey, seconds: number): Promise<string | undefined> => this.files.temporaryLink(key, seconds);
}

const keyOf = (address: string) => `covers/${address.slice('/uploads/'.length)}`;
const sizesOf = (address: string, widths: readonly number[]) =>
  widths.flatMap((width) => COVER_FORMATS.map((format) => coverSizeAddress(uploadedCoverOf(address)!.stem, width, format)));

const saved = async (covers: SizedCovers, image: CheckedImage): Promise<string> => {
  const address = await covers.save(image);
  if (isDomainError(address)) throw new Error(address.message);
  return address;
};

const UNBOUNDED = { run: <T>(work: () => Promise<T>) => work() };

/**
 * The covers' storage with its sizes (issue 22), on every FileStorage adapter: what is kept where,
 * with which type, and that nothing is left half written.
 */
export const coverStorageContract = (name: string, open: () => Promise<CoverFilesUnderTest>) =>
  describe(`cover storage with sizes: ${name}`, () => {
    let under: CoverFilesUnderTest;
    let files: Recording;
    let covers: SizedCovers;
    beforeEach(async () => {
      under = await open();
      files = new Recording(under.files);
      covers = new SizedCovers(files, new SharpCoverMaker(UNBOUNDED));
    });
    afterEach(() => under.close());

    it('keeps a cover at an address naming its size, its sizes beside it, every file public and typed by its format', async () => {
      const address = await saved(covers, { format: 'jpg', bytes: await aPhoto(900, 1200, { gps: true }), name: 'photo.jpg' });
      expect(address).toMatch(/^\/uploads\/[0-9a-f]{24}-900x1200\.jpg$/);
      const sizes = sizesOf(address, [210, 340, 440, 680]);
      expect(files.written.sort()).toEqual([address, ...sizes].map(keyOf).sort());
      expect(await files.stat(keyOf(address))).toMatchObject({ contentType: 'image/jpeg', visibility: 'public' });
      for (const size of sizes)
        expect(await files.stat(keyOf(size))).toMatchObject({ contentType: { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[size.split('.').pop()!], visibility: 'public' });
      // The original is kept without the photo's GPS position, turned upright, at its size.
      const original = (await covers.read(address))!;
      const facts = await sharp(original).metadata();
      expect([facts.width, facts.height, facts.exif]).toEqual([900, 1200, undefined]);
      expect((await sharp((await covers.read(sizes[0]!))!).metadata()).width).toBe(210);
    });

    it('forgets a cover with every size of it, and leaves others alone', async () => {
      const gone = await saved(covers, { format: 'png', bytes: aPng(500, 700) });
      const kept = await saved(covers, { format: 'png', bytes: aPng(300, 400) });
      await covers.remove(gone);
      await covers.remove(gone);
      for (const address of [gone, ...sizesOf(gone, [210, 340, 440, 500])]) expect(await files.stat(keyOf(address))).toBeUndefined();
      for (const address of [kept, ...sizesOf(kept, [210, 300])]) expect(await files.stat(keyOf(address))).toBeDefined();
    });

    it('refuses a damaged image with a clear message, keeping nothing', async () => {
      const photo = await aPhoto(600, 800);
      expect(await covers.save({ format: 'jpg', bytes: photo.subarray(0, photo.length / 2), name: 'cut.jpg' })).toMatchObject({
        kind: 'invalid',
        message: `${IMAGE_DAMAGED} (cut.jpg)`,
      });
      expect(files.written).toEqual([]);
    });

    it('removes what it wrote when the storage fails midway, and throws', async () => {
      files.failAfter = 5;
      await expect(covers.save({ format: 'png', bytes: aPng(700, 900) })).rejects.toThrow('the storage went away');
      expect(files.written).toHaveLength(5);
      for (const key of files.written) expect(await files.stat(key)).toBeUndefined();
    });

    it('makes the sizes of an older cover the first time one is asked for, once, leaving the cover as it was', async () => {
      const older = '/uploads/0123456789abcdef01234567.png';
      const bytes = aPng(500, 700);
      await files.put(keyOf(older), (async function* () { yield bytes; })(), { contentType: 'image/png', visibility: 'public' });
      let makings = 0;
      const maker = new SharpCoverMaker(UNBOUNDED);
      const counting: CoverMaker = { make: (...args) => (makings++, maker.make(...args)) };
      const firstTime = new SizedCovers(files, counting);
      const asked = sizesOf(older, COVER_WIDTHS);
      expect(await Promise.all(asked.map((size) => firstTime.sizesFor(size)))).toEqual(asked.map(() => true));
      expect(makings).toBe(1);
      for (const size of asked) expect(await files.stat(keyOf(size))).toMatchObject({ visibility: 'public' });
      expect(Buffer.from((await firstTime.read(older))!)).toEqual(bytes);
      // No wider than the cover, whatever the name says.
      expect((await sharp((await firstTime.read(asked[asked.length - 1]!))!).metadata()).width).toBe(500);
    });

    it('makes nothing for a width no cover has, a cover that is not there, or one that does not decode', async () => {
      const older = '/uploads/0123456789abcdef01234567.png';
      await files.put(keyOf(older), (async function* () { yield Buffer.from('not a png at all'); })(), { contentType: 'image/png', visibility: 'public' });
      const before = files.written.length;
      for (const address of [
        coverSizeAddress('0123456789abcdef01234567', 500, 'avif'),
        coverSizeAddress('fedcba9876543210fedcba98', 210, 'avif'),
        coverSizeAddress('0123456789abcdef01234567', 210, 'webp'),
        coverSizeAddress('0123456789abcdef01234567-300x400', 340, 'webp'),
        '/uploads/0123456789abcdef01234567.png',
        '/uploads/../0123456789abcdef01234567-210w.avif',
      ])
        expect(await covers.sizesFor(address)).toBe(false);
      expect(files.written.length).toBe(before);
    });
  });
