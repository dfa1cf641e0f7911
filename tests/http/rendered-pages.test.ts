import { TOKENS } from '../../adapters/di/tokens';
import { pageRenderer } from '../../ui/src/server/render';
import { pageTemplateFolder, RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/**
 * The shopper's pages rendered on the server (issue 22), read as a link preview reads them: a plain
 * HTTP client that runs no JavaScript gets the page, its head and its structured data.
 */

const book = aProduct({
  title: 'Endodontics in Practice',
  arabicTitle: 'علاج الجذور عمليًا',
  author: ['Nadia Farouk', 'Omar Said'],
  description: `A clinical guide. ${'Every chapter ends with questions. '.repeat(10)}`,
  isbn: '978-1-04885-551-7',
  covers: ['/covers/endo.jpg'],
});
const STEM = 'c0ffee0000000000000000aa';
/** An uploaded cover, its pixels in its name (core/catalog/domain/cover-sizes.ts). */
const photographed = aProduct({ title: 'Implant Atlas', covers: [`/uploads/${STEM}-1200x1600.jpg`] });
/** Everything a title or description could hold to break out of the head. */
const HOSTILE = '</script><meta name="injected" content="x">"--><!-- $& $1';
const hostile = aProduct({ title: HOSTILE, description: `${HOSTILE} and more`, category: 'courses', subcategory: [] });

/** The head's tags and the page's structured data, as a crawler parses them. */
const headOf = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (tag: RegExp) => tag.exec(head)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))),
    description: attribute(/<meta name="description" content="([^"]*)">/),
    canonical: attribute(/<link rel="canonical" href="([^"]*)">/),
    property: (name: string) => attribute(new RegExp(`<meta property="${name}" content="([^"]*)">`)),
    alternates: [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]),
    structured: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
    injected: /name="injected"/.test(head),
  };
};

