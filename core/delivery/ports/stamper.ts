import * as E from 'fp-ts/Either';
import { DomainError } from '../../shared/errors';
import { StampFor } from '../domain/stamp';

/** The formats the store stamps; other files (ZIP, MP4) are delivered as uploaded. */
export type StampedFormat = 'pdf' | 'epub';

/**
 * Makes a buyer's own copy of a product file: the same file with the stamp (domain/stamp.ts) in it.
 * Adapters: adapters/stamping (pdf-lib for PDFs, fflate for EPUBs); both are pure and fast enough to
 * run in use-case tests as they are, so there is no memory twin.
 *
 * The original is given, not lent: an adapter may move its bytes to another thread, so the caller
 * does not read it afterwards.
 *
 * A file that cannot be stamped (an encrypted or broken PDF, a ZIP that is no EPUB) is a Left with a
 * message for the admin (kind 'invalid'): trying again would not help. A throw is a bug.
 */
export interface Stamper {
  stamp(format: StampedFormat, original: Uint8Array, stamp: StampFor): Promise<E.Either<DomainError, Uint8Array>>;
}
