import { CheckedImage } from '../../core/catalog/domain/images';
import { ImageStorage } from '../../core/catalog/ports/product-editor';
import { UPLOAD_ADDRESS, newImageName } from './local-images';

/** The in-memory twin of the image storage, for use-case tests; held to the same contract. */
export class MemoryImages implements ImageStorage {
  private readonly images = new Map<string, Uint8Array>();

  async save(image: CheckedImage): Promise<string> {
    const address = `/uploads/${newImageName(image)}`;
    this.images.set(address, Uint8Array.from(image.bytes));
    return address;
  }

  async remove(address: string): Promise<void> {
    if (UPLOAD_ADDRESS.test(address)) this.images.delete(address);
  }

  async read(address: string): Promise<Uint8Array | undefined> {
    const bytes = UPLOAD_ADDRESS.test(address) ? this.images.get(address) : undefined;
    return bytes && Uint8Array.from(bytes);
  }

  /** The bytes kept at an address, for tests. */
  bytesAt(address: string): Uint8Array | undefined {
    return this.images.get(address);
  }

  /** Every address kept, for tests (no orphan file). */
  addresses(): string[] {
    return [...this.images.keys()];
  }
}
