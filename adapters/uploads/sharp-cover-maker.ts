import sharp, { Sharp } from 'sharp';
import { CoverFormat, COVER_FORMATS, coverWidths } from '../../core/catalog/domain/cover-sizes';
import { CheckedImage, IMAGE_DAMAGED, MAX_IMAGE_PIXELS, TOO_MANY_PIXELS, shown } from '../../core/catalog/domain/images';
import { CoverMaker, MadeCover } from '../../core/catalog/ports/product-editor';
import { DomainError, invalid, isDomainError } from '../../core/shared/errors';

/** Runs work in its turn (adapters/identity/turns.ts, given by the container). */
export interface WorkTurns {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * How each size is encoded: AVIF and WebP at their encoders' usual qualities for photographs, JPEG
 * through mozjpeg. AVIF at effort 2, not sharp's default 4: measured on a 1200 x 1600 cover, its
 * four sizes took 0.65 s instead of 3.4 s for files 2% larger (docs/found-and-shared.md).
 */
const ENCODERS: Record<CoverFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a PNG's clear parts come out white, as the page behind them is.
  jpg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

/** The original, kept in its own format; no option keeps metadata, so none is written. */
const ORIGINALS: Record<CheckedImage['format'], (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 90 }),
  gif: (image) => image.gif(),
};

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Makes a cover's sizes with sharp (libvips), off the event loop: each encode runs on libuv's
 * threadpool, and `turns` lets only a few run at once, so an upload of twenty covers neither takes
 * every core nor the threadpool the store's file reads share. sharp decodes with `failOn: 'warning'`
 * (a cut or corrupt file fails rather than showing grey) and `limitInputPixels` at the store's own
 * bound, so a file whose pixels outgrow what its header said is refused before it is decoded whole.
 */
export class SharpCoverMaker implements CoverMaker {
  /**
   * `threads`: how many threads libvips gives one encode, for the whole process (sharp.concurrency).
   * One, with two turns, measured best on the 2-core machine: four covers at once took 1.4 s and
   * kept the event loop's p99 delay at 9 ms; libvips' default (a thread per core) took longer and let
   * it reach 130 ms (docs/found-and-shared.md).
   */
  constructor(
    private readonly turns: WorkTurns,
    { threads }: { threads?: number } = {},
  ) {
    if (threads !== undefined) sharp.concurrency(threads);
  }

  async make(image: CheckedImage, widths?: readonly number[]): Promise<MadeCover | DomainError> {
    // An animated GIF stays animated as the original; its sizes show its first frame.
    const decoded = (animated: boolean) => sharp(image.bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS, animated }).autoOrient();
    const name = shown(image.name ?? '');
    const original = await this.inTurn(name, () => ORIGINALS[image.format](decoded(image.format === 'gif')).toBuffer({ resolveWithObject: true }));
    if (isDomainError(original)) return original;
    // An animated image's height is its frames' together: the cover is one frame high.
    const height = original.info.pageHeight ?? original.info.height;
    const { width } = original.info;
    const sizes = await Promise.all(
      (widths ?? coverWidths(width)).flatMap((each) =>
        COVER_FORMATS.map((format) =>
          this.inTurn(name, async () => ({
            width: each,
            format,
            bytes: new Uint8Array(await ENCODERS[format](decoded(false).resize({ width: each, withoutEnlargement: true })).toBuffer()),
          })),
        ),
      ),
    );
    const refused = sizes.find(isDomainError);
    if (refused) return refused;
    return { original: { format: image.format, bytes: new Uint8Array(original.data), width, height }, sizes: sizes as Exclude<(typeof sizes)[number], DomainError>[] };
  }

  /**
   * sharp's work in its turn; sharp's refusal of the pixels is the admin's file's fault, an invalid
   * DomainError. A turn refused (too much waiting) is thrown on: the store's load, not the file.
   */
  private inTurn<T>(name: string, work: () => Promise<T>): Promise<T | DomainError> {
    return this.turns.run(async () => {
      try {
        return await work();
      } catch (error) {
        return invalid((isPixelLimit(error) ? TOO_MANY_PIXELS : IMAGE_DAMAGED) + name);
      }
    });
  }
}
