import { CheckedImage } from '../../core/catalog/domain/images';
import { ImageStorage } from '../../core/catalog/ports/product-editor';
import { aGif, aPng } from '../support/images';

export interface ImageStorageUnderTest {
  /** Every image storage but the covers' (which answers a refusal too: cover-storage.test.ts) answers an address. */
  storage: Omit<ImageStorage, 'save'> & { save(image: CheckedImage): Promise<string> };
  /** The bytes kept at an address, or undefined when none are. */
  bytesAt(address: string): Promise<Uint8Array | undefined>;
  /** Every address kept. */
  addresses(): Promise<string[]>;
  close(): Promise<void>;
}

const png: CheckedImage = { format: 'png', bytes: aPng() };
const gif: CheckedImage = { format: 'gif', bytes: aGif() };

/** Saving and forgetting uploaded images: the same behaviour on every adapter. */
export const imageStorageContract = (name: string, open: () => Promise<ImageStorageUnderTest>) =>
  describe(`ImageStorage contract: ${name}`, () => {
    let s: ImageStorageUnderTest;
    beforeEach(async () => {
      s = await open();
    });
    afterEach(() => s.close());

    it('keeps an image under a new random name with the extension of its checked format', async () => {
      const first = await s.storage.save(png);
      const second = await s.storage.save(png);
      const third = await s.storage.save(gif);
      expect(first).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
      expect(third).toMatch(/^\/uploads\/[0-9a-f]{24}\.gif$/);
      expect(new Set([first, second, third]).size).toBe(3);
      expect(Buffer.from((await s.bytesAt(first))!)).toEqual(png.bytes);
      expect(Buffer.from((await s.bytesAt(third))!)).toEqual(gif.bytes);
      expect((await s.addresses()).sort()).toEqual([first, second, third].sort());
    });

    it('forgets an image it saved, and forgetting it again is no error', async () => {
      const kept = await s.storage.save(png);
      const other = await s.storage.save(gif);
      await s.storage.remove(kept);
      await s.storage.remove(kept);
      expect(await s.bytesAt(kept)).toBeUndefined();
      expect(await s.addresses()).toEqual([other]);
    });

    it('reads back the bytes of an image it saved, and nothing for one it forgot', async () => {
      const kept = await s.storage.save(png);
      const forgotten = await s.storage.save(gif);
      await s.storage.remove(forgotten);
      expect(Buffer.from((await s.storage.read(kept))!)).toEqual(png.bytes);
      expect(await s.storage.read(forgotten)).toBeUndefined();
    });

    it('reads nothing at an address of another shape', async () => {
      const kept = await s.storage.save(png);
      const name = kept.slice('/uploads/'.length);
      for (const address of [`/uploads/../uploads/${name}`, `/uploads/./${name}`, `${kept}/`, kept.toUpperCase(), `uploads/${name}`, `/etc/passwd`, ''])
        expect(await s.storage.read(address)).toBeUndefined();
    });

    it('leaves alone every address of another shape', async () => {
      const kept = await s.storage.save(png);
      const name = kept.slice('/uploads/'.length);
      for (const address of [
        `https://elsewhere.test${kept}`,
        `/uploads/../uploads/${name}`,
        `/uploads/./${name}`,
        `/uploads//${name}`,
        `${kept}/`,
        `${kept}?x=1`,
        kept.toUpperCase(),
        kept.replace(/\.png$/, '.svg'),
        kept.replace(/\.png$/, ''),
        `/covers/${name}`,
        `uploads/${name}`,
        `/uploads/${name}\n`,
        '/uploads/',
        '/uploads/..',
        '',
      ])
        await s.storage.remove(address);
      expect(Buffer.from((await s.bytesAt(kept))!)).toEqual(png.bytes);
    });
  });
