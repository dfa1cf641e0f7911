import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  /** The SMTP_URL that reaches this server. */
  readonly url: string;
  /** Every message accepted, parsed, in the order it arrived. */
  readonly received: ParsedMail[];
  /** How many messages were offered, accepted or refused. */
  offered: number;
  /** While true, every message is refused with a 550. */
  refusing: boolean;
  /** Resolves once `count` messages have been accepted. */
  receive(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A local SMTP server on a free port of 127.0.0.1, as a mail provider would be. */
export const openInbox = async (): Promise<Inbox> => {
  const waiting: Array<() => void> = [];
  const inbox: Inbox = {
    url: '',
    received: [],
    offered: 0,
    refusing: false,
    receive: (count) =>
      new Promise((resolve) => {
        const check = () => (inbox.received.length >= count ? resolve() : waiting.push(check));
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    // No TLS on a loopback test server (nodemailer would refuse its self-signed certificate).
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      inbox.offered++;
      simpleParser(stream).then(
        (mail) => {
          if (inbox.refusing) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          inbox.received.push(mail);
          callback();
          waiting.splice(0).forEach((check) => check());
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(inbox, { url: `smtp://127.0.0.1:${port}` });
};
