import { MAIL_PER_ADDRESS, heldBackUntil, nextMailTry } from '../../core/ordering/domain/mail-delivery';
import { Mailer, Outbox, QueuedMail } from '../../core/ordering/ports/mailer';
import { Clock } from '../../core/shared/ids';

export interface OutboxSenderOptions {
  /** The most messages claimed at a time (default 10). */
  readonly batch?: number;
  /** The most steps one `sendDue` takes (default 20): a flood goes out over several runs of the job. */
  readonly stepsPerRun?: number;
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
 * Sends the outbox's due messages with the Mailer. The store runs `sendDue` as a job every few
 * seconds (adapters/di/background.ts), one run at a time among every app process; the outbox hands
 * each message to one claim only anyway. A message that fails is tried again later
 * (core/ordering/domain/mail-delivery.ts), then kept as failed.
 */
export class OutboxSender {
  private readonly batch: number;
  private readonly stepsPerRun: number;
  private readonly log: (line: string) => void;
  private readonly warn: (line: string) => void;

  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    options: OutboxSenderOptions = {},
  ) {
    this.batch = options.batch ?? 10;
    this.stepsPerRun = options.stepsPerRun ?? 20;
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

  /**
   * Steps while each finds a full batch (more may be waiting), up to `stepsPerRun`. An outbox that
   * cannot be read is said in one line, and thrown: the job fails, and its next run tries again.
   */
  async sendDue(): Promise<SendingStep> {
    const total = { sent: 0, failed: 0, held: 0 };
    for (let steps = 0; steps < this.stepsPerRun; steps++) {
      let step: SendingStep;
      try {
        step = await this.step();
      } catch (error) {
        this.log(`The e-mail outbox could not be read; its next run tries again (${databaseReason(error)})`);
        throw error;
      }
      total.sent += step.sent;
      total.failed += step.failed;
      total.held += step.held;
      if (step.sent + step.failed + step.held < this.batch) break;
    }
    return total;
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
