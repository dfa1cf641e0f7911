import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createMailer } from '../../adapters/mail/nodemailer-mailer';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { Inbox, openInbox } from './inbox';

const from = { name: 'Dental Library', address: 'support@dental-library.example' };
const confirmation: OutgoingMail = {
  to: 'amal@mail.test',
  subject: 'Your order 5f3a9c is paid',
  text: 'Thank you for your order 5f3a9c.\nYour download is in your profile.',
  html: '<p>Thank you for your order <b>5f3a9c</b>.</p><p>Your download is in your profile.</p>',
};

describe('Mailer through SMTP', () => {
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await openInbox();
  });
  afterAll(() => inbox.close());

  it('sends from the store to the buyer, with a plain-text and an HTML part', async () => {
    await createMailer({ from, smtpUrl: inbox.url }).send(confirmation);
    expect(inbox.received).toHaveLength(1);
    const [mail] = inbox.received;
    expect(mail.from?.value).toEqual([{ name: 'Dental Library', address: 'support@dental-library.example' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'amal@mail.test', name: '' }] });
    expect(mail.subject).toBe(confirmation.subject);
    expect(mail.text?.trim()).toBe(confirmation.text);
    expect(mail.html).toBe(confirmation.html);
  });

  it('throws when the server refuses the message', async () => {
    inbox.refusing = true;
    try {
      await expect(createMailer({ from, smtpUrl: inbox.url }).send(confirmation)).rejects.toThrow(/550/);
    } finally {
      inbox.refusing = false;
    }
  });

  it('throws when no server answers', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(createMailer({ from, smtpUrl: `smtp://127.0.0.1:${port}` }).send(confirmation)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses an SMTP_URL of another kind, without repeating it', () => {
    for (const url of ['http://user:secret@mail.example', 'mail.example:25', 'user:secret@mail.example'])
      expect(() => createMailer({ from, smtpUrl: url })).toThrow(new Error('SMTP_URL must be a URL starting with smtp:// or smtps://'));
    expect(() => createMailer({ from, smtpUrl: 'smtps://user:secret@mail.example:465' })).not.toThrow();
  });
});

describe('Mailer without SMTP', () => {
  it('writes each message as an .eml file and logs its path, not its content', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const outbox = path.join(dir, 'data', 'outbox');
    const log: string[] = [];
    try {
      const mailer = createMailer({ from, emlDir: outbox, log: (line) => log.push(line) });
      await mailer.send(confirmation);
      await mailer.send({ ...confirmation, subject: 'Second' });

      const files = fs.readdirSync(outbox).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      expect(log).toHaveLength(2);
      expect(files.map((f) => path.join(outbox, f)).every((file) => log.some((line) => line === `E-mail written to ${file}`))).toBe(true);
      expect(log.join('\n')).not.toMatch(/Thank you|amal@/);

      const parsed = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
      const first = parsed.find((mail) => mail.subject === confirmation.subject)!;
      expect(first.from?.value).toEqual([{ name: 'Dental Library', address: 'support@dental-library.example' }]);
      expect(first.to).toMatchObject({ value: [{ address: 'amal@mail.test' }] });
      expect(first.text?.trim()).toBe(confirmation.text);
      expect(first.html).toBe(confirmation.html);
      expect(parsed.map((mail) => mail.subject).sort()).toEqual(['Second', confirmation.subject]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
