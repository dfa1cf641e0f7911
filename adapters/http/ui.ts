import fs from 'node:fs';
import path from 'node:path';
import { Middleware } from 'koa';
import serve from 'koa-static';
import { addressIn, keepLanguage, pageAddressOf } from './page-language';
import { requestLanguage } from './request-language';
import { templateForPath } from './page-preloads';
import { PageRendering, RENDERED_PAGES, isPhone, renderedKey } from './rendered-pages';
import type { RenderPage, RenderedPage } from '../../api/rendered-page';
import { storePageOf } from '../../core/location/domain/store-pages';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Whether a path names the page template, read as koa-send reads it (decoded, dots resolved):
 * '/index.html', '/%2e/index.html' and '/a/../index.html' are the page; '/index.html.gz' is the
 * template's compressed file.
 */
const asTemplate = (urlPath: string): 'page' | 'other-file' | 'no' => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return 'no';
  }
  const file = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (file === 'index.html') return 'page';
  return file.startsWith('index.html') ? 'other-file' : 'no';
};

/** What every page says of this store, written into index.html once at start. */
export interface StorePage {
  readonly supportEmail: string;
  /** An operator's public test store (DECISIONS 21): every page says no real payments are taken. */
  readonly testStore: boolean;
  /** Whether 'Continue with Google' is offered. */
  readonly googleSignIn: boolean;
}

export const TEST_STORE_BANNER = 'Test store: no real payments';

/** Outside the app's root, so it is on every page from the first byte, whatever the app renders. */
const banner = `<p class="test-store-banner" role="note">${TEST_STORE_BANNER}</p>`;

/**
 * A page the server rendered, in the template: its head's tags in place of the template's title and
 * description, its markup and reads in the app's root. Replaced by functions, so that a `$` in a
 * product's text is never read as a replacement pattern.
 */
const withRendered = (template: string, page: RenderedPage): string =>
  template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.root}</div>${page.data}`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '');

/**
 * Serves the built React app: hashed assets for a year (precompressed .gz when the build made
 * them), and index.html, with the operator's support address, for every other path so that the
 * app's router takes over (DECISIONS 1), naming the files of the path's page (page-preloads.ts).
 *
 * Languages (issue 20): a page under `/ar/`, `/pt/` or `/es/` is served in that language, its
 * `<html lang dir>` set from the first byte. An English address asked by a visitor whose language
 * is another (their choice's cookie, else their browser's Accept-Language) is sent to the same page
 * at that language's address; the spec's English routes stay as they are for everyone else.
 */
export const serveUi = (uiDir: string, store: StorePage, rendering?: PageRendering): Middleware => {
  const pageFor = templateForPath(
    uiDir,
    fs
      .readFileSync(path.join(uiDir, 'index.html'), 'utf8')
      .replace('%STORE_SUPPORT_EMAIL%', escapeHtml(store.supportEmail))
      .replace('%STORE_GOOGLE_SIGN_IN%', store.googleSignIn ? 'on' : 'off')
      .replace('%TEST_STORE_BANNER%', store.testStore ? banner : ''),
  );
  const assets = serve(uiDir, {
    index: false,
    gzip: true,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
  let renderer: Promise<RenderPage> | undefined;
  /** The shopper's page rendered (issue 22), from the cache when it holds it; undefined for a page the browser renders alone, or when rendering failed. */
  const rendered = async (ctx: Parameters<Middleware>[0], address: ReturnType<typeof pageAddressOf>): Promise<{ status: number; body: string | Buffer } | undefined> => {
    if (!rendering || !RENDERED_PAGES.has(storePageOf(address.path))) return undefined;
    const region = rendering.regionOf(ctx);
    const phone = isPhone(ctx);
    const key = renderedKey(address.language, region, phone, `${address.path}?${ctx.querystring}`);
    const kept = rendering.cache.get(key);
    if (kept) return { status: 200, body: kept };
    const since = rendering.cache.mark();
    try {
      renderer ??= rendering.renderer();
      const page = await (await renderer)({ path: address.path, search: ctx.search, language: address.language, region, phone, origin: rendering.origin });
      const body = withRendered(pageFor(address.path, address.language, ctx.querystring, false), page);
      // A page that is not there is rendered each time: a crawl of made-up addresses must not push out the pages that are.
      if (page.status === 200) rendering.cache.set(key, Buffer.from(body), since);
      return { status: page.status, body };
    } catch (error) {
      rendering.warn(`The page ${ctx.path} could not be rendered on the server; the browser renders it: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  return async (ctx, next) => {
    const template = asTemplate(ctx.path);
    // The template's own file (and its .gz) is never sent as it lies on disk, placeholders unfilled.
    if (template === 'other-file') return next();
    if (template === 'no') await assets(ctx, async () => {});
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // A missing file is a 404; any other path is a route of the app.
    if (path.extname(ctx.path) && template !== 'page') return next();
    const address = pageAddressOf(ctx.path);
    // The answer depends on these: a cache keeps one per language, never one for all.
    ctx.vary('Accept-Language');
    ctx.vary('Cookie');
    ctx.set('Cache-Control', 'no-cache');
    const visitor = address.language === 'en' ? requestLanguage(ctx) : address.language;
    if (visitor !== address.language) return ctx.redirect(addressIn(visitor, address.path, ctx.querystring));
    if (address.language !== 'en') keepLanguage(ctx, address.language);
    // Rendered for a phone or a desktop, as the browser says.
    if (rendering) ctx.vary('Sec-CH-UA-Mobile');
    const page = await rendered(ctx, address);
    ctx.status = page?.status ?? 200;
    ctx.type = 'html';
    ctx.body = page?.body ?? pageFor(address.path, address.language, ctx.querystring);
  };
};
