import { OidcEmulator } from '../../adapters/identity/oidc-emulator';
import { TOKENS } from '../../adapters/di/tokens';
import { GoogleBrowser } from '../support/google-browser';
import { StoreWithOwnGoogle, storeWithOwnGoogle } from '../support/hostile-google';
import { RunningStore } from '../support/http';

/**
 * The store configured with an issuer of the test's own (the emulator, on a server of its own,
 * made hostile through its control): each forged ID token is refused at the callback.
 */
describe('a hostile identity provider', () => {
  let google: StoreWithOwnGoogle;
  let emulator: OidcEmulator;
  let store: RunningStore;

  beforeAll(async () => {
    google = await storeWithOwnGoogle();
    ({ emulator, store } = google);
  });
  afterAll(() => google.close());
  afterEach(() => {
    emulator.control.claims = undefined;
    emulator.control.signWithStrangerKey = false;
  });

  const rows = async () => {
    const knex = store.store.get(TOKENS.Database).knex;
    return {
      users: await knex('users').orderBy('id').select('*'),
      links: await knex('external_identities').orderBy('subject').select('*'),
      sessions: Number((await knex('sessions').count({ n: '*' }))[0].n),
    };
  };

  const signInAs = async (email: string) => {
    const browser = new GoogleBrowser();
    const { callback } = await browser.toCallback(store.url, { name: 'Mallory', email });
    return { browser, landed: await browser.go(callback) };
  };

  it('is trusted when it plays fair (the baseline the attacks below change one thing of)', async () => {
    const { browser, landed } = await signInAs('fair@example.com');
    expect(landed.location).toBe(`${store.url}/product/abc`);
    expect(await browser.username(store.url)).toBe('Mallory');
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each<[string, () => void]>([
    ['signed by a key its JWKS does not publish', () => (emulator.control.signWithStrangerKey = true)],
    ['for another audience', () => (emulator.control.claims = (c) => ({ ...c, aud: 'another-client' }))],
    ['from another issuer', () => (emulator.control.claims = (c) => ({ ...c, iss: 'https://accounts.google.com' }))],
    ['with a wrong nonce', () => (emulator.control.claims = (c) => ({ ...c, nonce: 'not-the-one-sent' }))],
    ['with no nonce', () => (emulator.control.claims = ({ nonce: _nonce, ...c }) => c)],
    ['expired', () => (emulator.control.claims = (c) => ({ ...c, iat: now() - 7200, exp: now() - 3600 }))],
  ])('refuses an ID token %s: no session, no account made or changed', async (_attack, arm) => {
    await signInAs('victim@example.com'); // the victim's account exists and is linked
    const before = await rows();
    arm();
    const { browser, landed } = await signInAs('victim@example.com');
    expect(landed.location).toBe(`${store.url}/user/login?google=failed`);
    expect(await browser.username(store.url)).toBeUndefined();
    expect(await rows()).toEqual(before);
  });

  it('refuses a token for a new person the same way (no account is made)', async () => {
    const before = await rows();
    emulator.control.signWithStrangerKey = true;
    const { browser, landed } = await signInAs('newcomer@example.com');
    expect(landed.location).toBe(`${store.url}/user/login?google=failed`);
    expect(await browser.username(store.url)).toBeUndefined();
    expect(await rows()).toEqual(before);
  });
});
