import { CheckedImage, ImageFormat } from '../../core/catalog/domain/images';
import { COVER_FORMATS, coverSizeAddress, coverSizeOf, coverWidths, isCoverWidthOf, sizedCoverAddress, uploadedCoverOf } from '../../core/catalog/domain/cover-sizes';
import { CoverMaker, ImageStorage, MadeCover } from '../../core/catalog/ports/product-editor';
import { FileKey, FileStorage } from '../../core/delivery/ports/file-storage';
import { DomainError, isDomainError } from '../../core/shared/errors';
import { COVERS, IMAGE_TYPES, newImageName, once, readWhole } from './stored-images';

const SIZE_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
const ORIGINAL_FORMATS: readonly ImageFormat[] = ['jpg', 'png', 'gif', 'webp'];

/**
 * The covers' storage (issue 22, item 6): each upload is kept with its sizes, made once by the
 * CoverMaker, beside it in the same FileStorage (disk or bucket). The address names the size the
 * cover was kept at (core/catalog/domain/cover-sizes.ts). Nothing is kept until every file is
 * made, and a storage failure midway removes what was written, so no cover is ever half there.
 *
 * Covers uploaded before the sizes were made get theirs the first time one is asked for
 * (sizesFor): no job has to find them all, covers nobody looks at cost nothing, and the route that
 * serves them is the one place that knows a size is missing.
 */
export class SizedCovers implements ImageStorage {
  /** One making per cover at a time: a page of twelve sizes asked at once makes them once. */
  private readonly making = new Map<string, Promise<boolean>>();
  /** Covers are public: the app serves them, and their sizes, to anyone under /uploads/. */
  readonly shelf = COVERS;

  constructor(
    readonly files: FileStorage,
    private readonly maker: CoverMaker,
  ) {}

  /** The key a cover or one of its sizes is kept at, or undefined for any other address. */
  keyOf(address: string): FileKey | undefined {
    if (uploadedCoverOf(address) || coverSizeOf(address)) return `${COVERS.folder}/${address.slice('/uploads/'.length)}`;
    return undefined;
  }

  async save(image: CheckedImage): Promise<string | DomainError> {
    const made = await this.maker.make(image);
    if (isDomainError(made)) return made;
    const name = newImageName(image).replace(/\.\w+$/, '');
    const address = sizedCoverAddress(name, image.format, made.original.width, made.original.height);
    await this.keep(address, made);
    return address;
  }

  /** Forgets a cover and every size of it. */
  async remove(address: string): Promise<void> {
    const cover = uploadedCoverOf(address);
    if (!cover) return;
    const sizes = coverWidths(cover.width).flatMap((width) => COVER_FORMATS.map((format) => coverSizeAddress(cover.stem, width, format)));
    await Promise.all([address, ...sizes].map((each) => this.files.remove(this.keyOf(each)!)));
  }

  async read(address: string): Promise<Uint8Array | undefined> {
    const key = this.keyOf(address);
    return key ? readWhole(this.files, key) : undefined;
  }

  /**
   * Makes the sizes of a cover uploaded before they were made, given a size's address that is
   * missing; answers whether that size is there now. False for a size no cover has (another
   * width), a cover that is not there, or one whose pixels do not decode.
   */
  async sizesFor(sizeAddress: string): Promise<boolean> {
    const size = coverSizeOf(sizeAddress);
    // The stem says the cover's size when its name has one; any original format reads it.
    const cover = size && uploadedCoverOf(`/uploads/${size.stem}.jpg`);
    if (!size || !cover || !isCoverWidthOf(cover, size.width)) return false;
    const pending = this.making.get(size.stem) ?? this.makeOlder(size.stem);
    this.making.set(size.stem, pending);
    try {
      return await pending;
    } finally {
      this.making.delete(size.stem);
    }
  }

  private async makeOlder(stem: string): Promise<boolean> {
    for (const format of ORIGINAL_FORMATS) {
      const address = `/uploads/${stem}.${format}`;
      const bytes = await this.read(address);
      if (!bytes) continue;
      const made = await this.maker.make({ format, bytes }, coverWidths(uploadedCoverOf(address)!.width));
      if (isDomainError(made)) return false;
      // The original stays as it was: its address and bytes are the products' and the browsers'.
      await this.writeAll(this.sizeFiles(stem, made));
      return true;
    }
    return false;
  }

  private keep(address: string, made: MadeCover): Promise<void> {
    const original = [address, made.original.bytes, IMAGE_TYPES[made.original.format as ImageFormat]] as const;
    return this.writeAll([original, ...this.sizeFiles(uploadedCoverOf(address)!.stem, made)]);
  }

  private sizeFiles(stem: string, made: MadeCover): (readonly [string, Uint8Array, string])[] {
    return made.sizes.map((size) => [coverSizeAddress(stem, size.width, size.format), size.bytes, SIZE_TYPES[size.format]] as const);
  }

  /** Every file or none: what was written before a failure is removed again. */
  private async writeAll(entries: readonly (readonly [string, Uint8Array, string])[]): Promise<void> {
    const written: FileKey[] = [];
    try {
      for (const [address, bytes, contentType] of entries) {
        const key = this.keyOf(address)!;
        await this.files.put(key, once(bytes), { contentType, visibility: COVERS.visibility });
        written.push(key);
      }
    } catch (error) {
      await Promise.all(written.map((key) => this.files.remove(key).catch(() => undefined)));
      throw error;
    }
  }
}
