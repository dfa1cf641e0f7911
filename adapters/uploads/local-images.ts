import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CheckedImage } from '../../core/catalog/domain/images';
import { ImageStorage } from '../../core/catalog/ports/product-editor';

/**
 * The one shape of an address this storage hands out: a new random name and the extension of the
 * format its content was checked to be. The app serves exactly this shape (adapters/http/uploads.ts
 * holds the same pattern; the admin products test proves they agree).
 */
export const UPLOAD_ADDRESS = /^\/uploads\/([0-9a-f]{24}\.(?:jpg|png|gif|webp))$/;

/** A new name nobody can guess or choose: never the uploaded file's own name. */
export const newImageName = (image: CheckedImage) => `${randomBytes(12).toString('hex')}.${image.format}`;

/**
 * Uploaded images on local disk (the default storage; DECISIONS 5 and 17). Written to a temporary
 * file, then renamed, so a reader never sees half an image and a crash leaves no file at an address.
 */
export class LocalDiskImages implements ImageStorage {
  constructor(readonly dir: string) {}

  async save(image: CheckedImage): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = newImageName(image);
    // A dot name never matches the served pattern, so a half-written file is never shown.
    const temporary = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
    try {
      await fs.writeFile(temporary, image.bytes, { flag: 'wx' });
      await fs.rename(temporary, path.join(this.dir, name));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return `/uploads/${name}`;
  }

  async remove(address: string): Promise<void> {
    const name = UPLOAD_ADDRESS.exec(address)?.[1];
    if (!name) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  async read(address: string): Promise<Uint8Array | undefined> {
    const name = UPLOAD_ADDRESS.exec(address)?.[1];
    if (!name) return undefined;
    const bytes = await fs.readFile(path.join(this.dir, name)).catch(() => undefined);
    return bytes && new Uint8Array(bytes);
  }
}
