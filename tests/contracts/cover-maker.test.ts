import sharp from 'sharp';
import { SharpCoverMaker } from '../../adapters/uploads/sharp-cover-maker';
import { COVER_FORMATS, COVER_WIDTHS } from '../../core/catalog/domain/cover-sizes';
import { IMAGE_DAMAGED, TOO_MANY_PIXELS } from '../../core/catalog/domain/images';
import { MadeCover } from '../../core/catalog/ports/product-editor';
import { isDomainError } from '../../core/shared/errors';
import { aGif, aJpeg, aPhoto, aPng } from '../support/images';

const atOnce = { running: 0, most: 0 };
/** Counts how many encodes run together, to show the bound holds. */
const counted = {
  async run<T>(work: () => Promise<T>): Promise<T> {
    atOnce.most = Math.max(atOnce.most, ++atOnce.running);
    try {
      return await work();
    } finally {
      atOnce.running--;
    }
  },
};
const maker = new SharpCoverMaker(counted);

const made = async (...args: Parameters<SharpCoverMaker['make']>): Promise<MadeCover> => {
  const result = await maker.make(...args);
  if (isDomainError(result)) throw new Error(result.message);
  return result;
};

describe('SharpCoverMaker (real sharp, real files)', () => {
  it('makes every width of the cover in AVIF, WebP and JPEG, each the width it says and in proportion', async () => {
    const cover = await made({ format: 'jpg', bytes: await aPhoto(1200, 1600) });
    expect(cover.original).toMatchObject({ format: 'jpg', width: 1200, height: 1600 });
    expect(cover.sizes.map((size) => `${size.width}.${size.format}`).sort()).toEqual(COVER_WIDTHS.flatMap((width) => COVER_FORMATS.map((format) => `${width}.${format}`)).sort());
    for (const size of cover.sizes) {
      const facts = await sharp(size.bytes).metadata();
      expect([facts.format, facts.width, facts.height]).toEqual([size.format === 'jpg' ? 'jpeg' : size.format === 'avif' ? 'heif' : 'webp', size.width, Math.round((size.width * 4) / 3)]);
    }
    const bytesOf = (width: number, format: string) => cover.sizes.find((size) => size.width === width && size.format === format)!.bytes.length;
    // The point of it: a card's AVIF is a small part of its JPEG, and far below the original's.
    expect(bytesOf(210, 'avif')).toBeLessThan(bytesOf(210, 'jpg'));
    expect(bytesOf(680, 'jpg')).toBeLessThan(cover.original.bytes.length);
  });

  it('leaves out every piece of metadata: a phone photo with its GPS position comes out without it', async () => {
    const photo = await aPhoto(800, 600, { gps: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('PhoneMaker')).toBe(true);
    const cover = await made({ format: 'jpg', bytes: photo });
    for (const bytes of [cover.original.bytes, ...cover.sizes.map((size) => size.bytes)]) {
      const facts = await sharp(bytes).metadata();
      expect([facts.exif, facts.xmp, facts.iptc]).toEqual([undefined, undefined, undefined]);
      expect(Buffer.from(bytes).includes('PhoneMaker')).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation, and keeps the size it shows at', async () => {
    // Orientation 6: kept 1600 x 1200, shown turned a quarter, 1200 x 1600.
    const cover = await made({ format: 'jpg', bytes: await aPhoto(1600, 1200, { orientation: 6 }) });
    expect([cover.original.width, cover.original.height]).toEqual([1200, 1600]);
    expect((await sharp(cover.original.bytes).metadata()).orientation).toBeUndefined();
  });

  it('never enlarges a small cover: it is made at its own width and the widths below it', async () => {
    const cover = await made({ format: 'png', bytes: aPng(300, 400) });
    expect(cover.original).toMatchObject({ format: 'png', width: 300, height: 400 });
    expect([...new Set(cover.sizes.map((size) => size.width))]).toEqual([210, 300]);
    const gif = await made({ format: 'gif', bytes: aGif() });
    expect([...new Set(gif.sizes.map((size) => size.width))]).toEqual([1]);
  });

  it('makes the widths asked for, each no wider than the cover (an older cover, its width unknown)', async () => {
    const cover = await made({ format: 'png', bytes: aPng(300, 400) }, COVER_WIDTHS);
    expect([...new Set(cover.sizes.map((size) => size.width))]).toEqual([...COVER_WIDTHS]);
    expect((await sharp(cover.sizes.find((size) => size.width === 680)!.bytes).metadata()).width).toBe(300);
  });

  it('refuses a cut or corrupt file as damaged, and pixels past the bound as too many, without throwing', async () => {
    const photo = await aPhoto(400, 300);
    for (const bytes of [photo.subarray(0, photo.length / 2), aJpeg().subarray(0, 200), Buffer.concat([photo.subarray(0, 600), Buffer.alloc(2000, 0x55)])])
      expect(await maker.make({ format: 'jpg', bytes })).toMatchObject({ _tag: 'DomainError', kind: 'invalid', message: IMAGE_DAMAGED });
    // 49 megapixels in 50 KB: past the bound the core's header check also holds, refused before decoding.
    expect(await maker.make({ format: 'png', bytes: aPng(7000, 7000) })).toMatchObject({ kind: 'invalid', message: TOO_MANY_PIXELS });
  });

  it('runs its encodes in the turns it is given', async () => {
    const bounded = new SharpCoverMaker({ run: (work) => counted.run(work) });
    atOnce.most = 0;
    await bounded.make({ format: 'jpg', bytes: await aPhoto(800, 1000) });
    expect(atOnce.most).toBeGreaterThan(1);
  });
});
