import { Id } from '../../shared/ids';

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

export interface QueuedMail extends OutgoingMail {
  readonly id: Id | string;
  /** Sends tried so far. */
  readonly attempts: number;
}

/**
 * Messages waiting to be sent, kept in PostgreSQL and written in the same transaction as the change
 * they tell of (an order paid), so none is lost or sent twice when the app stops in between.
 */
export interface Outbox {
  /** Messages due at `now`, oldest first, claimed so that another process does not send them too. */
  due(now: Date, limit: number): Promise<readonly QueuedMail[]>;
  sent(id: QueuedMail['id']): Promise<void>;
  /** Tries again at `retryAt`, or gives up (kept, marked failed) when `retryAt` is undefined. */
  failed(id: QueuedMail['id'], retryAt: Date | undefined, error: string): Promise<void>;
}
