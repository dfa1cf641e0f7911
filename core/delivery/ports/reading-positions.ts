import { Id } from '../../shared/ids';
import { DownloadHolder } from '../domain/downloads';
import { ReadingPosition } from '../domain/reading';

/** The last page each holder read of each file (PostgreSQL): one row per holder, order and file. */
export interface ReadingPositions {
  /** The page last saved, if any. */
  pageOf(holder: DownloadHolder, orderId: Id, fileId: Id): Promise<number | undefined>;
  /** Keeps this page as the last read, replacing the one before. */
  save(position: ReadingPosition): Promise<void>;
}
