import { CheckedImage } from '../../core/catalog/domain/images';
import { ImageStorage } from '../../core/catalog/ports/product-editor';

/** SKELETON: to be built. Uploaded images on local disk, served under /uploads/. */
export class LocalDiskImages implements ImageStorage {
  constructor(private readonly dir: string) {}
  save(_image: CheckedImage): Promise<string> {
    throw new Error('not built yet');
  }
  remove(_address: string): Promise<void> {
    throw new Error('not built yet');
  }
}
