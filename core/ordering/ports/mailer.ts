/** An e-mail the store sends: plain text and HTML, from the store's own address. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Delivers one message now (SMTP, or an .eml file in the embedded default); throws when it could not. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * A message claimed for sending. `attempts` counts this claim too, and tells it from any later
 * claim of the same message: `sent` and `failed` only count for the claim they are given.
 */
export interface QueuedMail extends OutgoingMail {
  readonly id: string;
  readonly attempts: number;
}

/**
 * Messages waiting to be sent, kept in PostgreSQL and written in the same transaction as the change
 * they tell of (an order paid), so none is lost or sent twice when the app stops in between.
 */
export interface Outbox {
  /**
   * Claims up to `limit` messages due at `now`, oldest first: queued ones whose time has come, and
   * ones whose earlier claim ran out (MAIL_CLAIM_MS: its process stopped or died mid-send). Until
   * its claim runs out, a message is due to no one else, in this process or another.
   */
  due(now: Date, limit: number): Promise<readonly QueuedMail[]>;
  /** The message went out; it is never due again. Nothing changes if `mail`'s claim was overtaken. */
  sent(mail: QueuedMail, at: Date): Promise<void>;
  /**
   * Tries again at `retryAt`, or gives up (kept, marked failed) when `retryAt` is undefined. `error`
   * says why, in a line with no secret in it; the outbox keeps its first 500 characters.
   */
  failed(mail: QueuedMail, retryAt: Date | undefined, error: string): Promise<void>;
  /** When the messages sent to `address` (regardless of case) after `since` went out, oldest first. */
  sentTo(address: string, since: Date): Promise<readonly Date[]>;
  /**
   * Not sent, and not a failure: queued again for `until`, the claim's attempt given back. Nothing
   * changes if `mail`'s claim was overtaken.
   */
  holdBack(mail: QueuedMail, until: Date): Promise<void>;
}
