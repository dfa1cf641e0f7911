import { GoogleBrowser } from '../support/google-browser';
import { RunningStore, startStore } from '../support/http';
import { TOKENS } from '../../adapters/di/tokens';
import { withCode } from '../support/codes';

/** Sign-in with Google against the store's own emulated provider, as `npm start` runs it. */
describe('Google sign-in through the local emulated provider', () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore([]);
  });
  afterAll(() => store.close());

  const rows = async () => {
    const knex = store.store.get(TOKENS.Database).knex;
    return {
      users: await knex('users').orderBy('id').select('id', 'username', 'email', 'password_hash'),
      links: await knex('external_identities').orderBy('subject').select('subject', 'user_id'),
      sessions: Number((await knex('sessions').count({ n: '*' }))[0].n),
    };
  };

  it('serves a discovery document naming its own endpoints, and a page that says it is a test', async () => {
    const discovery = await store.get('/emulator/oidc/.well-known/openid-configuration');
    expect(discovery.body).toMatchObject({ issuer: `${store.url}/emulator/oidc`, token_endpoint: `${store.url}/emulator/oidc/token`, code_challenge_methods_supported: ['S256'] });
    const start = await new GoogleBrowser().go(`${store.url}/api/auth/google`);
    const page = await new GoogleBrowser().go(start.location!);
    expect(page.text).toContain('local test sign-in, no Google account is used');
  });

  it('signs a new shopper in with a new account and lands on the page it started from', async () => {
    const browser = new GoogleBrowser();
    const { authorize, callback } = await browser.toCallback(store.url, { name: 'Hana Ali', email: 'hana.ali@example.com' }, '/product/abc?tab=2');
    const url = new URL(authorize);
    expect(url.searchParams.get('redirect_uri')).toBe(`${store.url}/api/auth/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const landed = await browser.go(callback);
    expect(landed).toMatchObject({ status: 302, location: `${store.url}/product/abc?tab=2` });
    expect(await browser.username(store.url)).toBe('HanaAli');
    expect(browser.cookies.has('google_sign_in')).toBe(false);
  });

  it('signs the same person into the same account the next time', async () => {
    const browser = new GoogleBrowser();
    const { callback } = await browser.toCallback(store.url, { name: 'Somebody Else', email: 'hana.ali@example.com' });
    await browser.go(callback);
    expect(await browser.username(store.url)).toBe('HanaAli');
  });

  it('an account made by Google has no password of its own: its owner sets one, with no current password to give', async () => {
    const browser = new GoogleBrowser();
    const { callback } = await browser.toCallback(store.url, { name: 'Sara Nabil', email: 'sara.nabil@example.com' });
    await browser.go(callback);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(store.url + path, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    };
    const setTo = (newpassword: string, oldpassword?: string) =>
      call('POST', '/api/user/passwordChange', { newPassword: { ...(oldpassword === undefined ? {} : { oldpassword }), newpassword, repeatpassword: newpassword } });
    expect((await call('GET', '/api/user/profiledata')).body.userData).toMatchObject({ username: 'SaraNabil', hasPassword: false });

    // The form's rules still hold; then the first password is set, with an empty or absent current one.
    expect(await setTo('weak')).toMatchObject({ status: 400 });
    expect(await setTo('Better34', '')).toEqual({ status: 200, body: { success: true, ...withCode('Password updated successfully!') } });
    expect((await call('GET', '/api/user/profiledata')).body.userData.hasPassword).toBe(true);
    expect((await store.post('/api/user/login', { username: 'SaraNabil', password: 'Better34' })).status).toBe(200);
    // Now it has one: a change asks for it like any other.
    expect(await setTo('Other567')).toMatchObject({ status: 400, body: { message: 'All fields must be filled' } });
    expect(await setTo('Other567', 'Wrong999')).toMatchObject({ status: 400, body: { message: 'The old password is not correct' } });
    expect((await setTo('Other567', 'Better34')).status).toBe(200);
  });

  it('never links an account that has a password, even when Google verified its address (DECISIONS 23)', async () => {
    const browser = new GoogleBrowser();
    const signUp = await store.post('/api/user/signup', { username: 'Omar', email: 'omar@example.com', password: 'Secret12', repeatpassword: 'Secret12' });
    expect(signUp.status).toBe(201);
    const before = await rows();
    const { callback } = await browser.toCallback(store.url, { name: 'Omar Said', email: 'Omar@Example.com' });
    expect(await browser.go(callback)).toMatchObject({ status: 302, location: `${store.url}/user/login?google=has-password` });
    expect(await browser.username(store.url)).toBeUndefined();
    expect(await rows()).toEqual(before);
  });

  it('refuses an unverified address that holds an account: no session, no change', async () => {
    await store.post('/api/user/signup', { username: 'Layla', email: 'layla@example.com', password: 'Secret12', repeatpassword: 'Secret12' });
    const before = await rows();
    const browser = new GoogleBrowser();
    const { callback } = await browser.toCallback(store.url, { name: 'Layla', email: 'layla@example.com', verified: false });
    expect(await browser.go(callback)).toMatchObject({ status: 302, location: `${store.url}/user/login?google=has-password` });
    expect(await browser.username(store.url)).toBeUndefined();
    expect(await rows()).toEqual(before);
  });

  it('comes back with "cancelled" when the shopper cancels at the provider', async () => {
    const browser = new GoogleBrowser();
    const start = await browser.go(`${store.url}/api/auth/google`);
    const page = await browser.go(start.location!);
    const request = /name="request" value="([^"]+)"/.exec(page.text)![1];
    const cancelled = await browser.go(start.location!.split('?')[0], { method: 'POST', form: { request, choice: 'cancel' } });
    expect(await browser.go(cancelled.location!)).toMatchObject({ location: `${store.url}/user/login?google=cancelled` });
  });

  describe('refuses, with no session and no change to any account', () => {
    const refused = async (attack: (browser: GoogleBrowser, callback: string) => Promise<{ location?: string }>, reason: string) => {
      const before = await rows();
      const browser = new GoogleBrowser();
      const { callback } = await browser.toCallback(store.url, { name: 'Mallory', email: `mallory${Math.random()}@example.com` });
      const answer = await attack(browser, callback);
      expect(answer.location).toBe(`${store.url}/user/login?google=${reason}`);
      expect(await browser.username(store.url)).toBeUndefined();
      expect(await rows()).toEqual(before);
    };
    const withParams = (callback: string, change: (p: URLSearchParams) => void) => {
      const url = new URL(callback);
      change(url.searchParams);
      return url.href;
    };

    it('a callback with a wrong state', () => refused((b, cb) => b.go(withParams(cb, (p) => p.set('state', 'forged'))), 'failed'));
    it('a callback with no state', () => refused((b, cb) => b.go(withParams(cb, (p) => p.delete('state'))), 'failed'));
    it('a callback from a browser that did not start the sign-in (login forgery)', () =>
      refused((b, cb) => {
        b.cookies.delete('google_sign_in');
        return b.go(cb);
      }, 'expired'));
    it('a callback whose code was swapped for another', () => refused((b, cb) => b.go(withParams(cb, (p) => p.set('code', 'made-up'))), 'failed'));

    it('a replayed callback, and a replayed code in a new sign-in', async () => {
      const browser = new GoogleBrowser();
      const { callback } = await browser.toCallback(store.url, { name: 'Replay', email: 'replay@example.com' });
      const pending = browser.cookies.get('google_sign_in')!;
      await browser.go(callback);
      const before = await rows();
      const thief = new GoogleBrowser();
      thief.cookies.set('google_sign_in', pending);
      expect((await thief.go(callback)).location).toBe(`${store.url}/user/login?google=expired`);
      // A new sign-in of the thief's, its state in the old code's callback: the code was used.
      const fresh = await thief.toCallback(store.url, { email: 'thief@example.com' });
      const state = new URL(fresh.callback).searchParams.get('state')!;
      const replayed = new URL(callback);
      replayed.searchParams.set('state', state);
      expect((await thief.go(replayed.href)).location).toBe(`${store.url}/user/login?google=failed`);
      expect(await thief.username(store.url)).toBeUndefined();
      expect(await rows()).toEqual(before);
    });
  });

  it.each([['//evil.example'], ['https://evil.example/product/1'], ['/\\evil.example'], ['/\t/evil.example'], ['javascript:alert(1)']])(
    'never sends the browser to another site: returnTo=%s lands on /',
    async (returnTo) => {
      const browser = new GoogleBrowser();
      const { callback } = await browser.toCallback(store.url, { name: 'Hana Ali', email: 'hana.ali@example.com' }, returnTo);
      const landed = await browser.go(callback);
      expect(landed.location).toBe(`${store.url}/`);
      expect(await browser.username(store.url)).toBe('HanaAli');
    },
  );
});
