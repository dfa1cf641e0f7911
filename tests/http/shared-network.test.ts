import { configFromEnv } from '../../adapters/di/config';
import { ALL_FIELDS, PASSWORDS_DIFFER, WRONG_CREDENTIALS } from '../../core/identity/domain/user';
import { LIMITS } from '../../core/shared/limits';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';

/**
 * Many honest shoppers behind one address (a campus, an office, an Egyptian mobile operator's
 * carrier-grade NAT), on the store as it runs by default: its production limits, behind one proxy.
 */
const campus = { 'x-forwarded-for': '41.33.0.7' };
const PASSWORD = 'Secret12';

describe('a shared network', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([], { trustProxy: 1, addressLimits: configFromEnv({}).addressLimits })));
  afterAll(() => api.close());

  const student = (n: number) => ({ username: `Student${n}`, email: `student${n}@uni.test`, password: PASSWORD, repeatpassword: PASSWORD });

  it('lets twelve students sign up and sign in from one address within a minute', async () => {
    const started = Date.now();
    for (let n = 1; n <= 12; n++) {
      const shopper = new Shopper(api);
      expect([n, (await shopper.post('/api/user/signup', student(n), campus)).status]).toEqual([n, 201]);
      expect([n, (await new Shopper(api).post('/api/user/login', { username: `Student${n}`, password: PASSWORD }, campus)).status]).toEqual([n, 200]);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('lets four shoppers on one address each mistype twice, then sign in', async () => {
    const office = { 'x-forwarded-for': '41.33.0.8' };
    for (let n = 1; n <= 4; n++) await new Shopper(api).post('/api/user/signup', { ...student(100 + n) }, { 'x-forwarded-for': `197.0.0.${n}` });
    for (let n = 1; n <= 4; n++) {
      for (const typo of ['Secret21', 'secret12'])
        expect(await api.post('/api/user/login', { username: `Student${100 + n}`, password: typo }, office)).toMatchObject({ status: 401, body: { message: WRONG_CREDENTIALS } });
      expect([n, (await api.post('/api/user/login', { username: `Student${100 + n}`, password: PASSWORD }, office)).status]).toEqual([n, 200]);
    }
  });

  it('answers seven password-change form mistakes in a row 400, each with its message, and the change then works', async () => {
    const shopper = new Shopper(api);
    await shopper.post('/api/user/signup', student(200), campus);
    const change = (oldpassword: string, newpassword: string, repeatpassword: string) =>
      shopper.post('/api/user/passwordChange', { newPassword: { oldpassword, newpassword, repeatpassword } }, campus);
    const mistakes: [string, string, string, string][] = [
      ['', 'Newpass34', 'Newpass34', ALL_FIELDS],
      [PASSWORD, 'Newpass34', 'Newpass35', PASSWORDS_DIFFER],
      [PASSWORD, 'Shor12', 'Short12', PASSWORDS_DIFFER],
      [PASSWORD, 'Sh12', 'Sh12', 'Password should be at least 6 characters'],
      [PASSWORD, 'newpass34', 'newpass34', 'Password should have at least 1 uppercase letter'],
      [PASSWORD, 'Newpass4', 'Newpass4', 'Password should have at least 2 digits'],
      [PASSWORD, 'Newpass34', '', ALL_FIELDS],
    ];
    for (const [oldpassword, newpassword, repeatpassword, message] of mistakes)
      expect(await change(oldpassword, newpassword, repeatpassword)).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await change(PASSWORD, 'Newpass34', 'Newpass34')).toMatchObject({ status: 200, body: { message: 'Password updated successfully!' } });
  });

  it('refuses a stranger guessing one password from 40 addresses after the limit, while the owner gets in from home', async () => {
    const home = { 'x-forwarded-for': '156.200.1.1' };
    const owner = new Shopper(api);
    await owner.post('/api/user/signup', { username: 'Owner', email: 'owner@clinic.test', password: PASSWORD, repeatpassword: PASSWORD }, home);
    const answers = [];
    for (let n = 0; n < 40; n++)
      answers.push((await api.post('/api/user/login', { username: 'Owner', password: `Guess${n}00` }, { 'x-forwarded-for': `203.0.113.${n + 1}` })).status);
    const limit = LIMITS.signInFailuresPerAccount.tries;
    expect(answers.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(new Set(answers.slice(limit))).toEqual(new Set([429]));
    // The right password from a stranger's address is refused too: the account's counter is full.
    const refused = await api.post('/api/user/login', { username: 'Owner', password: PASSWORD }, { 'x-forwarded-for': '203.0.113.99' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes\.$/);
    // The owner, from an address they signed in from before, keeps a counter of their own.
    expect((await new Shopper(api).post('/api/user/login', { username: 'Owner', password: PASSWORD }, home)).status).toBe(200);
  });

  it('takes back a successful sign-in, so an address is limited by its failures only', async () => {
    const cafe = { 'x-forwarded-for': '41.33.0.9' };
    await new Shopper(api).post('/api/user/signup', student(300), { 'x-forwarded-for': '197.0.1.1' });
    // Far more successful sign-ins than the address's failure limit, all from one address.
    for (let n = 0; n < LIMITS.signInFailuresPerAddress.tries + 5; n++)
      expect([n, (await api.post('/api/user/login', { username: 'Student300', password: PASSWORD }, cafe)).status]).toEqual([n, 200]);
  });
});
