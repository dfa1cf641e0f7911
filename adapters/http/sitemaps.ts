import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Context, Middleware } from 'koa';
import * as E from 'fp-ts/Either';
import { CatalogueAddresses, SiteAddress, SiteAddresses } from '../../core/catalog/use-cases/addresses';
import { addressesInEveryLanguage, keptOutPaths } from '../../core/location/domain/crawlers';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../core/shared/language';
import { STATUS_OF, fail } from './respond';
import { ResponseCache } from './response-cache';

/**
 * robots.txt and the sitemaps (issue 22, sitemaps.org's protocol): `/sitemap.xml` is an index of
 * `/sitemaps/pages.xml` (home, listings, static pages) and `/sitemaps/products-<n>.xml`, every
 * product on sale in every language, each address with its alternates in the others.
 *
 * Each file is made once per state of the catalogue and kept encoded (gzip too) in a cache that the
 * change feed clears with the JSON answers' (adapters/di/container.ts), so a product added, edited
 * or deleted shows here as soon as there. The addresses are read once per state for all the files.
 */

/**
 * Addresses per products file (1,000 products in four languages); the protocol allows 50,000 (and
 * 50 MB). Each address carries its five alternates (some 700 bytes), so a full file would be 35 MB,
 * made in the store's thread for a few hundred milliseconds: one of 4,000 is under 3 MB (46 KB
 * zipped), made in about 20 ms, and 100,000 products take 100 files.
 */
export const ADDRESSES_PER_FILE = 4_000;
export const PROTOCOL_MAX_ADDRESSES = 50_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
const CONTENT_TYPE = 'application/xml; charset=utf-8';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The file a path names: the index, the pages, or the products' n-th (from 1). */
type SitemapFile = { kind: 'index' } | { kind: 'pages' } | { kind: 'products'; n: number };

export const SITEMAP_INDEX = '/sitemap.xml';
export const NO_SUCH_SITEMAP = 'No such sitemap';
const PAGES_FILE = '/sitemaps/pages.xml';
const productsFile = (n: number) => `/sitemaps/products-${n}.xml`;

const fileNamed = (path: string): SitemapFile | undefined => {
  if (path === SITEMAP_INDEX) return { kind: 'index' };
  if (path === PAGES_FILE) return { kind: 'pages' };
  const n = /^\/sitemaps\/products-([1-9]\d{0,8})\.xml$/.exec(path)?.[1];
  return n === undefined ? undefined : { kind: 'products', n: Number(n) };
};

