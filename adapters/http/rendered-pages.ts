import Koa, { Context } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { inject } from 'light-my-request';
import type { RenderPage, RenderedPage, SendRequest } from '../../api/rendered-page';
import type { CurrencyRegion } from '../../core/catalog/domain/pricing';
import { StorePage, storePageOf } from '../../core/location/domain/store-pages';
import { Language } from '../../core/shared/language';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { catalogRoutes } from './routes/catalog';
import type { PageSent } from './page-preloads';
import { AnswerCaches, ResponseCache } from './response-cache';
import { sessionToken } from './session';

const gzipped = promisify(gzip);

/**
 * The shopper's pages the server renders (issue 22): what a link preview or a crawler opens, and
 * what a phone should paint from the first response. Account and admin pages are the browser's
 * alone: they are the visitor's own, and no one shares them; the cart and the checkout only have
 * their frame rendered (FRAMED_PAGES). Any other path is the 404 page, rendered as one.
 */
export const RENDERED_PAGES: ReadonlySet<StorePage | undefined> = new Set<StorePage | undefined>([
  'home',
  'productType',
  'bookCategory',
  'product',
  'searchResults',
  'contact',
  'about',
  'policies',
  'terms',
  undefined,
]);

/**
 * The visitor's own pages that the browser fills, whose frame the server sends: the bar, and what
 * shows while the session is checked, the same for everyone, which the app hydrates and then fills.
 * Sent as the app's template alone, nothing painted until the app had run, and the cart scored 93
 * on Lighthouse's phone (first paint 2.1 s). As a rendered page's, their app is fetched once the
 * frame is painted; the reads that fill them are asked for with the page.
 */
export const FRAMED_PAGES: ReadonlySet<StorePage | undefined> = new Set<StorePage | undefined>(['cart', 'checkout']);

/** What serveUi needs to render a page: the renderer, the visitor's region, and where rendered pages are kept. */
export interface PageRendering {
  /** Made on the first page asked for: the renderer loads every language's catalogues first. */
  readonly renderer: () => Promise<RenderPage>;
  readonly regionOf: (ctx: Context) => CurrencyRegion;
  /** Cleared with the catalogue's answers, so a change reaches the pages as fast as it reaches the JSON. */
  readonly cache: ResponseCache;
  readonly origin: string;
  readonly warn: (line: string) => void;
}

/**
 * Whether the visitor's browser says it is a phone: the `Sec-CH-UA-Mobile` client hint Chromium
 * sends, else the user agent's 'Mobi' (as MDN advises). A wrong guess costs only a second read
 * once the page has loaded, at the width it really has.
 */
export const isPhone = (ctx: Context): boolean => {
  const hint = ctx.get('Sec-CH-UA-Mobile');
  return hint ? hint === '?1' : /Mobi/i.test(ctx.get('User-Agent'));
};

/**
 * The renderer's reads, answered in-process by the catalogue's own routes (the same answers, the
 * same caches as the JSON calls) without a socket, and apart from the per-address limits and the
 * request log, which count visitors, not the pages they are sent.
 */
export const catalogueReads = (browse: Browse, search: SearchCatalog, caches: AnswerCaches): SendRequest => {
  const reads = new Koa();
  // A read that fails (the database away) answers the renderer 500, and the page renders as still
  // loading, for the browser to ask again: the store's own log tells of the outage, not a stack per page.
  reads.silent = true;
  const router = new Router({ prefix: '/api' });
  router.use(koaBody({ jsonLimit: '100kb', multipart: false }));
  catalogRoutes(router, browse, search, caches);
  reads.use(router.routes());
  const answer = reads.callback();
  return async (address, init) => {
    const response = await inject(answer, {
      method: (init.method ?? 'GET') as 'GET',
      url: address,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(response.statusCode === 204 ? null : response.payload, { status: response.statusCode });
  };
};

/** A rendered page's key in the cache: everything the page is rendered from, and how it is sent. */
const renderedKey = (language: string, region: CurrencyRegion, phone: boolean, url: string, zipped: boolean): string =>
  `${language}|${region}|${phone ? 'phone' : 'desktop'}|${url}|${zipped ? 'gzip' : 'identity'}`;

/**
 * Painted once the page's whole bar is in: painted while the bar's end was still on its way, the
 * phone's 'Sign in' moved when the language and cart came. Only in a rendered page: in the others
 * the bar is the app's, and Chromium warns in the console of an element that never came.
 */
const PAINT_WITH_THE_BAR = '<link rel="expect" href="#main" blocking="render" />';

/**
 * A page the server rendered, in the template: its head's tags in place of the template's title and
 * description, its markup and reads in the app's root. Replaced by functions, so that a `$` in a
 * product's text is never read as a replacement pattern.
 */
const withRendered = (template: string, page: RenderedPage): string =>
  template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${PAINT_WITH_THE_BAR}${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.root}</div>${page.data}`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '');

/** A page as it is sent: some 35 KB of HTML, 8 KB zipped, which a phone on a slow network feels. */
export interface SentPage {
  readonly status: number;
  readonly body: Buffer;
  readonly zipped: boolean;
}

type PageTemplate = (urlPath: string, language: Language, query: string, sent: PageSent, hasSession: boolean) => string;

/**
 * The shopper's page rendered, from the cache when it holds it: undefined for a page the browser
 * renders alone, or when rendering failed (the browser then renders it, and the operator is told).
 * Zipped off the event loop.
 */
export const renderedPages = (rendering: PageRendering, template: PageTemplate) => {
  let renderer: Promise<RenderPage> | undefined;
  return async (ctx: Context, address: { readonly language: Language; readonly path: string }): Promise<SentPage | undefined> => {
    const which = storePageOf(address.path);
    const framed = FRAMED_PAGES.has(which);
    if (!framed && !RENDERED_PAGES.has(which)) return undefined;
    const region = rendering.regionOf(ctx);
    const phone = isPhone(ctx);
    const zipped = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    // A framed page names the reads it waits for when the visitor has a session (page-preloads.ts).
    const hasSession = framed && sessionToken(ctx) !== undefined;
    const key = renderedKey(address.language, region, phone, `${address.path}?${ctx.querystring}`, zipped) + (hasSession ? '|session' : '');
    const kept = rendering.cache.get(key);
    if (kept) return { status: 200, body: kept, zipped };
    const since = rendering.cache.mark();
    try {
      // A renderer that could not be made is made again for the next page, not kept failing.
      renderer ??= rendering.renderer().catch((error: unknown) => {
        renderer = undefined;
        throw error;
      });
      const page = await (await renderer)({ path: address.path, search: ctx.search, language: address.language, region, phone, origin: rendering.origin, own: framed });
      const html = withRendered(template(address.path, address.language, ctx.querystring, framed ? 'framed' : 'rendered', hasSession), page);
      const body = zipped ? await gzipped(html) : Buffer.from(html);
      // A page that is not there is rendered each time: a crawl of made-up addresses must not push out the pages that are.
      if (page.status === 200) rendering.cache.set(key, body, since);
      return { status: page.status, body, zipped };
    } catch (error) {
      rendering.warn(`The page ${ctx.path} could not be rendered on the server; the browser renders it: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
};
