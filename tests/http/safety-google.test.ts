import { TOKENS } from '../../adapters/di/tokens';
import { GoogleBrowser } from '../support/google-browser';
import { RunningStore, startStore } from '../support/http';
import { withCode } from '../support/codes';

/**
 * DECISIONS 23. Before it, anyone could become the admin on a store started as the README shows:
 * on the emulated Google's page, type the admin's address, tick "verified", follow the callback.
 * Now an external sign-in never takes over an account that has a password; an owner connects Google
 * from the profile, signed in and giving the password.
 */
describe('an external sign-in never takes over an account', () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore([]);
    const admin = await store.store.get(TOKENS.AdminAtStart).ensure({ username: 'Owner', email: 'owner@store.test', password: 'Owner123' })();
    if (admin._tag === 'Left') throw new Error(admin.left.message);
  });
  afterAll(() => store.close());

  const links = () => store.store.get(TOKENS.Database).knex('external_identities').select('subject', 'user_id');
  const session = async (browser: GoogleBrowser) => JSON.parse((await browser.go(`${store.url}/api/user/islogged2`)).text);

  /** A browser signed in with a password (a new account's), and that account's id. */
  const signedUp = async (username: string) => {
    const browser = new GoogleBrowser();
    const made = await browser.call(store.url, '/api/user/signup', { username, email: `${username.toLowerCase()}@mail.test`, password: 'Secret12', repeatpassword: 'Secret12' });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    const row = await store.store.get(TOKENS.Database).knex('users').where('username', username).first('id');
    return { browser, id: row.id as string };
  };

  it("the admin's address, verified, signs nobody in and links nothing (the attack of the issue)", async () => {
    const attacker = new GoogleBrowser();
    const { callback } = await attacker.toCallback(store.url, { name: 'Owner', email: 'owner@store.test', verified: true });
    expect(await attacker.go(callback)).toMatchObject({ status: 302, location: `${store.url}/user/login?google=has-password` });
    expect(await session(attacker)).toEqual({ success: false });
    expect(await links()).toEqual([]);
  });

  it('a shopper connects Google from the profile with the password, then signs in with it', async () => {
    const { browser, id } = await signedUp('Hana');
    const started = await browser.call(store.url, '/api/auth/google/connect', { password: 'Secret12' });
    expect(started).toMatchObject({ status: 200, body: { success: true } });
    // Any Google address will do: the owner proved the account (password) and the Google person (sign-in).
    const callback = await browser.atProvider(String(started.body.url), { name: 'Hana A', email: 'hana.personal@gmail.test' });
    expect(await browser.go(callback)).toMatchObject({ status: 302, location: `${store.url}/user/profile?google=connected` });
    expect(JSON.parse((await browser.go(`${store.url}/api/user/profiledata`)).text).userData.connected).toEqual(['google']);

    const elsewhere = new GoogleBrowser();
    await elsewhere.go((await elsewhere.toCallback(store.url, { email: 'hana.personal@gmail.test' })).callback);
    expect(await elsewhere.username(store.url)).toBe('Hana');
    expect(await links()).toEqual([expect.objectContaining({ user_id: id })]);
  });

  it('refuses to start connecting without the right password, or signed out', async () => {
    const { browser } = await signedUp('Omar');
    expect(await browser.call(store.url, '/api/auth/google/connect', { password: 'Wrong123' })).toEqual({
      status: 400,
      body: { success: false, ...withCode('The password is not correct') },
    });
    expect(await browser.call(store.url, '/api/auth/google/connect', {})).toEqual({ status: 400, body: { success: false, ...withCode('Please enter your password') } });
    // Who asks is checked first: signed out is 401, whatever was sent.
    for (const form of [{ password: 'Secret12' }, {}] as Record<string, string>[]) expect(await new GoogleBrowser().call(store.url, '/api/auth/google/connect', form)).toMatchObject({ status: 401 });
    expect(browser.cookies.has('google_sign_in')).toBe(false);
  });

  it('links nothing when the callback reaches a browser signed in to another account', async () => {
    const { browser } = await signedUp('Layla');
    const started = await browser.call(store.url, '/api/auth/google/connect', { password: 'Secret12' });
    const callback = await browser.atProvider(String(started.body.url), { email: 'layla@gmail.test' });
    // Meanwhile this browser signed out and in as someone else.
    const other = await signedUp('Mallory');
    browser.cookies.set('sid', other.browser.cookies.get('sid')!);
    const before = await links();
    expect(await browser.go(callback)).toMatchObject({ location: `${store.url}/user/profile?google=failed` });
    expect(await links()).toEqual(before);
  });

  it('refuses a Google person already connected to another account', async () => {
    const first = await signedUp('Nadia');
    const second = await signedUp('Sara');
    for (const [who, expected] of [
      [first.browser, 'connected'],
      [second.browser, 'google-taken'],
    ] as const) {
      const started = await who.call(store.url, '/api/auth/google/connect', { password: 'Secret12' });
      const callback = await who.atProvider(String(started.body.url), { email: 'shared@gmail.test' });
      expect(await who.go(callback)).toMatchObject({ location: `${store.url}/user/profile?google=${expected}` });
    }
  });
});
