import { gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { RunningStore, startStore } from '../support/http';
import { signedInAdmin } from '../support/admin';
import { aProduct } from '../support/products';
import { TOKENS } from '../../adapters/di/tokens';
import { PROTOCOL_MAX_ADDRESSES } from '../../adapters/http/sitemaps';
import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../../core/catalog/domain/product';
import { LANGUAGES } from '../../core/shared/language';
import { STORE_PAGES } from '../../core/location/domain/store-pages';
import { CRAWLING } from '../../core/location/domain/crawlers';

const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
/** W3C Datetime as the protocol takes it, to the second or finer, in UTC or with an offset. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The XML parsed (throws when it is not well-formed), its elements of the protocol by name. */
const parsed = (xml: string) => {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  const all = (parent: Element | Document, name: string) => [...parent.getElementsByTagNameNS(SITEMAP, name)];
  return { doc, all };
};

interface Entry {
  readonly loc: string;
  readonly lastmod?: string;
  readonly alternates: Readonly<Record<string, string>>;
}

/** Each <url> of a urlset, and its alternates by hreflang. */
const urlsOf = (xml: string): Entry[] => {
  const { doc, all } = parsed(xml);
  expect(doc.documentElement.localName).toBe('urlset');
  return all(doc, 'url').map((url) => ({
    loc: all(url, 'loc')[0]!.textContent!,
    ...(all(url, 'lastmod')[0] ? { lastmod: all(url, 'lastmod')[0]!.textContent! } : {}),
    alternates: Object.fromEntries([...url.getElementsByTagNameNS(XHTML, 'link')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])),
  }));
};

/** Each file an index lists, with its lastmod. */
const indexOf = (xml: string) => {
  const { doc, all } = parsed(xml);
  expect(doc.documentElement.localName).toBe('sitemapindex');
  return all(doc, 'sitemap').map((s) => ({ loc: all(s, 'loc')[0]!.textContent!, lastmod: all(s, 'lastmod')[0]?.textContent ?? undefined }));
};

