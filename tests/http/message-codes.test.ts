import { failure } from '../../api/envelope';
import { RunningStore, startStore } from '../support/http';
import { Shopper } from '../support/browser-like';
import { aProduct } from '../support/products';

/**
 * Every answer carries a stable code beside its English message (DECISIONS 26, issue 20): the UI
 * decides and translates by the code. The English text stays the spec's, word for word.
 */
let api: RunningStore;
const book = aProduct();
beforeAll(async () => (api = await startStore([book])));
afterAll(() => api.close());

const signUp = (shopper: Shopper, password: string) =>
  shopper.post('/api/user/signup', { username: `codes${Math.floor(Math.random() * 1e6)}`, email: `codes${Math.random()}@mail.test`, password, repeatpassword: password });

describe('message codes over HTTP', () => {
  it("codes a sign-up's short password, and each rule of several broken at once", async () => {
    const short = await signUp(new Shopper(api), 'Ab12');
    expect(short).toMatchObject({ status: 400, body: { success: false, message: 'Password should be at least 6 characters', code: 'password.too_short' } });
    expect(short.body.codes).toBeUndefined();

    const worse = await signUp(new Shopper(api), 'ab 1');
    expect(worse.status).toBe(400);
    expect(worse.body).toMatchObject({ code: 'password.too_short', codes: ['password.too_short', 'password.needs_uppercase', 'password.needs_digits', 'password.has_spaces'] });
    expect(failure.safeParse(worse.body).success).toBe(true);
  });

  it("codes a guest checkout without an e-mail address, the spec's text unchanged", async () => {
    const answer = await new Shopper(api).post('/api/guest/checkout/start', { productId: book._id, name: 'Mona Adel', provider: 'paypal', method: 'paypal' });
    expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Email is required', code: 'email.required' } });
  });

  it('codes a product that does not exist', async () => {
    const answer = await new Shopper(api).get('/api/backendproduct/details/0000000000000000000000ff');
    expect(answer).toEqual({ status: 404, headers: answer.headers, body: { success: false, message: 'Product not found', code: 'product.not_found' } });
  });

  it('codes a request refused by its shape: a field no form sends, and a value zod words itself', async () => {
    const shopper = new Shopper(api);
    const unknown = await shopper.post('/api/search', { query: 'pulp', page: 1, limit: 15, price: 1 });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unrecognized key: "price"', code: 'request.unknown_field' } });
    const notText = await shopper.post('/api/search', { query: 42, page: 1, limit: 15 });
    expect(notText).toMatchObject({ status: 400, body: { message: 'query must be text', code: 'request.field_not_text' } });
    const unreadable = await fetch(`${api.url}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
    expect([unreadable.status, (await unreadable.json()).code]).toEqual([400, 'request.unreadable']);
  });

  it('codes a call that does not exist', async () => {
    const answer = await new Shopper(api).get('/api/no/such/call');
    expect(answer).toMatchObject({ status: 404, body: { message: 'No such API call', code: 'request.no_such_call' } });
  });

  it('codes a successful answer that carries a message, by its template where a number varies', async () => {
    const search = await new Shopper(api).post('/api/search', { query: book.title, page: 1, limit: 15 });
    expect(search).toMatchObject({ status: 200, body: { success: true, message: '1 results found', code: 'search.found' } });
    const none = await new Shopper(api).post('/api/search', { query: 'zzzqqqxxx', page: 1, limit: 15 });
    expect(none.body).toMatchObject({ message: 'No results found', code: 'search.none' });
  });
});

describe('a rate-limited network', () => {
  let limited: RunningStore;
  beforeAll(async () => (limited = await startStore([], { addressLimits: { requests: { tries: 2, seconds: 60 } } })));
  afterAll(() => limited.close());

  it('is told to wait with the code of that limit', async () => {
    const shopper = new Shopper(limited);
    let answer = await shopper.get('/api/user/islogged');
    for (let i = 0; i < 3 && answer.status !== 429; i++) answer = await shopper.get('/api/user/islogged');
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ success: false, code: 'request.too_many' });
    expect(answer.body.message).toMatch(/^Too many requests from your network\. Please try again in \d+ seconds?\.$/);
  });
});
