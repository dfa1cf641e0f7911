import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { Mailer, OutgoingMail } from '../../core/ordering/ports/mailer';

export interface MailerConfig {
  /** The store's name and its support address. */
  readonly from: { readonly name: string; readonly address: string };
  /** nodemailer's connection URL, smtp:// or smtps:// (user, password and options in it); unset: .eml files. */
  readonly smtpUrl?: string;
  /** Where the .eml files go when there is no SMTP server (default: data/outbox under the working folder). */
  readonly emlDir?: string;
  readonly log?: (line: string) => void;
}

/**
 * Every SMTP step gives up well within the outbox's claim on a message (MAIL_CLAIM_MS, 5 minutes),
 * so that no other process takes the message over while this one may still be sending it.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 };

/** nodemailer is loaded at the first letter, not at start: a store may run a long while before it sends one. */
const lazyTransport = (...options: Parameters<typeof import('nodemailer').createTransport>) => {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then(({ createTransport }) => createTransport(...options)));
};

/** SMTP_URL set: through that server. Unset: each message as an .eml file, its path logged. */
export const createMailer = (config: MailerConfig): Mailer =>
  config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.from) : new EmlMailer(config.emlDir ?? path.resolve('data', 'outbox'), config.from, config.log ?? console.log);

export class SmtpMailer implements Mailer {
  private readonly transport: () => Promise<Transporter>;

  constructor(url: string, from: MailerConfig['from']) {
    let protocol: string | undefined;
    try {
      protocol = new URL(url).protocol;
    } catch {
      // The URL may hold a password: the message does not repeat it.
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must be a URL starting with smtp:// or smtps://');
    this.transport = lazyTransport({ url, ...SMTP_TIMEOUTS }, { from });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await (await this.transport()).sendMail(message(mail));
  }
}

export class EmlMailer implements Mailer {
  private readonly transport: () => Promise<Transporter>;

  constructor(
    private readonly dir: string,
    from: MailerConfig['from'],
    private readonly log: (line: string) => void,
  ) {
    this.transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const { message: eml } = await (await this.transport()).sendMail(message(mail));
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    // The message may hold a download link: readable by the store's own user only.
    await fs.writeFile(file, eml as Buffer, { flag: 'wx', mode: 0o600 });
    this.log(`E-mail written to ${file}`);
  }
}

const message = ({ to, subject, text, html }: OutgoingMail) => ({ to, subject, text, html });