describe('robots.txt and the sitemaps (issue 22)', () => {
  let api: RunningStore;
  const books = Array.from({ length: 5 }, (_, i) => aProduct({ title: `Atlas ${i}` }));
  const course = aProduct({ title: 'Endo course', category: 'courses', subcategory: [] });
  const all = [...books, course];

  beforeAll(async () => {
    api = await startStore(all, { publicUrl: 'https://dental.example' });
  });
  afterAll(() => api.close());

  const text = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${api.url}${path}`, { headers });
    return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() };
  };
  /** Every address the sitemaps list, read from the index down, as a crawler does. */
  const crawl = async () => {
    const files = indexOf((await text('/sitemap.xml')).body);
    const urls: Entry[] = [];
    for (const file of files) {
      const answer = await text(new URL(file.loc).pathname);
      expect(answer.status).toBe(200);
      urls.push(...urlsOf(answer.body));
    }
    return { files, urls };
  };

  it('keeps crawlers out of every account, cart, checkout and admin page, in every language, and of the API', async () => {
    const robots = await text('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    const lines = robots.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    const keptOut = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const [page, pattern] of Object.entries(STORE_PAGES)) {
      const example = pattern.replace(/:[a-zA-Z]+/g, 'x1');
      for (const language of LANGUAGES) {
        const address = language === 'en' ? example : `/${language}${example === '/' ? '' : example}`;
        expect([page, address, keptOut(address)]).toEqual([page, address, CRAWLING[page as keyof typeof CRAWLING] === 'kept-out']);
      }
    }
    expect(disallowed).toContain('/api/');
    expect(disallowed).toEqual(expect.arrayContaining(['/user/login', '/ar/checkout/', '/pt/admin/orders/', '/es/productEditor', '/library']));
    // `/library` covers `/library/open/` already.
    expect(disallowed).not.toContain('/library/open/');
    expect(lines).toContain('Sitemap: https://dental.example/sitemap.xml');
  });

  it('lists every product in every language with its last change, and the listings and static pages, each with its alternates', async () => {
    const { files, urls } = await crawl();
    expect(files.map((f) => f.loc)).toEqual(['https://dental.example/sitemaps/pages.xml', 'https://dental.example/sitemaps/products-1.xml']);
    expect(files[1]!.lastmod).toBe(all.map((p) => p.createdAt).sort().at(-1));
    for (const file of files) if (file.lastmod) expect(file.lastmod).toMatch(W3C_DATETIME);

    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const product of all)
      for (const prefix of ['', '/ar', '/pt', '/es']) {
        const entry = urls.find((u) => u.loc === `https://dental.example${prefix}/product/${product._id}`);
        expect(entry?.lastmod).toBe(product.createdAt);
        expect(entry?.alternates).toEqual({
          en: `https://dental.example/product/${product._id}`,
          ar: `https://dental.example/ar/product/${product._id}`,
          pt: `https://dental.example/pt/product/${product._id}`,
          es: `https://dental.example/es/product/${product._id}`,
          'x-default': `https://dental.example/product/${product._id}`,
        });
      }
    for (const url of urls) if (url.lastmod) expect(url.lastmod).toMatch(W3C_DATETIME);
    // Home at each language's prefix alone, the listings, the static pages.
    expect(locs).toEqual(expect.arrayContaining(['https://dental.example/', 'https://dental.example/ar', 'https://dental.example/es/contactus']));
    for (const type of PRODUCT_TYPES) expect(locs).toContain(`https://dental.example/pt/category/${type}`);
    // The ampersand of a category travels encoded in the address, and the XML held it well-formed.
    for (const category of BOOK_CATEGORIES) expect(locs).toContain(`https://dental.example/category/books/${encodeURIComponent(category)}`);
    expect(locs.filter((l) => /user|checkout|admin|search-page|library|reader/i.test(l))).toEqual([]);
    expect(urls.length).toBe(4 * (all.length + 1 + PRODUCT_TYPES.length + BOOK_CATEGORIES.length + 4));
  });

  it('answers the same files zipped to a client that takes gzip, and names the encoding', async () => {
    const answer = await fetch(`${api.url}/sitemaps/products-1.xml`, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    // fetch unzips; the bytes themselves are checked through node's request below.
    expect(urlsOf(await answer.text())).toHaveLength(4 * all.length);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      void import('node:http').then((http) =>
        http
          .get(`${api.url}/sitemaps/products-1.xml`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject),
      );
    });
    expect(urlsOf(gunzipSync(raw).toString('utf8'))).toHaveLength(4 * all.length);
  });

  it('shows a product added, deleted or restored at once, as the JSON answers do (an edit: tests/contracts/product-editor.contract.ts)', async () => {
    const before = await crawl();
    const added = aProduct({ title: 'Added late' });
    await api.store.get(TOKENS.CatalogWriter).addMany([added]);
    const withAdded = await crawl();
    expect(withAdded.urls.map((u) => u.loc)).toContain(`https://dental.example/ar/product/${added._id}`);
    expect(withAdded.urls.length).toBe(before.urls.length + 4);

    const admin = await signedInAdmin(api);
    expect((await admin.delete(`/api/backendproduct/remove/${books[0]!._id}`)).status).toBe(200);
    const afterDelete = await crawl();
    expect(afterDelete.urls.map((u) => u.loc).filter((l) => l.includes(books[0]!._id))).toEqual([]);
    // Its restore is its last change: the day it came back.
    expect((await admin.post(`/api/backendproduct/recreateproduct/${books[0]!._id}`, {})).status).toBe(200);
    const restored = (await crawl()).urls.find((u) => u.loc === `https://dental.example/product/${books[0]!._id}`);
    expect(restored!.lastmod! > books[0]!.createdAt!).toBe(true);
    expect(restored!.lastmod).toMatch(W3C_DATETIME);
  });

  it.each(['/sitemaps/products-999.xml', '/sitemaps/x.xml', '/sitemaps/products-0.xml', '/sitemaps/products-01.xml', '/sitemaps/products-1.xml.gz', '/sitemaps/', '/sitemaps/products-99999999999999999999.xml', '/sitemaps/%E0%A4%A.xml'])(
    'answers 404 for %s, a sitemap that does not exist',
    async (path) => {
      const answer = await text(path);
      expect(answer.status).toBe(404);
    },
  );

  it('keeps every file within the protocol\'s 50,000 addresses', async () => {
    const { urls } = await crawl();
    expect(urls.length).toBeLessThanOrEqual(PROTOCOL_MAX_ADDRESSES);
  });
});

describe('sitemaps without PUBLIC_URL', () => {
  let api: RunningStore;
  beforeAll(async () => {
    api = await startStore([aProduct()], { publicUrl: undefined });
  });
  afterAll(() => api.close());

  it("give addresses at the request's own origin, escaped in the XML", async () => {
    const http = await import('node:http');
    const get = (path: string, host: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${api.url}${path}`, { headers: { host } }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    expect(await get('/robots.txt', 'shop.example')).toContain('Sitemap: http://shop.example/sitemap.xml');
    const files = indexOf(await get('/sitemap.xml', 'a&b<c'));
    expect(files[0]!.loc).toBe('http://a&b<c/sitemaps/pages.xml');
    expect(urlsOf(await get('/sitemaps/pages.xml', 'a&b<c'))[0]!.loc).toBe('http://a&b<c/');
  });
});
