import { randomBytes } from 'node:crypto';
import { RandomText } from '../../core/identity/ports';

/** 256 random bits from the operating system, as hexadecimal. */
export class SystemRandomText implements RandomText {
  next(): string {
    return randomBytes(32).toString('hex');
  }
}
