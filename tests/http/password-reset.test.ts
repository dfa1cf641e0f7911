import { request as httpRequest } from 'node:http';
import { TOKENS } from '../../adapters/di/tokens';
import { OutboxSender } from '../../adapters/mail/outbox-sender';
import { answerSchemaOf } from '../../api/schemas';
import { Inbox, openInbox } from '../mail/inbox';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { withCode } from '../support/codes';

const SENT = { success: true, ...withCode("If the email you entered is registered, we've sent you a password reset link.") };
const DONE = { success: true, ...withCode('Password reset successfully. You can now login with your new password.') };
const INVALID = { success: false, ...withCode('This reset link is invalid or has expired. Please ask for a new one.') };

/** A request with headers fetch will not forge (Host). */
const rawPost = (url: string, path: string, body: unknown, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

describe('password reset over HTTP, with the e-mail through SMTP', () => {
  let api: RunningStore;
  let inbox: Inbox;
  let sender: OutboxSender;
  // Each test asks from its own browser address, as far as the per-address limit can tell (X-Forwarded-For, one proxy trusted).
  let address = 0;
  const from = () => ({ 'x-forwarded-for': `10.9.0.${++address}` });

  beforeAll(async () => {
    inbox = await openInbox();
    api = await startStore([], { smtpUrl: inbox.url, trustProxy: 1 });
    sender = new OutboxSender(api.store.get(TOKENS.Outbox), api.store.get(TOKENS.Mailer), api.store.get(TOKENS.Clock), { log: () => {} });
  });
  afterAll(async () => {
    await api.close();
    await inbox.close();
  });

  /** Sends what the outbox holds and answers the newest letter's link. */
  const mailedLink = async (count: number) => {
    await sender.step();
    await inbox.receive(count);
    const letter = inbox.received.at(-1)!;
    const link = /\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(letter.text ?? '')?.[0];
    return { letter, link: link ?? '' };
  };

  it('mails a link to a registered address; the link sets a new password once, ends every session, signs no one in', async () => {
    const amal = new Shopper(api);
    await amal.signUp('Amal');
    const before = inbox.received.length;
    const asked = await amal.post('/api/user/forgot-password', { resetEmail: 'AMAL@mail.test' }, from());
    expect(asked).toMatchObject({ status: 200, body: SENT });
    answerSchemaOf('POST', '/api/user/forgot-password')!.parse(asked.body);

    const { letter, link } = await mailedLink(before + 1);
    expect(letter.to).toMatchObject({ text: 'amal@mail.test' });
    expect(letter.from).toMatchObject({ text: expect.stringContaining('Dental Library') });
    expect(letter.subject).toBe('Dental Library: reset your password');
    expect(letter.html).toContain(`href="${link}"`);
    expect(letter.text).toContain('help@store.test');
    expect(link.startsWith(`${api.url}/reset-password/`)).toBe(true);

    const token = link.split('/').at(-1)!;
    const visitor = new Shopper(api);
    const reset = await visitor.post(`/api/user/forgot-password/${token}`, { newPassword: 'Fresh123', repeatPassword: 'Fresh123' }, from());
    expect(reset).toMatchObject({ status: 200, body: DONE });
    answerSchemaOf('POST', `/api/user/forgot-password/${token}`)!.parse(reset.body);
    expect(visitor.cookie).toBe('');
    expect((await amal.get('/api/user/islogged')).body).toEqual({ success: false });

    expect((await new Shopper(api).post('/api/user/login', { username: 'amal', password: 'Secret12' })).status).toBe(401);
    expect((await new Shopper(api).post('/api/user/login', { username: 'amal', password: 'Fresh123' })).status).toBe(200);
    const again = await visitor.post(`/api/user/forgot-password/${token}`, { newPassword: 'Other456', repeatPassword: 'Other456' }, from());
    expect(again).toMatchObject({ status: 400, body: INVALID });
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    await sender.step();
    const before = inbox.offered;
    const asked = await api.post('/api/user/forgot-password', { resetEmail: 'nobody@mail.test' }, from());
    expect(asked).toMatchObject({ status: 200, body: SENT });
    expect(await sender.step()).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(inbox.offered).toBe(before);
  });

  it('builds the link from PUBLIC_URL, never from a forged Host or X-Forwarded-Host', async () => {
    await new Shopper(api).signUp('Basma');
    const before = inbox.received.length;
    const status = await rawPost(api.url, '/api/user/forgot-password', { resetEmail: 'basma@mail.test' }, {
      host: 'evil.test',
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'https',
      ...from(),
    });
    expect(status).toBe(200);
    const { letter, link } = await mailedLink(before + 1);
    expect(link.startsWith(`${api.url}/reset-password/`)).toBe(true);
    expect(`${letter.text} ${letter.html}`).not.toContain('evil.test');
  });

  it('refuses bad input with 400 and a message, and an altered or unknown token', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/api/user/forgot-password', {}, 400, 'Email is required'],
      ['/api/user/forgot-password', { resetEmail: '' }, 400, 'Email is required'],
      ['/api/user/forgot-password', { resetEmail: 42 }, 400, 'resetEmail must be text'],
      ['/api/user/forgot-password', { resetEmail: 'no-at-sign' }, 400, 'Invalid email format'],
      ['/api/user/forgot-password/abc', {}, 400, 'All fields must be filled'],
      ['/api/user/forgot-password/abc', { newPassword: 'Fresh123', repeatPassword: 'Fresh124' }, 400, 'Passwords do not match'],
      ['/api/user/forgot-password/abc', { newPassword: 'short', repeatPassword: 'short' }, 400, 'Password should be at least 6 characters\nPassword should have at least 1 uppercase letter\nPassword should have at least 2 digits'],
      ['/api/user/forgot-password/abc', { newPassword: 'Fresh123', repeatPassword: 'Fresh123' }, 400, INVALID.message],
      [`/api/user/forgot-password/${'a'.repeat(300)}`, { newPassword: 'Fresh123', repeatPassword: 'Fresh123' }, 400, INVALID.message],
    ];
    for (const [path, body, status, message] of cases) {
      const answer = await api.post(path, body, from());
      expect([path, body, answer.status, answer.body]).toEqual([path, body, status, { success: false, ...withCode(message) }]);
    }
  });

  it('limits requests per address typed: the sixth within the hour is 429 with a message', async () => {
    for (let i = 0; i < 5; i++) expect((await api.post('/api/user/forgot-password', { resetEmail: 'flood@mail.test' }, from())).status).toBe(200);
    const over = await api.post('/api/user/forgot-password', { resetEmail: 'Flood@mail.test' }, from());
    expect(over).toEqual(expect.objectContaining({ status: 429, body: { success: false, ...withCode('Too many password reset requests. Please try again in 60 minutes.') } }));
  });

  it('does the same work for a known and an unknown address: about the same time', async () => {
    await new Shopper(api).signUp('Timed');
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const { status } = await api.post('/api/user/forgot-password', { resetEmail: email }, from());
      expect(status).toBe(200);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that anything slowing the machine slows both; the known address's count is
    // cleared every fourth request to stay under its limit.
    for (let i = 0; i < 20; i++) {
      known.push(await time(i % 2 ? 'timed@mail.test' : 'TIMED@mail.test'));
      unknown.push(await time(`nobody${i}@mail.test`));
      if (i % 4 === 3) await api.store.get(TOKENS.Database).knex('sign_in_failures').where('key', 'reset-email:timed@mail.test').delete();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    // Generous: the statement is the same; only a write or two differ, well under a few milliseconds.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(10, median(unknown)));
  });
});
