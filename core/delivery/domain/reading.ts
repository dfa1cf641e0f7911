import { Id } from '../../shared/ids';
import { DownloadHolder } from './downloads';

/**
 * The reader remembers the last page read, on the server (issue 19, part 5), so a book reopens there
 * on any device. A page is a whole number from 1; the bound only keeps nonsense out of the table
 * (the longest printed books run to a few thousand pages).
 */
export const MAX_PAGE = 100_000;
export const PAGE_RULE = `The page must be a whole number from 1 to ${MAX_PAGE}`;
export const ONLY_PDF_READS = 'Only PDF files open in the reader: download this one instead';

export const isPage = (page: number): boolean => Number.isInteger(page) && page >= 1 && page <= MAX_PAGE;

/** Where one holder stopped reading one file of one order. */
export interface ReadingPosition {
  readonly holder: DownloadHolder;
  readonly orderId: Id;
  readonly fileId: Id;
  readonly page: number;
  readonly updatedAt: Date;
}

/** A file never opened in the reader opens on its first page. */
export const FIRST_PAGE = 1;
