import { OidcEmulator } from '../../adapters/identity/oidc-emulator';
import { TOKENS } from '../../adapters/di/tokens';
import { egp, usd } from '../../core/shared/money';
import { aProductForm, multipart, signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { GoogleBrowser } from '../support/google-browser';
import { StoreWithOwnGoogle, storeWithOwnGoogle } from '../support/hostile-google';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Issue 16, finding 6, through the real app on PGlite: text the store cannot keep as it was sent
 * (an unpaired surrogate, U+FFFD from bytes that were not UTF-8, a noncharacter) or that reorders
 * what is shown around it (U+202E) is refused with 400 and a message, and nothing is written; an
 * e-mail address follows the one strict rule wherever it is typed.
 */

const BROKEN = (field: string) => `${field} must not contain broken text: half of a character (U+D800, an unpaired surrogate)`;
const LOST = (field: string) => `${field} must not contain U+FFFD, the mark of text lost on the way: type or paste it again`;
const REORDERS = (field: string) => `${field} must not contain U+202E, which reorders the text around it`;

/** A multipart form sent byte for byte: a field's value may be bytes no browser would send (not UTF-8). */
const rawMultipart = (fields: Record<string, string | string[]>, bytesOf: Record<string, Buffer>) => {
  const boundary = 'store-test-boundary';
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    [value].flat().map((entry) => {
      const field = Array.isArray(value) ? `${name}[]` : name;
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`);
      return Buffer.concat([head, bytesOf[name] ?? Buffer.from(entry), Buffer.from('\r\n')]);
    }),
  );
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
};
/** U+D800 as WTF-8 writes it: three bytes that are not UTF-8, which a decoder turns into U+FFFD. */
const SURROGATE_BYTES = Buffer.from([0xed, 0xa0, 0x80]);

describe('strict text through the real app', () => {
  let api: RunningStore;
  let admin: Shopper;
  let shopper: Shopper;
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130000) });
  const guide = aProduct({ title: 'Free Guide', price: usd(0), egpprice: egp(0) });

  beforeAll(async () => {
    api = await startStore([atlas, guide]);
    admin = await signedInAdmin(api);
    shopper = await signedInShopper(api, 'Hana');
  });
  afterAll(() => api.close());

  const rows = async () => {
    const { knex } = api.store.get(TOKENS.Database);
    const count = async (table: string) => Number((await knex(table).count({ n: '*' }))[0]!.n);
    return { users: await count('users'), orders: await count('orders'), products: await count('products') };
  };
  /** Sends, then expects a 400 with `message` and not one row more or less. */
  const refusedWithNothingWritten = async (send: () => Promise<{ status: number; body: unknown }>, message: string) => {
    const before = await rows();
    const answer = await send();
    expect(answer).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await rows()).toEqual(before);
  };

  describe('an unpaired surrogate, never stored as U+FFFD', () => {
    it('in the checkout name, with either provider', async () => {
      const buyer = { name: 'Hana \ud800', email: 'hana@mail.test', productId: guide._id };
      await refusedWithNothingWritten(() => shopper.post('/api/checkout/pay', buyer), BROKEN('name'));
      await refusedWithNothingWritten(() => shopper.post('/api/paypal/create-order', { ...buyer, productId: atlas._id }), BROKEN('name'));
    });

    it('in a sign-up field', async () => {
      const form = { username: 'Surrogate', email: 'surrogate@mail.test', password: 'Secret12', repeatpassword: 'Secret12' };
      await refusedWithNothingWritten(() => new Shopper(api).post('/api/user/signup', { ...form, email: 'surro\ud800gate@mail.test' }), BROKEN('email'));
      // Two passwords that differ only there would be one password once stored as U+FFFD.
      const password = 'Secret12\ud800';
      await refusedWithNothingWritten(() => new Shopper(api).post('/api/user/signup', { ...form, password, repeatpassword: password }), BROKEN('password'));
    });

    it('in a product title, sent by the admin as JSON or as multipart bytes that are not UTF-8', async () => {
      await refusedWithNothingWritten(() => admin.post('/api/backendproduct/addnew', aProductForm({ title: 'Atlas \ud800' })), BROKEN('Title'));
      const { body, type } = rawMultipart(aProductForm(), { title: Buffer.concat([Buffer.from('Atlas '), SURROGATE_BYTES]) });
      const send = async () => {
        const response = await fetch(`${api.url}/api/backendproduct/addnew`, { method: 'POST', headers: { cookie: admin.cookie, 'content-type': type }, body });
        return { status: response.status, body: await response.json() };
      };
      await refusedWithNothingWritten(send, LOST('Title'));
      // The same form with good bytes is a product: only the broken title was refused.
      const good = rawMultipart(aProductForm({ title: 'Atlas, good bytes' }), {});
      const made = await fetch(`${api.url}/api/backendproduct/addnew`, { method: 'POST', headers: { cookie: admin.cookie, 'content-type': good.type }, body: good.body });
      expect(made.status).toBe(201);
    });

    it('in a search query, as a JSON escape or as bytes that are not UTF-8', async () => {
      expect(await api.post('/api/search', { query: 'atlas\ud800' })).toMatchObject({ status: 400, body: { success: false, ...withCode(BROKEN('query')) } });
      const bytes = Buffer.concat([Buffer.from('{"query":"atlas'), SURROGATE_BYTES, Buffer.from('"}')]);
      const response = await fetch(`${api.url}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
      expect({ status: response.status, body: await response.json() }).toMatchObject({ status: 400, body: { message: LOST('query') } });
    });

    it('in a category read from the query string', async () => {
      const answer = await api.get(`/api/backendproduct/related?category=books%ED%A0%80&exclude=${atlas._id}`);
      expect(answer).toMatchObject({ status: 400, body: { success: false, ...withCode(LOST('category')) } });
    });
  });

  describe('e-mail addresses ending in %00, NUL or U+FFFF', () => {
    const addresses: [string, string, string][] = [
      ['a@b.com%00', 'a@b.com%00', 'Invalid email format'],
      ['a@b.com\\u0000', 'a@b.com\u0000', 'email must not contain control characters'],
      ['a@b.com\\uffff', 'a@b.com\uffff', 'email must not contain U+FFFF, which is not a character'],
    ];

    it.each(addresses)('%s is refused at sign-up', async (_shown, email, message) => {
      await refusedWithNothingWritten(() => new Shopper(api).post('/api/user/signup', { username: 'Mailer', email, password: 'Secret12' }), message);
    });

    it.each(addresses)('%s is refused at checkout, for a free order and a priced one', async (_shown, email, message) => {
      await refusedWithNothingWritten(() => shopper.post('/api/checkout/pay', { name: 'Hana', email, productId: guide._id }), message);
      await refusedWithNothingWritten(() => shopper.post('/api/paypal/create-order', { name: 'Hana', email, productId: atlas._id }), message);
    });

    it('the one rule takes an internationalised address, kept in its normal form', async () => {
      const answer = await new Shopper(api).post('/api/user/signup', { username: 'Sara', email: ' سارة@مثال.مصر ', password: 'Secret12' });
      expect(answer.status).toBe(201);
      const order = await shopper.post('/api/checkout/pay', { name: 'Hana', email: 'Hana@Mail.Test', productId: guide._id });
      expect(order.status).toBe(200);
      const { knex } = api.store.get(TOKENS.Database);
      expect(await knex('users').where('username', 'Sara').first('email')).toEqual({ email: 'سارة@مثال.مصر' });
      expect((await knex('orders').orderBy('created_at', 'desc').first('buyer_email')).buyer_email).toBe('hana@mail.test');
    });
  });

  describe('U+202E, which makes "gpj.exe" read "exe.jpg"', () => {
    it('in a product title, as JSON or multipart', async () => {
      const title = 'Atlas \u202egpj.exe';
      await refusedWithNothingWritten(() => admin.post('/api/backendproduct/addnew', aProductForm({ title })), REORDERS('Title'));
      await refusedWithNothingWritten(() => admin.form('/api/backendproduct/addnew', multipart(aProductForm({ title }))), REORDERS('Title'));
      await refusedWithNothingWritten(() => admin.form(`/api/backendproduct/updateTheDetails/${atlas._id}`, multipart(aProductForm({ author: ['Nadia \u202eFarouk'] }))), REORDERS('Author'));
      expect((await api.get(`/api/backendproduct/details/${atlas._id}`)).body.productDetails.title).toBe('Atlas of Periodontics');
    });

    it('in the checkout name', async () => {
      await refusedWithNothingWritten(() => shopper.post('/api/checkout/pay', { name: 'Hana \u202enamdA', email: 'hana@mail.test', productId: guide._id }), REORDERS('name'));
    });

    it('wherever a username is set: sign-up, rename, the operator\'s admin', async () => {
      await refusedWithNothingWritten(() => new Shopper(api).post('/api/user/signup', { username: 'Eve\u202e', email: 'eve@mail.test', password: 'Secret12' }), REORDERS('username'));
      const renamed = await shopper.post('/api/user/usernamechange', { newUsername: 'Hana\u202e' });
      expect(renamed).toMatchObject({ status: 400, body: { success: false, ...withCode(REORDERS('newUsername')) } });
      expect((await shopper.get('/api/user/islogged')).body.username).toBe('Hana');
      const admin = await api.store.get(TOKENS.AdminAtStart).ensure({ username: 'Boss\u202e', email: 'boss@store.test', password: 'Owner123' })();
      expect(admin).toMatchObject({ _tag: 'Left', left: { kind: 'invalid' } });
    });
  });
});

