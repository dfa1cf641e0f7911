import { createMailer } from '../../adapters/mail/nodemailer-mailer';
import { OutboxSender } from '../../adapters/mail/outbox-sender';
import { Database } from '../../adapters/persistence/database';
import { KnexOutbox, queueMail } from '../../adapters/persistence/knex-outbox';
import { MAIL_CLAIM_MS, MAIL_RETRY_DELAYS_MS } from '../../core/ordering/domain/mail-delivery';
import { Mailer, OutgoingMail, Outbox } from '../../core/ordering/ports/mailer';
import { FixedClock } from '../support/clock';
import { freshPglite } from '../support/databases';
import { Inbox, openInbox } from './inbox';

const from = { name: 'Dental Library', address: 'support@dental-library.example' };
const DAY = 24 * 60 * 60_000;
const aMail = (subject: string, to = 'amal@mail.test'): OutgoingMail => ({ to, subject, text: `${subject}.`, html: `<p>${subject}.</p>` });

describe('Outbox sender', () => {
  let db: Database;
  let inbox: Inbox;
  let mailer: Mailer;
  let clock: FixedClock;
  let log: string[];
  const sender = (outbox: Outbox = new KnexOutbox(db.knex), options = {}) =>
    new OutboxSender(outbox, mailer, clock, { log: (line) => log.push(line), ...options });
  const state = (id: string) => db.knex('outbox').where({ id }).first();
  const subjects = () => inbox.received.map((mail) => mail.subject);

  beforeAll(async () => {
    [db, inbox] = await Promise.all([freshPglite(), openInbox()]);
    mailer = createMailer({ from, smtpUrl: inbox.url });
  });
  afterAll(() => Promise.all([db.close(), inbox.close()]));
  beforeEach(async () => {
    await db.knex('outbox').delete();
    inbox.received.length = 0;
    inbox.offered = 0;
    inbox.refusing = false;
    clock = new FixedClock();
    log = [];
  });

  it('sends each queued message once when two app processes send at the same time', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `order-${i}`);
    for (const id of ids) await queueMail(db.knex, id, aMail(`Confirmation ${id}`, `${id}@mail.test`), clock.now());
    // Two processes, each with its own outbox on the one database, stepping side by side.
    const [a, b] = [sender(new KnexOutbox(db.knex), { batch: 4 }), sender(new KnexOutbox(db.knex), { batch: 4 })];
    let steps;
    do steps = await Promise.all([a.step(), b.step()]);
    while (steps.some((s) => s.sent > 0));

    expect(subjects().sort()).toEqual(ids.map((id) => `Confirmation ${id}`).sort());
    expect(inbox.offered).toBe(12);
    const rows = await db.knex('outbox').select('status', 'attempts');
    expect(rows).toEqual(ids.map(() => ({ status: 'sent', attempts: 1 })));
    clock.advance(DAY);
    expect(await Promise.all([a.step(), b.step()])).toEqual([{ sent: 0, failed: 0, held: 0 }, { sent: 0, failed: 0, held: 0 }]);
  });

  it('sends a message claimed by a process that stopped before sending, once its claim runs out, once', async () => {
    await queueMail(db.knex, 'order-stopped', aMail('Paid'), clock.now());
    // The process that stopped: it claimed the message and never sent it.
    expect(await new KnexOutbox(db.knex).due(clock.now(), 10)).toHaveLength(1);

    const restarted = sender();
    clock.advance(MAIL_CLAIM_MS - 1000);
    expect(await restarted.step()).toEqual({ sent: 0, failed: 0, held: 0 });
    clock.advance(2000);
    expect(await restarted.step()).toEqual({ sent: 1, failed: 0, held: 0 });
    const sentAt = clock.now();
    clock.advance(DAY);
    expect(await restarted.step()).toEqual({ sent: 0, failed: 0, held: 0 });

    expect(subjects()).toEqual(['Paid']);
    expect(await state('order-stopped')).toMatchObject({ status: 'sent', attempts: 2, sent_at: sentAt });
  });

  it('tries a refused message again after 1 min, 5 min, 30 min and 2 h, then keeps it as failed', async () => {
    expect(MAIL_RETRY_DELAYS_MS).toEqual([1, 5, 30, 120].map((minutes) => minutes * 60_000));
    inbox.refusing = true;
    await queueMail(db.knex, 'order-refused', aMail('Refused'), clock.now());
    const s = sender();
    for (const [attempt, wait] of MAIL_RETRY_DELAYS_MS.entries()) {
      expect(await s.step()).toEqual({ sent: 0, failed: 1, held: 0 });
      const retryAt = new Date(clock.now().getTime() + wait);
      expect(await state('order-refused')).toMatchObject({ status: 'queued', attempts: attempt + 1, due_at: retryAt, last_error: expect.stringMatching(/550/) });
      clock.advance(wait - 1);
      expect(await s.step()).toEqual({ sent: 0, failed: 0, held: 0 });
      clock.advance(1);
    }
    expect(await s.step()).toEqual({ sent: 0, failed: 1, held: 0 });
    expect(await state('order-refused')).toMatchObject({ status: 'failed', attempts: 5, claimed_until: null, last_error: expect.stringMatching(/^EMESSAGE: .*550/) });
    expect(inbox.offered).toBe(5);

    inbox.refusing = false;
    clock.advance(30 * DAY);
    expect(await s.step()).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(inbox.received).toEqual([]);
    expect(log).toHaveLength(5);
    expect(log[0]).toMatch(/^E-mail order-refused not sent \(attempt 1\): .*550.*; next try at 2026-11-21T10:01:00.000Z$/);
    expect(log[4]).toMatch(/\(attempt 5\).*; given up$/);
  });

  it('sends no address more than 5 e-mails within an hour: the rest wait, and the log says so', async () => {
    const HOUR = 60 * 60_000;
    const s = sender(new KnexOutbox(db.knex), { warn: (line: string) => log.push(line) });
    for (let i = 1; i <= 7; i++) await queueMail(db.knex, `free-${i}`, aMail(`Free order ${i}`, i % 2 ? 'Stranger@Mail.test' : 'stranger@mail.test'), clock.now());
    await queueMail(db.knex, 'other-1', aMail('Someone else'), clock.now());
    const first = clock.now();
    expect(await s.step()).toEqual({ sent: 6, failed: 0, held: 2 });
    expect(subjects()).toEqual(['Free order 1', 'Free order 2', 'Free order 3', 'Free order 4', 'Free order 5', 'Someone else']);
    const heldUntil = new Date(first.getTime() + HOUR).toISOString();
    expect(log).toEqual([
      `E-mail free-6 to s***@mail.test held back until ${heldUntil}: 5 e-mails went to that address within the hour`,
      `E-mail free-7 to S***@Mail.test held back until ${heldUntil}: 5 e-mails went to that address within the hour`,
    ]);
    expect(await state('free-6')).toMatchObject({ status: 'queued', attempts: 0, due_at: new Date(heldUntil) });

    clock.advance(HOUR - 1);
    expect(await s.step()).toEqual({ sent: 0, failed: 0, held: 0 });
    clock.advance(1);
    expect(await s.step()).toEqual({ sent: 2, failed: 0, held: 0 });
    expect(inbox.received).toHaveLength(8);
  });

  it('sends what is due in one run, step after step while each finds a full batch', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `order-run-${i}`);
    for (const id of ids) await queueMail(db.knex, id, aMail(`Run ${id}`, `${id}@mail.test`), clock.now());
    expect(await sender(new KnexOutbox(db.knex), { batch: 10 }).sendDue()).toEqual({ sent: 25, failed: 0, held: 0 });
    expect(inbox.received).toHaveLength(25);
    // A flood goes out over several runs: each run takes at most stepsPerRun steps.
    for (const id of ids) await queueMail(db.knex, `${id}-again`, aMail(`Again ${id}`, `${id}-again@mail.test`), clock.now());
    expect(await sender(new KnexOutbox(db.knex), { batch: 10, stepsPerRun: 2 }).sendDue()).toEqual({ sent: 20, failed: 0, held: 0 });
  });

  it('says in one line when the outbox cannot be read, and fails the run, for its next run to try again', async () => {
    const outbox = new KnexOutbox(db.knex);
    let failures = 1;
    const flaky: Outbox = {
      due: (now, limit) => (failures-- > 0 ? Promise.reject(Object.assign(new Error('select secret from outbox'), { code: '57P01' })) : outbox.due(now, limit)),
      sent: (mail, at) => outbox.sent(mail, at),
      failed: (mail, retryAt, error) => outbox.failed(mail, retryAt, error),
      sentTo: (address, since) => outbox.sentTo(address, since),
      holdBack: (mail, until) => outbox.holdBack(mail, until),
    };
    await queueMail(db.knex, 'order-flaky', aMail('Eventually'), clock.now());
    const s = sender(flaky);
    await expect(s.sendDue()).rejects.toThrow('select secret from outbox');
    expect(await s.sendDue()).toEqual({ sent: 1, failed: 0, held: 0 });
    expect(subjects()).toEqual(['Eventually']);
    expect(log).toEqual(['The e-mail outbox could not be read; its next run tries again (Error 57P01)']);
  });
});
