import Koa, { Context } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { inject } from 'light-my-request';
import type { RenderPage, SendRequest } from '../../api/rendered-page';
import type { CurrencyRegion } from '../../core/catalog/domain/pricing';
import { StorePage } from '../../core/location/domain/store-pages';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { catalogRoutes } from './routes/catalog';
import { AnswerCaches, ResponseCache } from './response-cache';

/**
 * The shopper's pages the server renders (issue 22): what a link preview or a crawler opens, and
 * what a phone should paint from the first response. Account, cart, checkout and admin pages are
 * the browser's alone: they are the visitor's own, and no one shares them. Any other path is the
 * 404 page, rendered as one.
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

/** A rendered page's key in the cache: everything the page is rendered from. */
export const renderedKey = (language: string, region: CurrencyRegion, phone: boolean, url: string): string => `${language}|${region}|${phone ? 'phone' : 'desktop'}|${url}`;
