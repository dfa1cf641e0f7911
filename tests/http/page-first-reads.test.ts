import { pageTemplateFolder, RunningStore, startStore } from '../support/http';

/**
 * The cart and the checkout, which the browser fills, name the reads they wait for in the page
 * (adapters/http/page-preloads.ts), so the browser asks for them with the app: only for a visitor
 * who has a session cookie.
 */
describe('the first reads of the pages the browser renders', () => {
  const uiDir = pageTemplateFolder();
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore([], { uiDir: uiDir() });
  });
  afterAll(() => store.close());

  const preloads = async (address: string, cookie?: string) => {
    const answer = await fetch(`${store.url}${address}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    expect(answer.status).toBe(200);
    return [...(await answer.text()).matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) => m[1]);
  };

  it("names the session check, the cart and the payment choices in a signed-in visitor's cart page, in every language", async () => {
    expect(await preloads('/user/cartPage', 'sid=some-session')).toEqual(['/api/user/islogged', '/api/cartspecific', '/api/payment/settings']);
    expect(await preloads('/ar/user/cartPage', 'sid=some-session; lang=ar')).toEqual(['/api/user/islogged', '/api/cartspecific', '/api/payment/settings']);
    expect(await preloads('/checkout/a00000000000000000000001', 'sid=some-session')).toEqual([
      '/api/user/islogged',
      '/api/checkout/productdetails/a00000000000000000000001',
      '/api/payment/settings',
    ]);
  });

  it('names none without a session cookie', async () => {
    expect(await preloads('/user/cartPage')).toEqual([]);
    expect(await preloads('/checkout/a00000000000000000000001', 'lang=en')).toEqual([]);
  });
});
