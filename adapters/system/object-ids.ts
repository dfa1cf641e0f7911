import { randomBytes } from 'node:crypto';
import { IdGenerator } from '../../core/shared/ids';

/**
 * Ids shaped like the original store's (MongoDB ObjectIds): seconds since 1970, then random bytes,
 * then a counter, 24 hex digits in all, so ids sort roughly by creation.
 */
export class ObjectIds implements IdGenerator {
  private counter = randomBytes(3).readUIntBE(0, 3);
  private readonly processBytes = randomBytes(5).toString('hex');

  next(): string {
    this.counter = (this.counter + 1) % 0x1000000;
    const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
    return `${seconds}${this.processBytes}${this.counter.toString(16).padStart(6, '0')}`;
  }
}
