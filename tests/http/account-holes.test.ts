import { TOKENS } from '../../adapters/di/tokens';
import { RunningStore, startStore } from '../support/http';
import { Shopper } from '../support/browser-like';
import { captureLog } from '../support/log';
import { withCode } from '../support/codes';

/**
 * The holes a black-box security test of the running store found, reproduced as it saw them: each
 * of these failed on the store as it was.
 */
const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (api: RunningStore, username: string, password: string, address = '10.0.0.1') =>
  new Shopper(api).post('/api/user/login', { username, password }, from(address));

/** One store for the describes below that need no setting of their own: each uses accounts of its own. */
let shared: RunningStore;
beforeAll(async () => (shared = await startStore([], { logLevel: 'error' })));
afterAll(() => shared.close());

describe('sign-in limits', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([], { trustProxy: 1 })));
  afterAll(() => api.close());

  it('checks at most 10 passwords when 40 wrong ones arrive at once', async () => {
    await new Shopper(api).signUp('Burst');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(api, 'burst', `Wrong${i}99`, `10.1.0.${i}`)));
    const statuses = answers.map((a) => a.status);
    // Each 401 is a real password check; the rest were refused before one.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect((await signIn(api, 'burst', 'Secret12', '10.1.1.1')).status).toBe(429);
  });

  it('counts the account once, whether its username or its address was typed', async () => {
    await new Shopper(api).signUp('Twonames');
    for (let i = 0; i < 10; i++) await signIn(api, 'twonames', `Wrong${i}99`, '10.2.0.1');
    expect((await signIn(api, 'TWONAMES@mail.test', 'Wrong0099', '10.2.0.2')).status).toBe(429);
  });

  it("a stranger's wrong guesses do not lock the owner out of an address the owner has used", async () => {
    const owner = new Shopper(api);
    await owner.post('/api/user/signup', { username: 'Owner', email: 'owner@mail.test', password: 'Secret12' }, from('10.3.0.1'));
    for (let i = 0; i < 30; i++) await signIn(api, 'owner', `Wrong${i}99`, '10.66.0.1');
    expect((await signIn(api, 'owner', 'Secret12', '10.66.0.1')).status).toBe(429);
    expect((await signIn(api, 'owner', 'Secret12', '10.3.0.1')).status).toBe(200);
  });
});

describe('the password change', () => {
  let api: RunningStore;
  beforeAll(() => (api = shared));

  it('limits wrong current passwords: after 30, the right one is refused with 429 too', async () => {
    const thief = new Shopper(api);
    await thief.signUp('Guessed');
    const change = (oldpassword: string) =>
      thief.post('/api/user/passwordChange', { newPassword: { oldpassword, newpassword: 'Taken123', repeatpassword: 'Taken123' } });
    for (let i = 0; i < 30; i++) await change(`Wrong${i}99`);
    const right = await change('Secret12');
    expect(right).toMatchObject({ status: 429, body: { success: false, message: expect.stringMatching(/try again in \d+ minutes/), code: expect.any(String) } });
    expect((await new Shopper(api).post('/api/user/login', { username: 'guessed', password: 'Secret12' })).status).toBe(200);
  });
});

describe('the admin at start', () => {
  let api: RunningStore;
  beforeAll(() => (api = shared));
  const ensureAdmin = (form: { username: string; email: string; password: string }) => api.store.get(TOKENS.AdminAtStart).ensure(form)();

  it("never promotes an account that someone signed up with the operator's name or address", async () => {
    const squatter = new Shopper(api);
    await squatter.post('/api/user/signup', { username: 'Squatter', email: 'owner@store.test', password: 'Secret12' });
    const byAddress = await ensureAdmin({ username: 'owner', email: 'OWNER@store.test', password: 'Owner123' });
    expect(byAddress).toMatchObject({ _tag: 'Left', left: { message: expect.stringMatching(/already/) } });
    await new Shopper(api).post('/api/user/signup', { username: 'Boss', email: 'someone@mail.test', password: 'Secret12' });
    expect(await ensureAdmin({ username: 'boss', email: 'boss@store.test', password: 'Owner123' })).toMatchObject({ _tag: 'Left' });
    expect((await squatter.get('/api/user/islogged2')).body.UserCheck.role).toBe('User');
  });

  it('creates the admin where no account holds either, and leaves that admin as it is at the next start', async () => {
    const first = await ensureAdmin({ username: 'Keeper', email: 'keeper@store.test', password: 'Owner123' });
    expect(first).toMatchObject({ _tag: 'Right', right: { username: 'Keeper', role: 'Admin' } });
    const again = await ensureAdmin({ username: 'keeper', email: 'Keeper@store.test', password: 'Changed99' });
    expect(again).toMatchObject({ _tag: 'Right', right: { username: 'Keeper', role: 'Admin' } });
    expect((await new Shopper(api).post('/api/user/login', { username: 'keeper', password: 'Owner123' })).status).toBe(200);
  });
});

