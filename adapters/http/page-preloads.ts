import fs from 'node:fs';
import path from 'node:path';
import { pathOf, type CallName } from '../../api/calls';
import { MOBILE_MAX_WIDTH, homePageSize } from '../../core/catalog/domain/display';
import { StorePage, storePageOf } from '../../core/location/domain/store-pages';
import { Language, directionOf } from '../../core/shared/language';

/**
 * The page of a lazily loaded route, fetched with the app instead of after it. The app loads each
 * screen but the home page on demand (ui/src/app/AppRoutes.tsx), so a visitor opening a product
 * page first waited for the main script, then for the page's own script and styles, a round trip
 * more before anything showed. The page template served for such a path names the page's files as
 * `modulepreload` and stylesheet links, found in Vite's build manifest (`build.manifest`), so the
 * browser fetches them alongside the main script; the app's loader then finds them already there.
 */

/** Vite's build manifest, the parts read here: each chunk by its source path, relative to ui/. */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

const ENTRY = 'index.html';

/**
 * The page module of each page worth fetching ahead, by its name in STORE_PAGES (the table the
 * app's router declares its routes from), with the catalogues (ui/src/i18n) it reads beside
 * 'common': without them named here, a page's catalogue was asked for only once its module ran,
 * a round trip more before the page showed. A page missing here still works; it just loads after
 * the app.
 */
export const ROUTE_PAGES: readonly (readonly [readonly StorePage[], string, readonly string[]])[] = [
  [['productType', 'bookCategory'], 'src/pages/CategoryPage.tsx', []],
  [['product'], 'src/pages/ProductPage.tsx', []],
  [['searchResults'], 'src/pages/SearchResultsPage.tsx', []],
  [['cart'], 'src/pages/CartPage.tsx', ['account', 'checkout']],
  [['checkout'], 'src/pages/CheckoutPage.tsx', ['checkout', 'account']],
  [['signIn'], 'src/pages/SignInPage.tsx', ['account']],
  [['profile'], 'src/pages/ProfilePage.tsx', ['account']],
  [['reader'], 'src/pages/ReaderPage.tsx', ['account']],
];

/** A chunk and every chunk it imports statically, each once. */
const withImports = (manifest: Manifest, key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) withImports(manifest, imported, seen);
  return seen;
};

