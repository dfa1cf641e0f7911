import { StampedCopy } from '../../../core/delivery/domain/stamped-copy';
import { StampedCopies } from '../../../core/delivery/ports/stamped-copies';
import { Id } from '../../../core/shared/ids';

/** The in-memory twin of StampedCopies; the same contract suite holds it. */
export class MemoryStampedCopies implements StampedCopies {
  private readonly copies = new Map<string, StampedCopy>();

  async ofOrders(orderIds: readonly Id[]): Promise<readonly StampedCopy[]> {
    return [...this.copies.values()]
      .filter((c) => orderIds.includes(c.orderId))
      .sort((a, b) => a.orderId.localeCompare(b.orderId) || a.fileId.localeCompare(b.fileId));
  }

  async record(copy: StampedCopy): Promise<boolean> {
    const key = `${copy.orderId}/${copy.fileId}`;
    if (this.copies.has(key)) return false;
    this.copies.set(key, { ...copy });
    return true;
  }
}
