import { PasswordResets, ResetRequest } from '../../core/identity/ports/password-resets';
import { ChangeFeed } from './change-feed';

/** A reset ends every session of the account: the cached sessions of every process forget them. */
export class PasswordResetsThatTell implements PasswordResets {
  constructor(
    private readonly inner: PasswordResets,
    private readonly changes: ChangeFeed,
  ) {}

  request(request: ResetRequest) {
    return this.inner.request(request);
  }

  async redeem(tokenHash: string, passwordHash: string, now: Date) {
    const userId = await this.inner.redeem(tokenHash, passwordHash, now);
    if (userId) await this.changes.record('account', userId);
    return userId;
  }
}
