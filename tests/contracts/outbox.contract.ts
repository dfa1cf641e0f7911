import { MAIL_CLAIM_MS } from '../../core/ordering/domain/mail-delivery';
import { OutgoingMail, Outbox } from '../../core/ordering/ports/mailer';

export interface OutboxState {
  status: string;
  attempts: number;
  dueAt: Date;
  sentAt?: Date;
  lastError?: string;
}

export interface OutboxUnderTest {
  outbox: Outbox;
  /** The same outbox as another app process sees it. */
  other: Outbox;
  queue(id: string, mail: OutgoingMail, dueAt: Date): Promise<'queued' | 'already-queued'>;
  stateOf(id: string): Promise<OutboxState | undefined>;
  close(): Promise<void>;
}

const T0 = Date.parse('2026-11-21T10:00:00Z');
const DAY = 24 * 60 * 60_000;

let n = 0;
const aMail = (subject = `Your order ${++n}`): OutgoingMail => ({
  to: 'amal@mail.test',
  subject,
  text: `Thank you.\n${subject}`,
  html: `<p>Thank you.</p><p>${subject}</p>`,
});

/** Claims, sends and retries of queued e-mail: the same behaviour on every adapter. */
export const outboxContract = (name: string, open: () => Promise<OutboxUnderTest>) =>
  describe(`Outbox contract: ${name}`, () => {
    let s: OutboxUnderTest;
    let now = T0;
    const time = (ms = 0) => new Date(now + ms);
    beforeAll(async () => {
      s = await open();
    });
    beforeEach(async () => {
      // Earlier tests leave messages claimed or queued: send them all, so that each test sees only its own.
      now += 2 * DAY;
      for (let left = await s.outbox.due(time(), 1000); left.length > 0; left = await s.outbox.due(time(), 1000))
        for (const mail of left) await s.outbox.sent(mail, time());
      now += DAY;
    });
    afterAll(() => s.close());

    it('hands a due message out once, whole, counting the attempt', async () => {
      const mail = aMail();
      expect(await s.queue('m-once', mail, time())).toBe('queued');
      expect(await s.outbox.due(time(-1), 10)).toEqual([]);
      expect(await s.outbox.due(time(), 10)).toEqual([{ id: 'm-once', ...mail, attempts: 1 }]);
      expect(await s.outbox.due(time(), 10)).toEqual([]);
      expect(await s.other.due(time(1000), 10)).toEqual([]);
      expect(await s.stateOf('m-once')).toMatchObject({ status: 'sending', attempts: 1 });
    });

    it('keeps the first message of an id; queueing it again changes nothing', async () => {
      const first = aMail();
      await s.queue('m-key', first, time());
      expect(await s.queue('m-key', aMail('Another'), time())).toBe('already-queued');
      expect(await s.outbox.due(time(), 10)).toEqual([{ id: 'm-key', ...first, attempts: 1 }]);
    });

    it('hands out the oldest first, no more than asked', async () => {
      for (const id of ['m-old-1', 'm-old-2', 'm-old-3']) await s.queue(id, aMail(), time());
      expect((await s.outbox.due(time(), 2)).map((m) => m.id)).toEqual(['m-old-1', 'm-old-2']);
      expect((await s.outbox.due(time(), 2)).map((m) => m.id)).toEqual(['m-old-3']);
    });

    it('never hands the same message to two claims at once', async () => {
      const ids = Array.from({ length: 24 }, (_, i) => `m-race-${String(i).padStart(2, '0')}`);
      for (const id of ids) await s.queue(id, aMail(), time());
      const claims = await Promise.all([s.outbox, s.other, s.outbox, s.other].map((o) => o.due(time(), 7)));
      const rest = await s.outbox.due(time(), 100);
      const handed = [...claims.flat(), ...rest].map((m) => m.id);
      expect(handed.sort()).toEqual(ids);
      expect(new Set([...claims.flat(), ...rest].map((m) => m.attempts))).toEqual(new Set([1]));
    });

    it('hands a message out again once its claim has run out, and only the newest claim counts', async () => {
      await s.queue('m-abandoned', aMail(), time());
      const [first] = await s.outbox.due(time(), 10);
      expect(await s.other.due(time(MAIL_CLAIM_MS - 1), 10)).toEqual([]);
      const [second] = await s.other.due(time(MAIL_CLAIM_MS + 1), 10);
      expect(second).toEqual({ ...first, attempts: 2 });
      await s.outbox.sent(first, time(MAIL_CLAIM_MS + 2));
      await s.outbox.failed(first, undefined, 'too late');
      expect(await s.stateOf('m-abandoned')).toMatchObject({ status: 'sending', attempts: 2 });
      await s.other.sent(second, time(MAIL_CLAIM_MS + 3));
      expect(await s.stateOf('m-abandoned')).toMatchObject({ status: 'sent', attempts: 2, sentAt: time(MAIL_CLAIM_MS + 3) });
    });

    it('never hands out a sent message again', async () => {
      await s.queue('m-sent', aMail(), time());
      const [mail] = await s.outbox.due(time(), 10);
      await s.outbox.sent(mail, time(5));
      expect(await s.outbox.due(time(MAIL_CLAIM_MS + 1), 10)).toEqual([]);
      expect(await s.other.due(time(30 * DAY), 10)).toEqual([]);
      expect(await s.stateOf('m-sent')).toMatchObject({ status: 'sent', attempts: 1, sentAt: time(5) });
    });

    it('tries a failed message again at the time asked, with the reason kept', async () => {
      await s.queue('m-retry', aMail(), time());
      const [mail] = await s.outbox.due(time(), 10);
      await s.outbox.failed(mail, time(60_000), '550 mailbox unavailable');
      expect(await s.stateOf('m-retry')).toMatchObject({ status: 'queued', attempts: 1, dueAt: time(60_000), lastError: '550 mailbox unavailable' });
      expect(await s.outbox.due(time(59_999), 10)).toEqual([]);
      expect(await s.other.due(time(60_000), 10)).toEqual([{ ...mail, attempts: 2 }]);
    });

    it('keeps a message given up as failed, never due again, with a bounded reason', async () => {
      await s.queue('m-given-up', aMail(), time());
      const [mail] = await s.outbox.due(time(), 10);
      await s.outbox.failed(mail, undefined, `refused ${'x'.repeat(2000)}`);
      expect(await s.outbox.due(time(30 * DAY), 10)).toEqual([]);
      const state = await s.stateOf('m-given-up');
      expect(state).toMatchObject({ status: 'failed', attempts: 1 });
      expect(state?.lastError).toMatch(/^refused x+$/);
      expect(state?.lastError).toHaveLength(500);
    });

    it('tells when messages went to an address, regardless of case, after a time', async () => {
      const to = (address: string): OutgoingMail => ({ ...aMail(), to: address });
      await s.queue('m-to-1', to('Hala@Mail.test'), time());
      await s.queue('m-to-2', to('hala@mail.test'), time());
      await s.queue('m-to-other', to('someone@mail.test'), time());
      await s.queue('m-to-unsent', to('hala@mail.test'), time());
      const [first, second, other] = await s.outbox.due(time(), 3);
      await s.outbox.sent(first, time(10));
      await s.outbox.sent(second, time(20));
      await s.outbox.sent(other, time(15));
      expect(await s.other.sentTo('HALA@mail.test', time())).toEqual([time(10), time(20)]);
      expect(await s.outbox.sentTo('hala@mail.test', time(10))).toEqual([time(20)]);
      expect(await s.outbox.sentTo('nobody@mail.test', time())).toEqual([]);
    });

    it('holds a message back until a time, its attempt given back; only the current claim can', async () => {
      await s.queue('m-held', aMail(), time());
      const [mail] = await s.outbox.due(time(), 10);
      await s.outbox.holdBack(mail, time(60_000));
      expect(await s.stateOf('m-held')).toMatchObject({ status: 'queued', attempts: 0, dueAt: time(60_000) });
      expect(await s.outbox.due(time(59_999), 10)).toEqual([]);
      const [again] = await s.other.due(time(60_000), 10);
      expect(again).toEqual({ ...mail, attempts: 1 });
      await s.outbox.holdBack({ ...again, attempts: 7 }, time(120_000));
      expect(await s.stateOf('m-held')).toMatchObject({ status: 'sending', attempts: 1 });
    });
  });