/** The link tags that fetch a page's scripts and styles, less what the template already loads. */
export const pageLinks = (manifest: Manifest, page: string): string => {
  const loaded = withImports(manifest, ENTRY);
  const chunks = [...withImports(manifest, page)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !loadedCss.has(file));
  return [
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('');
};

/** The UI's catalogues a page of a language needs first (ui/src/i18n): fetched with the app, not after it. */
const catalogueLinks = (manifest: Manifest, language: Language, namespaces: readonly string[]): string =>
  ['common', ...namespaces]
    .map((namespace) => manifest[`src/i18n/locales/${language}/${namespace}.json`])
    .map((chunk) => (chunk ? `<link rel="modulepreload" crossorigin href="/${chunk.file}">` : ''))
    .join('');

const dataLink = (href: string, media?: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}"${media ? ` media="${media}"` : ''}>`;

/** A product's id as the catalogue writes it: only such a path's id is named in the page. */
const PRODUCT_ID = /^[0-9a-f]{24}$/;

/** By page, the reads below: `product` names the path's product, `session` is for a visitor with a session cookie only. */
const WAITED_FOR: Partial<Record<StorePage, { readonly reads: readonly CallName[]; readonly product?: true; readonly session?: true }>> = {
  product: { reads: ['details'], product: true },
  checkout: { reads: ['isLogged', 'checkoutProduct', 'paymentSettings'], product: true, session: true },
  cart: { reads: ['isLogged', 'cart', 'paymentSettings'], session: true },
};

/**
 * The reads a page waits for before it shows, asked with the page rather than once the app has run:
 * the browser keeps each answer for the app's own fetch of the same address with the same
 * credentials (ui/src/api/client.ts), a round trip less each.
 * - The home page's first page of products, one link per page size, each for the widths that choose
 *   it (not its later pages); a product page its details.
 * - The cart and the checkout, which the browser fills (the server sends only their frame): the
 *   session check they wait for, then their products and the payment choices. Each was a round
 *   trip after the app had run, one after the other (on a phone on 4G, some 0.3 s each). Only for
 *   a visitor with a session cookie: without one the cart answers 401 (an error in the console),
 *   and the checkout first asks how to check out, reading nothing (a preload unused is a warning).
 */
export const firstReadLinks = (page: StorePage | undefined, urlPath: string, query: string, hasSession = false): string => {
  if (page === 'home' && !new URLSearchParams(query).has('page')) {
    const products = (limit: number) => `/api${pathOf('products')}?page=1&limit=${limit}`;
    return (
      dataLink(products(homePageSize(MOBILE_MAX_WIDTH)), `(max-width: ${MOBILE_MAX_WIDTH}px)`) +
      dataLink(products(homePageSize(MOBILE_MAX_WIDTH + 1)), `(min-width: ${MOBILE_MAX_WIDTH + 1}px)`)
    );
  }
  const id = urlPath.split('/').filter(Boolean)[1] ?? '';
  const wanted = page && WAITED_FOR[page];
  if (!wanted || (wanted.session && !hasSession) || (wanted.product && !PRODUCT_ID.test(id))) return '';
  return wanted.reads.map((call) => dataLink(`/api${pathOf(call, { id })}`)).join('');
};

const BOOT = 'src/boot.ts';
const APP_FILES = /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A page the server rendered, whose app is loaded once the page is painted: the app's script and
 * the scripts it preloads leave the head for the boot script's data (ui/src/boot.ts).
 */
export const appAfterPaint = (page: string, bootFile: string): string => {
  let app = '';
  const preloads: string[] = [];
  const rest = page.replace(APP_FILES, (_, script?: string, preload?: string) => {
    if (script) app = script;
    else preloads.push(preload!);
    return '';
  });
  if (!app) return page;
  return rest.replace('</head>', `<script type="module" crossorigin src="${bootFile}" data-app="${app}" data-preload="${preloads.join(' ')}"></script></head>`);
};

/**
 * How a page is sent: the template the browser renders alone, a page the server rendered (which
 * carries its reads), or a framed page (the server rendered its frame; the app fills it with the
 * reads named in its head). The app of the last two is loaded once the page is painted.
 */
export type PageSent = 'template' | 'rendered' | 'framed';

/**
 * The page template for each path and language: `template` in that language (`<html lang dir>`)
 * with the route's page links and the language's catalogue before `</head>`. Without a manifest (a
 * build older than this), every path gets the template as it is, in its language.
 */
export const templateForPath = (
  uiDir: string,
  template: string,
): ((urlPath: string, language: Language, query?: string, sent?: PageSent, hasSession?: boolean) => string) => {
  const manifestFile = path.join(uiDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const routeOf = new Map<StorePage, (typeof ROUTE_PAGES)[number]>();
  for (const route of ROUTE_PAGES) for (const page of route[0]) if (manifest[route[1]]) routeOf.set(page, route);
  const boot = manifest[BOOT];
  const made = new Map<string, string>();
  return (urlPath, language, query = '', sent = 'template', hasSession = false) => {
    const page = storePageOf(urlPath);
    const [, source, namespaces] = (page && routeOf.get(page)) || [];
    const afterPaint = sent !== 'template' && boot !== undefined;
    const key = `${language} ${source ?? ''} ${afterPaint}`;
    if (!made.has(key)) {
      const links = (source ? pageLinks(manifest, source) : '') + catalogueLinks(manifest, language, namespaces ?? []);
      const page = template.replace('<html lang="en">', `<html lang="${language}" dir="${directionOf(language)}">`).replace('</head>', `${links}</head>`);
      made.set(key, afterPaint ? appAfterPaint(page, `/${boot.file}`) : page);
    }
    // A page the server rendered carries its reads: it preloads none.
    const reads = sent === 'rendered' ? '' : firstReadLinks(page, urlPath, query, hasSession);
    return reads ? made.get(key)!.replace('</head>', `${reads}</head>`) : made.get(key)!;
  };
};
