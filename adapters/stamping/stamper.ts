import * as E from 'fp-ts/Either';
import { StampFor, stampFor } from '../../core/delivery/domain/stamp';
import { StampedFormat, Stamper } from '../../core/delivery/ports/stamper';
import { DomainError } from '../../core/shared/errors';
import { stampEpub } from './epub-stamper';
import { stampPdf } from './pdf-stamper';

/** The store's Stamper: the core's stamp, put into a PDF with pdf-lib or into an EPUB with fflate. */
export class FileStamper implements Stamper {
  async stamp(format: StampedFormat, original: Uint8Array, buyer: StampFor): Promise<E.Either<DomainError, Uint8Array>> {
    const stamp = stampFor(buyer);
    if (E.isLeft(stamp)) return stamp;
    return format === 'pdf' ? stampPdf(original, stamp.right) : stampEpub(original, stamp.right);
  }
}
