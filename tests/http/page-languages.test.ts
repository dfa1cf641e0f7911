import { pageTemplateFolder, RunningStore, startStore } from '../support/http';

/**
 * Each language's pages have their own address (issue 20): `/ar/…`, `/pt/…`, `/es/…`, and English
 * without a prefix, the spec's routes. A visitor's first page follows their browser; their choice
 * (the `lang` cookie) is kept; nothing a visitor sends makes it fail.
 */
describe('pages in the visitor\'s language', () => {
  const uiDir = pageTemplateFolder();
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore([], { uiDir: uiDir() });
  });
  afterAll(() => store.close());

  const page = (address: string, headers: Record<string, string> = {}) => fetch(`${store.url}${address}`, { headers, redirect: 'manual' });
  const htmlTag = async (answer: Response) => /<html[^>]*>/.exec(await answer.text())?.[0];

  it('serves a page under a language prefix in that language, right to left for Arabic, from the first byte', async () => {
    const arabic = await page('/ar/product/a00000000000000000000001');
    expect(arabic.status).toBe(200);
    expect(await htmlTag(arabic)).toBe('<html lang="ar" dir="rtl">');
    expect(await htmlTag(await page('/pt/category/books'))).toBe('<html lang="pt" dir="ltr">');
    expect(await htmlTag(await page('/es'))).toBe('<html lang="es" dir="ltr">');
    // The page's language becomes the visitor's: their next order is written to them in it.
    expect(arabic.headers.get('set-cookie')).toMatch(/^lang=ar; path=\/;/);
  });

  it('keeps the spec\'s English routes for a visitor without another language', async () => {
    const english = await page('/category/books', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.status).toBe(200);
    expect(await htmlTag(english)).toBe('<html lang="en" dir="ltr">');
    expect(english.headers.get('vary')).toMatch(/Accept-Language/);
    expect(english.headers.get('vary')).toMatch(/Cookie/);
  });

  it("sends a first visit to the page in the browser's language, the query kept", async () => {
    const first = await page('/category/books?page=2', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/ar/category/books?page=2');
    expect((await page('/', { 'accept-language': 'fr-FR, es;q=0.5' })).headers.get('location')).toBe('/es');
  });

  it("keeps the visitor's choice over the browser's, English included", async () => {
    expect((await page('/aboutus', { cookie: 'lang=pt', 'accept-language': 'ar' })).headers.get('location')).toBe('/pt/aboutus');
    const english = await page('/aboutus', { cookie: 'lang=en', 'accept-language': 'ar' });
    expect(english.status).toBe(200);
    expect(await htmlTag(english)).toBe('<html lang="en" dir="ltr">');
  });

  it('falls back to English for an unknown language in the cookie, the header or the address, never an error', async () => {
    expect((await page('/aboutus', { cookie: 'lang=xx' })).status).toBe(200);
    expect((await page('/aboutus', { 'accept-language': ';;;q=abc, *, zz-ZZ' })).status).toBe(200);
    const unknownPrefix = await page('/fr/aboutus');
    expect(unknownPrefix.status).toBe(200);
    expect(await htmlTag(unknownPrefix)).toBe('<html lang="en" dir="ltr">');
  });
});
