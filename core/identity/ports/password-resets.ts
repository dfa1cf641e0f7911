import { OutgoingMail } from '../../ordering/ports/mailer';
import { Id } from '../../shared/ids';
import { Language } from '../../shared/language';

/** The secret of a reset link, and the hash under which the store keeps it (never the secret itself). */
export interface ResetTokens {
  /** A new random token (at least 128 bits, URL-safe) and its hash. */
  issue(): { readonly token: string; readonly hash: string };
  hashOf(token: string): string;
}

export interface ResetRequest {
  /** In its normal form (normalEmail), as every address is stored. */
  readonly email: string;
  readonly tokenHash: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** Sent to the account's address, in the language of the request; queued in the outbox, never sent inline. */
  readonly mail: OutgoingMail;
  /**
   * The same letter in other languages (issue 20): an account whose owner chose a language gets it
   * in that one instead, when it is here. Picked in the same step, so it says no more about the account.
   */
  readonly inOwnLanguage?: Readonly<Partial<Record<Language, OutgoingMail>>>;
}

/** Reset links of accounts, kept as hashes. */
export interface PasswordResets {
  /**
   * In one step, and only when an account holds `email`: keeps the token's hash for that account
   * and queues the mail. The same work whether or not one does, and it does not say which.
   */
  request(request: ResetRequest): Promise<void>;
  /**
   * In one step, when `tokenHash` names a token unused and unexpired at `now`, and not voided by a
   * later password change: sets the account's password hash, voids every reset token of the
   * account and ends every session of it; answers whose account it was. Otherwise changes nothing
   * and answers undefined.
   */
  redeem(tokenHash: string, passwordHash: string, now: Date): Promise<Id | undefined>;
}
