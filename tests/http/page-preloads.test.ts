import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appAfterPaint, firstReadLinks, pageLinks, ROUTE_PAGES, templateForPath } from '../../adapters/http/page-preloads';

/** A build manifest as Vite writes it: the entry, two pages and the chunks they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js', '_client-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_client-1.js': { file: 'assets/client-1.js' },
  '_Breadcrumbs-1.js': { file: 'assets/Breadcrumbs-1.js', imports: ['_react-1.js'] },
  '_PaymentStep-1.js': { file: 'assets/PaymentStep-1.js', imports: ['_Field-1.js', 'index.html'], css: ['assets/checkout-1.css'] },
  '_Field-1.js': { file: 'assets/Field-1.js', imports: ['_react-1.js'] },
  'src/pages/ProductPage.tsx': { file: 'assets/ProductPage-1.js', imports: ['index.html', '_client-1.js', '_Breadcrumbs-1.js'] },
  'src/pages/CartPage.tsx': { file: 'assets/CartPage-1.js', imports: ['index.html', '_PaymentStep-1.js'], css: ['assets/account-1.css'] },
};

describe("a page's files named in the page template", () => {
  it("names the page's own chunks and styles, not what the template already loads", () => {
    expect(pageLinks(MANIFEST, 'src/pages/ProductPage.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Breadcrumbs-1.js">',
    );
    expect(pageLinks(MANIFEST, 'src/pages/CartPage.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/CartPage-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/PaymentStep-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/Field-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/account-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/checkout-1.css">',
    );
  });

  it('names pages the app loads lazily, by their source files', () => {
    const routes = fs.readFileSync(path.join(__dirname, '../../ui/src/app/AppRoutes.tsx'), 'utf8');
    for (const [, page, namespaces] of ROUTE_PAGES) {
      for (const namespace of namespaces) expect(fs.existsSync(path.join(__dirname, '../../ui/src/i18n/locales/en', `${namespace}.json`))).toBe(true);
      expect(fs.existsSync(path.join(__dirname, '../../ui', page))).toBe(true);
      expect(routes).toContain(`import('../pages/${path.basename(page, '.tsx')}')`);
    }
  });

  it("asks for the home page's first products and a product's details with the page, at the addresses the app reads", () => {
    // The app's own reads (ui/src/api/client.ts): page 1 at 14 on a phone, 15 wider; a product's details.
    expect(firstReadLinks('home', '/', '')).toBe(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/backendproduct/getproducts?page=1&limit=14" media="(max-width: 767px)">' +
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/backendproduct/getproducts?page=1&limit=15" media="(min-width: 768px)">',
    );
    expect(firstReadLinks('product', '/product/64d0c0de0000000000000001', '')).toBe(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/backendproduct/details/64d0c0de0000000000000001">',
    );
    // Nothing for a later page, an id the catalogue never writes (never copied into the page), or another page.
    expect(firstReadLinks('home', '/', 'page=2')).toBe('');
    expect(firstReadLinks('product', '/product/"><script>alert(1)</script>', '')).toBe('');
    expect(firstReadLinks('profile', '/user/profile', '', true)).toBe('');
  });

  it('asks for what the cart and the checkout wait for with the page, only for a visitor with a session cookie', () => {
    const preload = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    expect(firstReadLinks('cart', '/user/cartPage', '', true)).toBe(preload('/api/user/islogged') + preload('/api/cartspecific') + preload('/api/payment/settings'));
    expect(firstReadLinks('checkout', '/checkout/64d0c0de0000000000000001', '', true)).toBe(
      preload('/api/user/islogged') + preload('/api/checkout/productdetails/64d0c0de0000000000000001') + preload('/api/payment/settings'),
    );
    // Signed out, the cart answers 401 and the checkout first asks how to check out.
    expect(firstReadLinks('cart', '/user/cartPage', '')).toBe('');
    expect(firstReadLinks('checkout', '/checkout/64d0c0de0000000000000001', '')).toBe('');
    expect(firstReadLinks('checkout', '/checkout/nope', '', true)).toBe('');
  });

  describe('the template for each path', () => {
    const template = '<html><head><title>Store</title></head><body><div id="root"></div></body></html>';
    let uiDir = '';
    beforeEach(() => {
      uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-'));
    });
    afterEach(() => fs.rmSync(uiDir, { recursive: true, force: true }));

    it("adds the route's page links before </head>, whatever the case of the path", () => {
      fs.mkdirSync(path.join(uiDir, '.vite'));
      fs.writeFileSync(path.join(uiDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      const pageFor = templateForPath(uiDir, template);
      const product = pageFor('/product/64d0c0de0000000000000001', 'en');
      expect(product).toBe(
        template.replace('</head>', `${pageLinks(MANIFEST, 'src/pages/ProductPage.tsx')}${firstReadLinks('product', '/product/64d0c0de0000000000000001', '')}</head>`),
      );
      expect(pageFor('/user/cartpage', 'en')).toContain('/assets/CartPage-1.js');
      expect(pageFor('/', 'en')).toBe(template.replace('</head>', `${firstReadLinks('home', '/', '')}</head>`));
      expect(pageFor('/product/1/more', 'en')).toBe(template);
      // A route whose page the build does not have (the checkout here) gets the template as it is.
      expect(pageFor('/checkout/64d0c0de0000000000000001', 'en')).toBe(template);
    });

    it("is in the page's language from the first byte, its catalogue fetched with the app", () => {
      fs.mkdirSync(path.join(uiDir, '.vite'));
      const manifest = { ...MANIFEST, 'src/i18n/locales/ar/common.json': { file: 'assets/common-ar.js' } };
      fs.writeFileSync(path.join(uiDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const pageFor = templateForPath(uiDir, '<html lang="en"><head></head><body></body></html>');
      expect(pageFor('/aboutus', 'ar')).toBe('<html lang="ar" dir="rtl"><head><link rel="modulepreload" crossorigin href="/assets/common-ar.js"></head><body></body></html>');
      expect(pageFor('/aboutus', 'en')).toBe('<html lang="en" dir="ltr"><head></head><body></body></html>');
    });

    it("fetches the catalogues a page reads beside 'common' with the app", () => {
      fs.mkdirSync(path.join(uiDir, '.vite'));
      const manifest = {
        ...MANIFEST,
        'src/i18n/locales/ar/common.json': { file: 'assets/common-ar.js' },
        'src/i18n/locales/ar/account.json': { file: 'assets/account-ar.js' },
      };
      fs.writeFileSync(path.join(uiDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const pageFor = templateForPath(uiDir, template);
      expect(pageFor('/user/cartPage', 'ar')).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/common-ar.js"><link rel="modulepreload" crossorigin href="/assets/account-ar.js"></head>',
      );
      expect(pageFor('/product/64d0c0de0000000000000001', 'ar')).not.toContain('account-ar.js');
    });

    it('loads the app of a page the server rendered or framed after its first paint, through the boot script', () => {
      fs.mkdirSync(path.join(uiDir, '.vite'));
      const manifest = { ...MANIFEST, 'src/i18n/locales/en/common.json': { file: 'assets/common-en.js' }, 'src/boot.ts': { file: 'assets/boot-1.js' } };
      fs.writeFileSync(path.join(uiDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const built =
        '<html lang="en"><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body></body></html>';
      const pageFor = templateForPath(uiDir, built);
      const rendered = pageFor('/product/64d0c0de0000000000000001', 'en', '', 'rendered');
      // Nothing of the app is fetched with the page; its styles are, and the boot script names the rest.
      expect(rendered).not.toMatch(/rel="modulepreload"|src="\/assets\/index-1\.js"/);
      expect(rendered).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
      expect(rendered).toContain(
        '<script type="module" crossorigin src="/assets/boot-1.js" data-app="/assets/index-1.js" ' +
          'data-preload="/assets/react-1.js /assets/ProductPage-1.js /assets/Breadcrumbs-1.js /assets/common-en.js"></script></head>',
      );
      // A framed page (the cart) too, naming the reads that fill it for a visitor with a session.
      const framed = pageFor('/user/cartpage', 'en', '', 'framed', true);
      expect(framed).toContain('src="/assets/boot-1.js" data-app="/assets/index-1.js"');
      expect(framed).toContain(`${firstReadLinks('cart', '/user/cartpage', '', true)}</head>`);
      // The template alone (the cart when its frame could not be rendered) loads its app with the page, as before.
      expect(pageFor('/user/cartpage', 'en')).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(pageFor('/user/cartpage', 'en')).not.toContain('boot-1.js');
    });

    it('leaves a page without the app script as it is', () => {
      expect(appAfterPaint('<html><head></head></html>', '/assets/boot-1.js')).toBe('<html><head></head></html>');
    });

    it("serves the template with only the page's first read when the build has no manifest", () => {
      expect(templateForPath(uiDir, template)('/aboutus', 'en')).toBe(template);
      expect(templateForPath(uiDir, template)('/product/64d0c0de0000000000000001', 'en')).toBe(
        template.replace('</head>', `${firstReadLinks('product', '/product/64d0c0de0000000000000001', '')}</head>`),
      );
    });
  });
});
