import { Id } from '../../shared/ids';
import { JobKind } from '../../shared/jobs';
import { FileKey } from '../ports/file-storage';
import { StampedFormat } from '../ports/stamper';
import { FileKind, ProductFile } from './product-file';

/**
 * A buyer's own copy of a product file (issue 19 part 4): made once per order and file by the
 * stamping job. `key` is the stamped copy; without one the buyer gets the file as uploaded, and
 * `note` says why (a protected PDF, a file too large to stamp in memory).
 */
export interface StampedCopy {
  readonly orderId: Id;
  readonly fileId: Id;
  readonly key?: FileKey;
  readonly note?: string;
  readonly madeAt: string;
}

/**
 * Files larger than this are delivered as uploaded: stamping reads the whole file into memory
 * (pdf-lib and EPUB both need the whole), and a 2 GB PDF would cost the job as much. Books are far
 * smaller; a course's video is never stamped.
 */
export const MAX_STAMPED_BYTES = 256 * 1024 ** 2;
export const TOO_LARGE_TO_STAMP = `Larger than ${MAX_STAMPED_BYTES / 1024 ** 2} MB: delivered as uploaded, without a stamp`;

const STAMPED: readonly FileKind[] = ['pdf', 'epub'];

/** Whether a file gets a buyer's own copy: PDFs and EPUBs do; ZIPs and videos are delivered as uploaded. */
export const isStamped = <F extends Pick<ProductFile, 'kind'>>(file: F): file is F & { kind: StampedFormat } => STAMPED.includes(file.kind);

/** Where a buyer's copy is kept: beside no product file, named by ids only. */
export const stampedCopyKey = (orderId: Id, file: Pick<ProductFile, 'id' | 'kind'>): FileKey => `stamped/${orderId}/${file.id}.${file.kind}`;

export const COPY_BEING_PREPARED = 'Your own copy of this file is being prepared. It takes a minute or two; we will e-mail you when it is ready.';

/**
 * The stamping job of one order, queued in the unit that pays it (so a paid order has its job, or
 * neither happened). One runs per order at a time; a run that fails (the storage away) is tried
 * again with a growing wait, about 10 s to 5 min, before it is kept as failed for the admin.
 */
export const STAMP_COPIES: JobKind<{ orderId: string }> = {
  name: 'stamp-copies',
  retries: 5,
  retryDelaySeconds: 10,
  backoff: true,
  expireSeconds: 10 * 60,
  perKey: 'one-waiting-one-running',
};