describe('pages rendered on the server', () => {
  const template = pageTemplateFolder();
  let store: RunningStore;
  let failing: RunningStore;
  let recovering: RunningStore;
  let renderersMade = 0;
  beforeAll(async () => {
    const uiDir = template();
    store = await startStore([book, hostile, photographed], { uiDir, renderPages: pageRenderer });
    failing = await startStore([book], { uiDir, logLevel: 'silent', renderPages: async () => () => Promise.reject(new Error('a component threw')) });
    // A renderer whose making fails the first time (its catalogues unreadable for a moment).
    recovering = await startStore([book], {
      uiDir,
      logLevel: 'silent',
      renderPages: async (send, store) => {
        renderersMade += 1;
        if (renderersMade === 1) throw new Error('the catalogues could not be read');
        return pageRenderer(send, store);
      },
    });
  });
  afterAll(async () => {
    await store.close();
    await failing.close();
    await recovering.close();
  });

  const page = (address: string, headers: Record<string, string> = {}) => fetch(`${store.url}${address}`, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });

  it("gives a product page's title, description, cover, price, Open Graph tags and structured data to a client that runs no JavaScript", async () => {
    const answer = await page(`/product/${book._id}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const head = headOf(html);
    expect(head.titles).toEqual(['Endodontics in Practice | Dental Library']);
    expect(head.description).toBe(book.description.slice(0, 150));
    expect(head.canonical).toBe(`${store.url}/product/${book._id}`);
    expect(head.property('og:type')).toBe('product');
    expect(head.property('og:title')).toBe('Endodontics in Practice');
    expect(head.property('og:image')).toBe(`${store.url}/covers/endo.jpg`);
    expect(head.property('product:price:amount')).toBe('19.99');
    expect(head.property('product:price:currency')).toBe('USD');
    expect(head.alternates).toEqual([
      ['en', `${store.url}/product/${book._id}`],
      ['pt', `${store.url}/pt/product/${book._id}`],
      ['es', `${store.url}/es/product/${book._id}`],
      ['ar', `${store.url}/ar/product/${book._id}`],
      ['x-default', `${store.url}/product/${book._id}`],
    ]);
    const [product, trail] = head.structured;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Product', 'Book'],
      name: 'Endodontics in Practice',
      isbn: '978-1-04885-551-7',
      image: `${store.url}/covers/endo.jpg`,
      author: [{ '@type': 'Person', name: 'Nadia Farouk' }, { '@type': 'Person', name: 'Omar Said' }],
      offers: { '@type': 'Offer', price: '19.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(trail).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${store.url}/` },
        { position: 2, name: 'Books', item: `${store.url}/category/books` },
        { position: 3, name: 'Endodontics in Practice', item: `${store.url}/product/${book._id}` },
      ],
    });
    // The page itself, and the read it was rendered from for the browser to hydrate with.
    expect(html).toMatch(/<h1 id="product-title"[^>]*>Endodontics in Practice<\/h1>/);
    expect(html).toContain(`<script type="application/json" id="first-page">{"reads":{"product:${book._id}":{"data":`);
    expect(html).not.toContain('<noscript>');
  });

  it("shows an uploaded cover's widest JPEG size in a link preview, with its pixels", async () => {
    const head = headOf(await (await page(`/product/${photographed._id}`)).text());
    expect(head.property('og:image')).toBe(`${store.url}/uploads/${STEM}-1200x1600-680w.jpg`);
    expect(head.property('og:image:width')).toBe('680');
    expect(head.property('og:image:height')).toBe('907');
  });

  it('renders a hostile title and description as text, in the title, the tags and the structured data', async () => {
    const html = await (await page(`/product/${hostile._id}`)).text();
    const head = headOf(html);
    expect(head.injected).toBe(false);
    expect(head.titles).toEqual([`${HOSTILE} | Dental Library`]);
    expect(head.property('og:title')).toBe(HOSTILE);
    expect(head.structured[0]).toMatchObject({ '@type': ['Product', 'Course'], name: HOSTILE, description: `${HOSTILE} and more` });
    // Nowhere in the page does the title end a script or open a tag.
    expect(html.split('</script>').length).toBe(html.split('<script').length);
    expect(html).not.toContain('<meta name="injected"');
  });

  it('renders a page in Arabic with its Arabic title, its locale and the same alternates', async () => {
    const head = headOf(await (await page(`/ar/product/${book._id}`)).text());
    expect(head.titles).toEqual(['علاج الجذور عمليًا | Dental Library']);
    expect(head.canonical).toBe(`${store.url}/ar/product/${book._id}`);
    expect(head.property('og:locale')).toBe('ar_EG');
    expect(head.alternates).toHaveLength(5);
  });

  it('answers 404 with the page rendered for an unknown product and an unknown path, kept out of the index', async () => {
    const product = await page('/product/0000000000000000000000ff');
    expect(product.status).toBe(404);
    const html = await product.text();
    expect(html).toContain('Product not found');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    const lost = await page('/no/such/page');
    expect(lost.status).toBe(404);
    expect(await lost.text()).toContain('Page not found');
  });

  it("keeps the visitor's own pages in the browser: the profile is sent unrendered", async () => {
    const html = await (await page('/user/profile')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="first-page"');
  });

  it('sends the frame of the cart and of a checkout, the same for everyone, kept out of the index', async () => {
    for (const address of ['/user/cartPage', `/checkout/${book._id}`]) {
      const html = await (await page(address)).text();
      expect(html).toContain('class="navbar"');
      expect(html).toContain('Checking your sign-in…');
      expect(html).toContain('id="first-page"');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('rel="preload"');
    }
    // A visitor with a session cookie is sent the same frame, naming the reads that fill it.
    const signedIn = await (await page('/user/cartPage', { cookie: 'sid=some-session' })).text();
    expect(signedIn).toContain('Checking your sign-in…');
    expect(signedIn).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/cartspecific">');
  });

  it('renders for a phone when the browser says it is one: its page size, its width', async () => {
    const phone = await (await page('/', { 'sec-ch-ua-mobile': '?1' })).text();
    expect(phone).toContain('"width":375');
    expect(phone).toContain('"home:1:14"');
    const desktop = await (await page('/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).text();
    expect(desktop).toContain('"home:1:15"');
  });

  it('sends a rendered page zipped to a browser that takes it, plain to one that does not', async () => {
    const zipped = await page(`/product/${book._id}`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await zipped.text()).toContain('Endodontics in Practice');
    const plain = await page(`/product/${book._id}`, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Endodontics in Practice');
  });

  it('shows a change of the catalogue on the rendered pages as soon as on the JSON answers', async () => {
    expect(await (await page('/')).text()).not.toContain('Periodontology Atlas');
    await store.store.get(TOKENS.CatalogWriter).addMany([aProduct({ title: 'Periodontology Atlas', createdAt: new Date().toISOString() })]);
    const deadline = Date.now() + 5000;
    let json = '';
    while (!json.includes('Periodontology Atlas') && Date.now() < deadline) json = await (await fetch(`${store.url}/api/backendproduct/getproducts?page=1&limit=15`)).text();
    expect(await (await page('/')).text()).toContain('Periodontology Atlas');
  });

  it('makes the renderer again after it could not be made, rather than failing every page after', async () => {
    const first = await fetch(`${recovering.url}/product/${book._id}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<div id="root"></div>');
    expect(await (await fetch(`${recovering.url}/product/${book._id}`)).text()).toContain('id="first-page"');
    expect(renderersMade).toBe(2);
  });

  it('answers the page the browser renders when rendering fails, never a 500', async () => {
    const answer = await fetch(`${failing.url}/product/${book._id}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root"></div>');
  });
});
