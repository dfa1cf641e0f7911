import { imageSize } from 'image-size';
import { ImageFacts } from '../../core/catalog/domain/images';
import { ImageReader } from '../../core/catalog/ports/product-editor';

/**
 * The bytes in a buffer of their own: image-size reads through DataViews on the whole underlying
 * buffer, so a view into a larger one (a pooled Buffer) would let it read past the file's end.
 */
const alone = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Uint8Array.from(bytes);

/**
 * What a file's content says it is, read by image-size from its header alone (no decoding, so a
 * pixel flood costs nothing to measure). The core decides which formats and sizes are accepted.
 */
export class ImageSizeReader implements ImageReader {
  factsOf(bytes: Uint8Array): ImageFacts | undefined {
    if (bytes.length === 0) return undefined;
    try {
      const { type, width, height } = imageSize(alone(bytes));
      if (!type || !Number.isFinite(width) || !Number.isFinite(height)) return undefined;
      return { format: type, width, height };
    } catch {
      // image-size throws on content it does not know or cannot measure: no image of ours.
      return undefined;
    }
  }
}