/**
 * Text from outside: what an identity provider vouches for. The provider here is the emulator on a
 * server of the test's own, made to send what Google never would.
 */
describe('text an identity provider sends', () => {
  let google: StoreWithOwnGoogle;
  let emulator: OidcEmulator;
  let store: RunningStore;

  beforeAll(async () => {
    google = await storeWithOwnGoogle();
    ({ emulator, store } = google);
  });
  afterAll(() => google.close());
  afterEach(() => (emulator.control.claims = undefined));

  const signIn = async (identity: { name: string; email: string }) => {
    const browser = new GoogleBrowser();
    const { callback } = await browser.toCallback(store.url, identity);
    return { landed: await browser.go(callback), username: () => browser.username(store.url) };
  };

  it('makes a username of letters and digits only from a name with U+202E', async () => {
    const { username } = await signIn({ name: 'Mal\u202elory', email: 'mallory@example.com' });
    expect(await username()).toBe('Mallory');
  });

  it('refuses a person id that is not text: two of them would be one once stored', async () => {
    emulator.control.claims = (claims) => ({ ...claims, sub: '\ud800' });
    const first = await signIn({ name: 'Amal', email: 'amal@example.com' });
    emulator.control.claims = (claims) => ({ ...claims, sub: '\udc00' });
    const second = await signIn({ name: 'Omar', email: 'omar@example.com' });
    // Kept as U+FFFD, the second id would find the first one's link: Omar in Amal's account.
    expect(await second.username()).toBeUndefined();
    for (const { landed, username } of [first, second]) {
      expect(landed.location).toBe(`${store.url}/user/login?google=failed`);
      expect(await username()).toBeUndefined();
    }
    const { knex } = store.store.get(TOKENS.Database);
    expect(await knex('external_identities').where('subject', '\ufffd').select('*')).toEqual([]);
  });
});
