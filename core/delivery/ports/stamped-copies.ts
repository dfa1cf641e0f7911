import { Id } from '../../shared/ids';
import { StampedCopy } from '../domain/stamped-copy';

/** The buyers' own copies made so far (PostgreSQL; the bytes are in FileStorage). */
export interface StampedCopies {
  /** The copies made for these orders. */
  ofOrders(orderIds: readonly Id[]): Promise<readonly StampedCopy[]>;
  /**
   * Records a copy; answers false when one was already recorded for that order and file (a job run
   * twice keeps the first, so a buyer never gets two different copies).
   */
  record(copy: StampedCopy): Promise<boolean>;
}