describe('control characters and the error log', () => {
  // The shared store logs errors: the test below reads what it logs.
  let api: RunningStore;
  beforeAll(() => (api = shared));

  it('refuses NUL and other control characters with 400 and a message, before the database', async () => {
    const calls: [string, unknown][] = [
      ['/api/search', { query: 'anat\u0000omy' }],
      ['/api/user/login', { username: 'someone\u0000', password: 'Secret12' }],
      ['/api/user/signup', { username: 'Nully', email: 'nul\u0000l@mail.test', password: 'Secret12' }],
      ['/api/user/signup', { username: 'Bell', email: 'bell@mail.test', password: 'Secret12\u0007' }],
      ['/api/getip', { page: '/home\u0000' }],
      ['/api/search', { query: 'a\u009bb' }],
      ['/api/addtocart', { id: '\u007f' }],
    ];
    // Signed in: the cart's call asks who it is before it reads the body.
    const shopper = new Shopper(api);
    await shopper.signUp('Controlled');
    for (const [path, body] of calls) {
      const answer = await shopper.post(path, body);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toEqual({ success: false, message: expect.stringMatching(/control characters/), code: expect.any(String) });
    }
  });

  it('logs a database failure without the query, its parameters, the hash or the token', async () => {
    const { knex } = api.store.get(TOKENS.Database);
    await knex.raw("alter table users add constraint no_leaks check (email not like 'leak%')");
    const captured = captureLog();
    try {
      const answer = await new Shopper(api).post('/api/user/signup', { username: 'Leaky', email: 'leak@mail.test', password: 'Secret12' });
      expect(answer).toMatchObject({ status: 500, body: { success: false } });
      await captured.until((line) => line.status === 500);
    } finally {
      captured.restore();
      await knex.raw('alter table users drop constraint no_leaks');
    }
    expect(captured.lines.find((line) => line.status === 500)?.err).toMatch(/^Server error: /);
    const log = captured.text();
    for (const secret of ['leak@mail.test', '$argon2', 'Leaky', 'insert into', 'values']) expect(log).not.toContain(secret);
  });
});

describe('e-mail look-alikes', () => {
  let api: RunningStore;
  let twins = 0;
  beforeAll(async () => {
    api = shared;
    await new Shopper(api).post('/api/user/signup', { username: 'Hana', email: 'hana@mail.test', password: 'Secret12' });
    await new Shopper(api).post('/api/user/signup', { username: 'Cafe', email: 'caf\u00e9@mail.test', password: 'Secret12' });
  });

  it.each([
    ['a zero-width space before', '\u200bhana@mail.test', 400],
    ['a zero-width space after', 'hana@mail.test\u200b', 400],
    ['a soft hyphen', 'ha\u00adna@mail.test', 400],
    ['a byte-order mark', '\ufeffhana@mail.test', 400],
    ['a trailing dot', 'hana@mail.test.', 400],
    ['a dot ending the local part', 'hana.@mail.test', 400],
    ['fullwidth letters', '\uff28\uff21\uff2e\uff21@mail.test', 409],
    ['café decomposed', 'cafe\u0301@mail.test', 409],
  ])('%s makes no second account', async (_, email, status) => {
    const answer = await new Shopper(api).post('/api/user/signup', { username: `Twin${(twins += 1)}`, email, password: 'Secret12' });
    expect(answer).toMatchObject({
      status,
      body: { success: false, ...withCode(status === 400 ? 'Invalid email format' : 'This username or email is already registered') },
    });
  });

  it('signs in with a fullwidth or decomposed address as the one account', async () => {
    expect((await new Shopper(api).post('/api/user/login', { username: '\uff28\uff21\uff2e\uff21@mail.test', password: 'Secret12' })).body).toMatchObject({ username: 'Hana' });
    expect((await new Shopper(api).post('/api/user/login', { username: 'cafe\u0301@mail.test', password: 'Secret12' })).body).toMatchObject({ username: 'Cafe' });
  });
});
