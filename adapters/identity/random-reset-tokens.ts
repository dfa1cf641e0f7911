import { createHash, randomBytes } from 'node:crypto';
import { ResetTokens } from '../../core/identity/ports/password-resets';

/** 256 random bits, base64url; kept as their SHA-256 (a copy of the table opens no account). */
export class RandomResetTokens implements ResetTokens {
  issue() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hashOf(token) };
  }

  hashOf(token: string) {
    return createHash('sha256').update(token).digest('hex');
  }
}
