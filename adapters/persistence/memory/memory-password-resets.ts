import { PasswordResets, ResetRequest } from '../../../core/identity/ports/password-resets';
import { MemoryOutbox } from './memory-outbox';
import { MemoryUsers } from './memory-accounts';

/** The in-memory twin of KnexPasswordResets; no await between reading and writing, so each step is atomic. */
export class MemoryPasswordResets implements PasswordResets {
  constructor(
    private readonly users: MemoryUsers,
    private readonly outbox: MemoryOutbox,
  ) {}

  async request({ email, tokenHash, issuedAt, expiresAt, mail, inOwnLanguage = {} }: ResetRequest): Promise<void> {
    const account = [...this.users.byId.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
    if (!account) return;
    for (const [hash, reset] of this.users.resets)
      if (reset.userId === account.id && (reset.used || reset.expires <= issuedAt.getTime())) this.users.resets.delete(hash);
    this.users.resets.set(tokenHash, { userId: account.id, expires: expiresAt.getTime(), used: false });
    const letter = (account.language && inOwnLanguage[account.language]) || mail;
    void this.outbox.queue(`password-reset:${tokenHash}`, { ...letter, to: account.email }, issuedAt);
  }

  async redeem(tokenHash: string, passwordHash: string, now: Date): Promise<string | undefined> {
    const reset = this.users.resets.get(tokenHash);
    const account = reset && this.users.byId.get(reset.userId);
    if (!reset || !account || reset.used || reset.expires <= now.getTime()) return undefined;
    for (const other of this.users.resets.values()) if (other.userId === account.id) other.used = true;
    this.users.byId.set(account.id, { ...account, passwordHash });
    for (const [token, session] of this.users.sessions) if (session.userId === account.id) this.users.sessions.delete(token);
    return account.id;
  }
}
