import { MAIL_PER_ADDRESS, heldBackUntil, nextMailTry } from '../../core/ordering/domain/mail-delivery';
import { Mailer, Outbox, QueuedMail } from '../../core/ordering/ports/mailer';
import { Clock } from '../../core/shared/ids';

export interface OutboxSenderOptions {
  /** How often to look for due messages (default 5 s). */
  readonly everyMs?: number;
  /** The most messages claimed at a time (default 10): what `stop` may have to wait for. */
  readonly batch?: number;
  readonly log?: (line: string) => void;
  /** What the operator should know that is no fault: a message held back. */
  readonly warn?: (line: string) => void;
}

export interface SendingStep {
  readonly sent: number;
  readonly failed: number;
  /** Held back: their address had its hour's share of the store's e-mails (MAIL_PER_ADDRESS). */
  readonly held: number;
}

/**
 * Sends the outbox's due messages with the Mailer, one step every few seconds, in every app
 * process at once if need be: the outbox hands each message to one claim only. A message that
 * fails is tried again later (core/ordering/domain/mail-delivery.ts), then kept as failed.
 */
export class OutboxSender {
  private readonly everyMs: number;
  private readonly batch: number;
  private readonly log: (line: string) => void;
  private readonly warn: (line: string) => void;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    options: OutboxSenderOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 5_000;
    this.batch = options.batch ?? 10;
    this.log = options.log ?? console.error;
    this.warn = options.warn ?? this.log;
  }

  /** One step: claims what is due and sends it. Throws only when the outbox cannot be read. */
  async step(): Promise<SendingStep> {
    const claimed = await this.outbox.due(this.clock.now(), this.batch);
    const outcomes = { sent: 0, failed: 0, held: 0 };
    for (const mail of claimed) outcomes[await this.deliver(mail)]++;
    return outcomes;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (!this.running) this.after(0);
  }

  /** Stops the loop, once the step under way (if any) has sent or failed what it claimed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private after(ms: number): void {
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    this.timer = undefined;
    this.running = this.step()
      // A full batch may mean more are waiting: the next step comes at once.
      .then(({ sent, failed, held }) => (sent + failed + held >= this.batch ? 0 : this.everyMs))
      .catch((error: unknown) => {
        this.log(`The e-mail outbox could not be read; trying again in ${this.everyMs} ms (${databaseReason(error)})`);
        return this.everyMs;
      })
      .then((wait) => {
        this.running = undefined;
        if (!this.stopped) this.after(wait);
      });
  }

  private async deliver(mail: QueuedMail): Promise<'sent' | 'failed' | 'held'> {
    const now = this.clock.now();
    const sentWithinHour = await this.outbox.sentTo(mail.to, new Date(now.getTime() - MAIL_PER_ADDRESS.windowMs));
    const until = heldBackUntil(sentWithinHour);
    if (until) {
      this.warn(`E-mail ${mail.id} to ${masked(mail.to)} held back until ${until.toISOString()}: ${sentWithinHour.length} e-mails went to that address within the hour`);
      await this.record(mail, () => this.outbox.holdBack(mail, until));
      return 'held';
    }
    try {
      await this.mailer.send(mail);
    } catch (error) {
      const retryAt = nextMailTry(mail.attempts, this.clock.now());
      const why = reason(error);
      this.log(`E-mail ${mail.id} not sent (attempt ${mail.attempts}): ${why}; ${retryAt ? `next try at ${retryAt.toISOString()}` : 'given up'}`);
      await this.record(mail, () => this.outbox.failed(mail, retryAt, why));
      return 'failed';
    }
    await this.record(mail, () => this.outbox.sent(mail, this.clock.now()));
    return 'sent';
  }

  /** A record that could not be written leaves the claim to run out: the message is tried again then. */
  private async record(mail: QueuedMail, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.log(`The outcome of e-mail ${mail.id} could not be recorded (${databaseReason(error)})`);
    }
  }
}

/** An address as the log shows it: enough to tell it from others (h***@mail.test), not to harvest it. */
const masked = (address: string): string => {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
};

/**
 * One line on why a send failed, for the log and the outbox: the error's code and the first line of
 * its message (an SMTP server's answer), with any credentials of a URL taken out.
 */
export const reason = (error: unknown): string => {
  if (!(error instanceof Error)) return `${typeof error} thrown`;
  const code = (error as { code?: unknown }).code;
  const line = error.message.split(/\r?\n/)[0].replace(/\/\/[^/@\s]*@/g, '//');
  return (typeof code === 'string' && !line.includes(code) ? `${code}: ${line}` : line).slice(0, 300);
};

/** A database error's message can hold a query or a row: the log gets its kind and code only. */
const databaseReason = (error: unknown): string => {
  if (!(error instanceof Error)) return `${typeof error} thrown`;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
};