/** One address in each language, each listing all of them and English again as the default (Google's hreflang rule). */
const urlEntries = (origin: string, address: SiteAddress): string => {
  const all = addressesInEveryLanguage(address.path).map(({ language, path }) => ({ language, href: escapeXml(origin + path) }));
  const english = all.find((a) => a.language === SOURCE_LANGUAGE)!.href;
  const alternates =
    all.map(({ language, href }) => `<xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`).join('') +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`;
  const lastmod = address.changedAt ? `<lastmod>${address.changedAt}</lastmod>` : '';
  return all.map(({ href }) => `<url><loc>${href}</loc>${lastmod}${alternates}</url>\n`).join('');
};

const urlSet = (origin: string, addresses: readonly SiteAddress[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}" xmlns:xhtml="${XHTML}">\n${addresses.map((a) => urlEntries(origin, a)).join('')}</urlset>\n`;

const latest = (addresses: readonly SiteAddress[]): string | undefined =>
  addresses.reduce<string | undefined>((max, { changedAt }) => (changedAt && (!max || changedAt > max) ? changedAt : max), undefined);

export class Sitemaps {
  /** The addresses of one state of the catalogue (the cache's generation), shared by every file made from it. */
  private loaded: { readonly generation: number; readonly addresses: Promise<E.Either<unknown, CatalogueAddresses>> } | undefined;
  /** Files being made, so that crawlers asking at once wait for one making. */
  private readonly making = new Map<string, Promise<Buffer | undefined>>();
  private readonly productsPerFile: number;

  constructor(
    private readonly addresses: SiteAddresses,
    private readonly cache: ResponseCache,
    addressesPerFile = ADDRESSES_PER_FILE,
  ) {
    this.productsPerFile = Math.max(1, Math.floor(addressesPerFile / LANGUAGES.length));
  }

  /** The file at `path` for a site at `origin`, encoded (zipped when asked), or undefined when there is none. */
  async file(path: string, origin: string, zipped: boolean): Promise<Buffer | undefined> {
    const file = fileNamed(path);
    if (!file) return undefined;
    const key = `${path}|${origin}|${zipped ? 'gzip' : 'identity'}`;
    const kept = this.cache.get(key);
    if (kept) return kept;
    const making = this.making.get(key) ?? this.make(key, file, origin, zipped);
    this.making.set(key, making);
    try {
      return await making;
    } finally {
      this.making.delete(key);
    }
  }

  private async make(key: string, file: SitemapFile, origin: string, zipped: boolean): Promise<Buffer | undefined> {
    const since = this.cache.mark();
    const addresses = await this.addressesOf(since);
    const xml = this.render(file, origin, addresses);
    if (xml === undefined) return undefined;
    const body = zipped ? await promisify(gzip)(xml) : Buffer.from(xml);
    this.cache.set(key, body, since);
    return body;
  }

  private async addressesOf(generation: number): Promise<CatalogueAddresses> {
    if (this.loaded?.generation !== generation) this.loaded = { generation, addresses: this.addresses.all()() };
    const loaded = await this.loaded.addresses;
    if (E.isLeft(loaded)) throw loaded.left;
    return loaded.right;
  }

  private render(file: SitemapFile, origin: string, { pages, products }: CatalogueAddresses): string | undefined {
    const files = Math.ceil(products.length / this.productsPerFile);
    const slice = (n: number) => products.slice((n - 1) * this.productsPerFile, n * this.productsPerFile);
    if (file.kind === 'pages') return urlSet(origin, pages);
    if (file.kind === 'products') return file.n <= files ? urlSet(origin, slice(file.n)) : undefined;
    const entry = (path: string, lastmod: string | undefined) =>
      `<sitemap><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`;
    const entries = [entry(PAGES_FILE, latest(pages)), ...Array.from({ length: files }, (_, i) => entry(productsFile(i + 1), latest(slice(i + 1))))];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.join('')}</sitemapindex>\n`;
  }
}

/** What robots.txt says apart from the sitemap's address; the same for every request. */
const ROBOTS_RULES = ['User-agent: *', ...keptOutPaths().map((path) => `Disallow: ${path}`), 'Disallow: /api/'].join('\n');

export const robotsTxt = (origin: string): string => `${ROBOTS_RULES}\n\nSitemap: ${origin}${SITEMAP_INDEX}\n`;

/**
 * GET (and HEAD) of /robots.txt and the sitemaps. Addresses are at PUBLIC_URL when the operator
 * set it, else at the request's own origin (`listenUrl` for a request naming no host). A sitemap
 * that does not exist is 404, whatever its name.
 */
export const serveSitemaps = (sitemaps: Sitemaps, { canonicalUrl, listenUrl }: { canonicalUrl?: string; listenUrl: string }): Middleware => {
  // Koa's ctx.origin is the Origin header's; this is the address the request was sent to.
  const originOf = (ctx: Context) => canonicalUrl ?? (ctx.host ? `${ctx.protocol}://${ctx.host}` : listenUrl);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = robotsTxt(originOf(ctx));
      return;
    }
    if (ctx.path !== SITEMAP_INDEX && !ctx.path.startsWith('/sitemaps/')) return next();
    ctx.vary('Accept-Encoding');
    const zipped = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    const body = await sitemaps.file(ctx.path, originOf(ctx), zipped);
    if (!body) return fail(ctx, STATUS_OF['not-found'], NO_SUCH_SITEMAP);
    ctx.type = CONTENT_TYPE;
    if (zipped) ctx.set('Content-Encoding', 'gzip');
    ctx.body = body;
  };
};
