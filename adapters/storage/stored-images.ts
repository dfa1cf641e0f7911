import { randomBytes } from 'node:crypto';
import { CheckedImage, ImageFormat } from '../../core/catalog/domain/images';
import { ImageStorage } from '../../core/catalog/ports/product-editor';
import { FileKey, FileStorage } from '../../core/delivery/ports/file-storage';

/**
 * The one shape of an address this storage hands out: a new random name and the extension of the
 * format its content was checked to be. The app serves exactly this shape for covers
 * (adapters/http/uploads.ts holds the same pattern; the admin products test proves they agree).
 */
export const UPLOAD_ADDRESS = /^\/uploads\/([0-9a-f]{24}\.(?:jpg|png|gif|webp))$/;

export const IMAGE_TYPES: Record<ImageFormat, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/** A new name nobody can guess or choose: never the uploaded file's own name. */
export const newImageName = (image: CheckedImage) => `${randomBytes(12).toString('hex')}.${image.format}`;

/**
 * Where each kind of image lives in the file storage: covers are public (the app serves them to
 * anyone under /uploads/), transfer receipts private (only the admin's receipt call reads them).
 */
export const COVERS = { folder: 'covers', visibility: 'public' } as const;
export const RECEIPTS = { folder: 'receipts', visibility: 'private' } as const;
export type ImageShelf = typeof COVERS | typeof RECEIPTS;

/**
 * Uploaded images kept in the store's FileStorage (local disk, S3...: DECISIONS 5 and 17), each
 * under its shelf's folder. The address stays `/uploads/<name>` whatever the storage, so products
 * and receipts written before keep their addresses.
 */
export class StoredImages implements ImageStorage {
  constructor(
    readonly files: FileStorage,
    readonly shelf: ImageShelf,
  ) {}

  /** The key an address of this storage is kept at, or undefined for any other address. */
  keyOf(address: string): FileKey | undefined {
    const name = UPLOAD_ADDRESS.exec(address)?.[1];
    return name ? `${this.shelf.folder}/${name}` : undefined;
  }

  async save(image: CheckedImage): Promise<string> {
    const name = newImageName(image);
    await this.files.put(`${this.shelf.folder}/${name}`, once(image.bytes), { contentType: IMAGE_TYPES[image.format], visibility: this.shelf.visibility });
    return `/uploads/${name}`;
  }

  async remove(address: string): Promise<void> {
    const key = this.keyOf(address);
    if (key) await this.files.remove(key);
  }

  async read(address: string): Promise<Uint8Array | undefined> {
    const key = this.keyOf(address);
    return key ? readWhole(this.files, key) : undefined;
  }
}

/** A file's bytes, or undefined when there is none. */
export const readWhole = async (files: FileStorage, key: FileKey): Promise<Uint8Array | undefined> => {
  const content = await files.read(key);
  if (!content) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of content.body) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
};

export async function* once(bytes: Uint8Array) {
  yield bytes;
}
