import { Knex } from 'knex';
import { MAIL_CLAIM_MS } from '../../core/ordering/domain/mail-delivery';
import { OutgoingMail, Outbox, QueuedMail } from '../../core/ordering/ports/mailer';

/** The most of a send error the outbox keeps. */
export const ERROR_TEXT_LIMIT = 500;

/**
 * Puts a message in the outbox, in the caller's transaction when given one (the order paid and its
 * confirmation commit together). The id is the message's key: queueing it again changes nothing,
 * so a confirmation keyed by its order goes out once whatever calls this twice. `dueAt` unset: now,
 * by the database's clock.
 */
export const queueMail = async (
  db: Knex | Knex.Transaction,
  id: string,
  mail: OutgoingMail,
  dueAt?: Date,
): Promise<'queued' | 'already-queued'> => {
  const { rows } = await db.raw(
    `insert into outbox (id, recipient, subject, text_body, html_body, due_at)
     values (?, ?, ?, ?, ?, coalesce(?::timestamptz, now()))
     on conflict (id) do nothing returning id`,
    [id, mail.to, mail.subject, mail.text, mail.html, dueAt ?? null],
  );
  return rows.length > 0 ? 'queued' : 'already-queued';
};

interface ClaimedRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  created_at: Date;
}

/**
 * The outbox in PostgreSQL (or PGlite). A claim is one statement: `for update skip locked` keeps two
 * processes from taking the same row, and the row's own `claimed_until` keeps it from everyone once
 * that statement commits. `attempts` fences a claim: a process whose claim ran out and was taken
 * over by another cannot mark the message afterwards.
 */
export class KnexOutbox implements Outbox {
  constructor(private readonly db: Knex) {}

  async due(now: Date, limit: number): Promise<readonly QueuedMail[]> {
    const { rows } = await this.db.raw<{ rows: ClaimedRow[] }>(
      `update outbox set status = 'sending', claimed_until = ?, attempts = attempts + 1
       where id in (
         select id from outbox
         where (status = 'queued' and due_at <= ?) or (status = 'sending' and claimed_until < ?)
         order by created_at, id limit ? for update skip locked)
       returning id, recipient, subject, text_body, html_body, attempts, created_at`,
      [new Date(now.getTime() + MAIL_CLAIM_MS), now, now, limit],
    );
    return rows
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({ id: row.id, to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body, attempts: row.attempts }));
  }

  async sent(mail: QueuedMail, at: Date): Promise<void> {
    await this.db.raw(
      `update outbox set status = 'sent', sent_at = ?, claimed_until = null
       where id = ? and status = 'sending' and attempts = ?`,
      [at, mail.id, mail.attempts],
    );
  }

  async failed(mail: QueuedMail, retryAt: Date | undefined, error: string): Promise<void> {
    await this.db.raw(
      `update outbox set status = ?, due_at = coalesce(?::timestamptz, due_at), claimed_until = null, last_error = ?
       where id = ? and status = 'sending' and attempts = ?`,
      [retryAt ? 'queued' : 'failed', retryAt ?? null, error.slice(0, ERROR_TEXT_LIMIT), mail.id, mail.attempts],
    );
  }

  async sentTo(address: string, since: Date): Promise<readonly Date[]> {
    const rows: { sent_at: Date | string }[] = await this.db('outbox')
      .where('status', 'sent')
      .whereRaw('lower(recipient) = lower(?)', [address])
      .where('sent_at', '>', since)
      .orderBy('sent_at')
      .select('sent_at');
    return rows.map((row) => new Date(row.sent_at));
  }

  async holdBack(mail: QueuedMail, until: Date): Promise<void> {
    await this.db.raw(
      `update outbox set status = 'queued', due_at = ?, claimed_until = null, attempts = attempts - 1
       where id = ? and status = 'sending' and attempts = ?`,
      [until, mail.id, mail.attempts],
    );
  }
}
