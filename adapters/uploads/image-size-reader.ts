import { ImageFacts } from '../../core/catalog/domain/images';
import { ImageReader } from '../../core/catalog/ports/product-editor';

/** SKELETON: to be built with the image-size library. */
export class ImageSizeReader implements ImageReader {
  factsOf(_bytes: Uint8Array): ImageFacts | undefined {
    throw new Error('not built yet');
  }
}
