import { TOKENS } from '../../adapters/di/tokens';
import { RunningStore, startStore } from '../support/http';
import { Shopper } from '../support/browser-like';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

const users = (api: RunningStore) => api.store.get(TOKENS.Database).knex('users');

/** One store for the file: each test signs up accounts of its own. */
let api: RunningStore;
const book = aProduct();
beforeAll(async () => (api = await startStore([book])));
afterAll(() => api.close());

describe('accounts over HTTP', () => {

  it('answers 401 to every call that needs a session', async () => {
    const anonymous = new Shopper(api);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/user/profiledata'],
      ['POST', '/api/user/usernamechange', { newUsername: 'someone' }],
      ['POST', '/api/user/passwordChange', { newPassword: { oldpassword: 'Secret12', newpassword: 'Secret34', repeatpassword: 'Secret34' } }],
      ['GET', '/api/addtocart/CartCount'],
      ['GET', `/api/addtocart/${book._id}`],
      ['POST', '/api/addtocart', { id: book._id }],
      ['DELETE', `/api/addtocart/${book._id}`],
      ['GET', '/api/cartspecific'],
      ['POST', '/api/cartspecific', {}],
    ];
    for (const [method, path, body] of calls) {
      const { status, body: answer } = await anonymous.call(method, path, body);
      expect([path, status]).toEqual([path, 401]);
      expect(answer).toEqual({ success: false, ...withCode('Please sign in first') });
    }
  });

  it('answers the session checks for a signed-out visitor with no, not a failure', async () => {
    const anonymous = new Shopper(api);
    for (const path of ['/api/user/islogged', '/api/user/islogged2']) {
      const { status, body } = await anonymous.get(path);
      expect([path, status, body]).toEqual([path, 200, { success: false }]);
    }
  });

  it('signs up, is signed in at once, and says who with role through islogged2', async () => {
    const amal = new Shopper(api);
    const signUp = await amal.signUp('Amal');
    expect(signUp).toMatchObject({ status: 201, body: { success: true, ...withCode('Account created successfully! Welcome!'), username: 'Amal' } });
    expect((await amal.get('/api/user/islogged')).body).toEqual({ success: true, username: 'Amal' });
    expect((await amal.get('/api/user/islogged2')).body).toEqual({ success: true, UserCheck: { username: 'Amal', email: 'amal@mail.test', role: 'User' } });
    expect((await amal.get('/api/user/profiledata')).body).toEqual({ success: true, userData: { username: 'Amal', email: 'amal@mail.test', connected: [], hasPassword: true, orders: [] } });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, and Secure only behind HTTPS', async () => {
    const { headers } = await new Shopper(api).signUp('Cookie1');
    const cookie = headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
    const proxied = await startStore([], { trustProxy: 1 });
    try {
      const behindTls = new Shopper(proxied);
      const answer = await behindTls.post('/api/user/signup', { username: 'Cookie2', email: 'c2@mail.test', password: 'Secret12' }, { 'x-forwarded-proto': 'https' });
      expect(answer.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/; secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('refuses each invalid sign-up with the spec message and writes no user', async () => {
    const before = await users(api).count({ n: '*' });
    const anyone = new Shopper(api);
    const tries: [object, number, string][] = [
      [{ username: 'Basma', email: 'b@mail.test' }, 400, 'All fields must be filled'],
      [{ username: '', email: 'b@mail.test', password: 'Secret12', repeatpassword: 'Secret12' }, 400, 'All fields must be filled'],
      [{ username: 'Basma', email: 'b@mail.test', password: 'Secret12', repeatpassword: 'Secret13' }, 400, 'Passwords do not match'],
      [{ username: 'Basma', email: 'not-an-address', password: 'Secret12' }, 400, 'Invalid email format'],
      [{ username: 'Bs', email: 'b@mail.test', password: 'Secret12' }, 400, 'Username must be at least 3 characters'],
      [
        { username: 'Basma', email: 'b@mail.test', password: 'abc d' },
        400,
        'Password should be at least 6 characters\nPassword should have at least 1 uppercase letter\nPassword should have at least 2 digits\nPassword should not have spaces',
      ],
      [{ username: 'amal', email: 'new@mail.test', password: 'Secret12' }, 409, 'This username or email is already registered'],
      [{ username: 'Other', email: 'AMAL@mail.test', password: 'Secret12' }, 409, 'This username or email is already registered'],
    ];
    for (const [form, status, message] of tries) expect(await anyone.post('/api/user/signup', form)).toMatchObject({ status, body: { success: false, message } });
    expect(await users(api).count({ n: '*' })).toEqual(before);
    expect(anyone.cookie).toBe('');
  });

  it('refuses a role or id sent by the client, naming the field, and makes no account', async () => {
    const sneaky = new Shopper(api);
    const refused = await sneaky.post('/api/user/signup', { username: 'Sneaky', email: 'sneaky@mail.test', password: 'Secret12', role: 'Admin', _id: 'ffffffffffffffffffffffff' });
    expect(refused).toMatchObject({ status: 400, body: { success: false, ...withCode('Unrecognized key: "role"') } });
    expect(await users(api).where('username', 'Sneaky').first()).toBeUndefined();
    expect(await users(api).where('id', 'ffffffffffffffffffffffff').first()).toBeUndefined();
  });

  it('signs in by username or e-mail in any case, with a new session each time', async () => {
    const first = new Shopper(api);
    await first.signUp('Dina');
    const planted = first.cookie;
    const byName = await first.post('/api/user/login', { username: 'dina', password: 'Secret12', email: 'ignored', repeatpassword: 'ignored' });
    expect(byName).toMatchObject({ status: 200, body: { success: true, username: 'Dina' } });
    expect(first.cookie).not.toBe(planted);
    // The session from before sign-in opens nothing any more (no fixation).
    expect((await new Shopper(api).get('/api/user/islogged', { cookie: planted })).body).toEqual({ success: false });
    const byEmail = await new Shopper(api).post('/api/user/login', { username: 'DINA@Mail.Test', password: 'Secret12' });
    expect(byEmail.body).toMatchObject({ success: true, username: 'Dina' });
  });

  it('says the same for an unknown account as for a wrong password', async () => {
    const unknown = await new Shopper(api).post('/api/user/login', { username: 'nobody-here', password: 'Secret12' });
    const wrong = await new Shopper(api).post('/api/user/login', { username: 'Dina', password: 'Wrong1234' });
    expect(unknown).toMatchObject({ status: 401, body: { success: false, ...withCode('Email/Username or password is wrong') } });
    expect(wrong).toMatchObject({ status: unknown.status, body: unknown.body });
    expect(await new Shopper(api).post('/api/user/login', { username: 'Dina' })).toMatchObject({ status: 400, body: { message: 'All fields must be filled' } });
  });

  it('signs out on the server, not only in the browser', async () => {
    const leaving = new Shopper(api);
    await leaving.signUp('Leaving');
    const token = leaving.cookie;
    expect((await leaving.post('/api/user/signout')).body).toEqual({ success: true });
    expect((await new Shopper(api).get('/api/user/islogged', { cookie: token })).body).toEqual({ success: false });
  });

  it('changes the username and the password, ending other sessions', async () => {
    const here = new Shopper(api);
    await here.signUp('Farah');
    const elsewhere = new Shopper(api);
    await elsewhere.post('/api/user/login', { username: 'Farah', password: 'Secret12' });
    expect(await here.post('/api/user/usernamechange', { newUsername: 'dina' })).toMatchObject({ status: 409 });
    expect(await here.post('/api/user/usernamechange', { newUsername: 'ab' })).toMatchObject({ status: 400, body: { message: 'Username must be at least 3 characters' } });
    expect(await here.post('/api/user/usernamechange', { newUsername: '  ' })).toMatchObject({ status: 400, body: { message: 'Username cannot be empty' } });
    expect((await here.post('/api/user/usernamechange', { newUsername: 'Farah2' })).body).toMatchObject({ success: true, ...withCode('Username updated successfully!') });
    const change = (oldpassword: string, newpassword: string, repeatpassword = newpassword) =>
      here.post('/api/user/passwordChange', { newPassword: { oldpassword, newpassword, repeatpassword } });
    expect(await change('Secret12', 'Better34', 'Better35')).toMatchObject({ status: 400, body: { message: 'Passwords do not match' } });
    expect(await change('Wrong', 'Better34')).toMatchObject({ status: 400, body: { message: 'The old password is not correct' } });
    expect(await change('Secret12', 'weak')).toMatchObject({ status: 400 });
    expect(await change('', 'Better34')).toMatchObject({ status: 400, body: { message: 'All fields must be filled' } });
    // An account with a password of its own never changes it without it (only one without any sets one so).
    expect((await here.get('/api/user/profiledata')).body.userData.hasPassword).toBe(true);
    expect(await here.post('/api/user/passwordChange', { newPassword: { newpassword: 'Better34', repeatpassword: 'Better34' } })).toMatchObject({
      status: 400,
      body: { message: 'All fields must be filled' },
    });
    expect((await change('Secret12', 'Better34')).body).toEqual({ success: true, ...withCode('Password updated successfully!') });
    expect((await here.get('/api/user/islogged')).body.username).toBe('Farah2');
    expect((await elsewhere.get('/api/user/islogged')).body).toEqual({ success: false });
    expect((await new Shopper(api).post('/api/user/login', { username: 'farah2', password: 'Better34' })).status).toBe(200);
  });

  it('refuses state-changing calls from another site', async () => {
    const visitor = new Shopper(api);
    await visitor.signUp('Targeted');
    const forged = await visitor.post('/api/addtocart', { id: book._id }, { origin: 'https://evil.example' });
    expect(forged).toMatchObject({ status: 403, body: { success: false, ...withCode('Cross-site requests are not allowed') } });
    const noOrigin = await visitor.post('/api/addtocart', { id: book._id }, { 'sec-fetch-site': 'cross-site' });
    expect(noOrigin.status).toBe(403);
    expect((await visitor.get('/api/addtocart/CartCount')).body.count).toBe(0);
    expect((await visitor.post('/api/addtocart', { id: book._id }, { origin: api.url })).status).toBe(200);
  });

  it('answers malformed JSON with 400', async () => {
    const r = await fetch(`${api.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ success: false });
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 for an account after 10 failures, without locking out other accounts', async () => {
    await new Shopper(api).signUp('Victim');
    await new Shopper(api).signUp('Bystander');
    for (let i = 0; i < 10; i++) expect((await new Shopper(api).post('/api/user/login', { username: 'victim', password: `Wrong${i}9` })).status).toBe(401);
    const blocked = await new Shopper(api).post('/api/user/login', { username: 'Victim', password: 'Secret12' });
    expect(blocked).toMatchObject({ status: 429, body: { success: false, ...withCode('Too many failed sign-ins. Please try again in 15 minutes.') } });
    expect((await new Shopper(api).post('/api/user/login', { username: 'Bystander', password: 'Secret12' })).status).toBe(200);
  });
});
