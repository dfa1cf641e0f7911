import { AuditEntry } from '../../audit/domain/audit';
import { Id } from '../../shared/ids';
import { DownloadEntry, LoggedDownload } from '../domain/downloads';

/** Every response served from a download link (PostgreSQL), and the count of completed ones per line. */
export interface DownloadLog {
  record(entry: DownloadEntry): Promise<void>;
  /** The line's completed downloads that still count (since its last reset). */
  completed(orderId: Id, productId: Id): Promise<number>;
  /** The line's logged responses that did not complete a download (counted or not). */
  partials(orderId: Id, productId: Id): Promise<number>;
  /** The order's log, newest first. */
  ofOrder(orderId: Id): Promise<readonly LoggedDownload[]>;
  /** Stops the line's completed downloads counting, with the admin's audit entry; how many stopped. */
  reset(orderId: Id, productId: Id, entry: AuditEntry): Promise<number>;
}
