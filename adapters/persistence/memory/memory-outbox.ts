import { MAIL_CLAIM_MS } from '../../../core/ordering/domain/mail-delivery';
import { OutgoingMail, Outbox, QueuedMail } from '../../../core/ordering/ports/mailer';

export interface OutboxEntry {
  readonly mail: OutgoingMail;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  dueAt: Date;
  claimedUntil?: Date;
  sentAt?: Date;
  lastError?: string;
}

/** The outbox's in-memory twin, held to the same contract (tests/contracts/outbox.contract.ts). */
export class MemoryOutbox implements Outbox {
  /** In the order queued, which is the order of `due`. */
  readonly entries = new Map<string, OutboxEntry>();

  async queue(id: string, mail: OutgoingMail, dueAt: Date): Promise<'queued' | 'already-queued'> {
    if (this.entries.has(id)) return 'already-queued';
    this.entries.set(id, { mail: { ...mail }, status: 'queued', attempts: 0, dueAt });
    return 'queued';
  }

  async due(now: Date, limit: number): Promise<readonly QueuedMail[]> {
    const claimed: QueuedMail[] = [];
    for (const [id, entry] of this.entries) {
      if (claimed.length >= limit) break;
      const waiting = entry.status === 'queued' && entry.dueAt <= now;
      const abandoned = entry.status === 'sending' && entry.claimedUntil! < now;
      if (!waiting && !abandoned) continue;
      entry.status = 'sending';
      entry.claimedUntil = new Date(now.getTime() + MAIL_CLAIM_MS);
      entry.attempts += 1;
      claimed.push({ id, ...entry.mail, attempts: entry.attempts });
    }
    return claimed;
  }

  async sent(mail: QueuedMail, at: Date): Promise<void> {
    const entry = this.claimed(mail);
    if (!entry) return;
    Object.assign(entry, { status: 'sent', sentAt: at, claimedUntil: undefined });
  }

  async failed(mail: QueuedMail, retryAt: Date | undefined, error: string): Promise<void> {
    const entry = this.claimed(mail);
    if (!entry) return;
    Object.assign(entry, {
      status: retryAt ? 'queued' : 'failed',
      dueAt: retryAt ?? entry.dueAt,
      claimedUntil: undefined,
      lastError: error.slice(0, 500),
    });
  }

  async sentTo(address: string, since: Date): Promise<readonly Date[]> {
    return [...this.entries.values()]
      .filter((e) => e.status === 'sent' && e.mail.to.toLowerCase() === address.toLowerCase() && e.sentAt! > since)
      .map((e) => e.sentAt!)
      .sort((a, b) => a.getTime() - b.getTime());
  }

  async holdBack(mail: QueuedMail, until: Date): Promise<void> {
    const entry = this.claimed(mail);
    if (!entry) return;
    Object.assign(entry, { status: 'queued', dueAt: until, claimedUntil: undefined, attempts: entry.attempts - 1 });
  }

  private claimed(mail: QueuedMail): OutboxEntry | undefined {
    const entry = this.entries.get(mail.id);
    return entry?.status === 'sending' && entry.attempts === mail.attempts ? entry : undefined;
  }
}
