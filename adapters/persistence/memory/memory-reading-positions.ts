import { DownloadHolder, holderKey } from '../../../core/delivery/domain/downloads';
import { ReadingPosition } from '../../../core/delivery/domain/reading';
import { ReadingPositions } from '../../../core/delivery/ports/reading-positions';
import { Id } from '../../../core/shared/ids';

/** The in-memory twin of KnexReadingPositions, for use-case tests. */
export class MemoryReadingPositions implements ReadingPositions {
  private readonly pages = new Map<string, number>();

  async pageOf(holder: DownloadHolder, orderId: Id, fileId: Id): Promise<number | undefined> {
    return this.pages.get(`${holderKey(holder)}|${orderId}|${fileId}`);
  }

  async save(position: ReadingPosition): Promise<void> {
    this.pages.set(`${holderKey(position.holder)}|${position.orderId}|${position.fileId}`, position.page);
  }
}
