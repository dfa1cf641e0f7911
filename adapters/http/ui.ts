import fs from 'node:fs';
import path from 'node:path';
import { Middleware } from 'koa';
import serve from 'koa-static';
import { addressIn, keepLanguage, pageAddressOf } from './page-language';
import { requestLanguage } from './request-language';
import { templateForPath } from './page-preloads';
import { sessionToken } from './session';
import { PageRendering, renderedPages } from './rendered-pages';

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
  const rendered = rendering && renderedPages(rendering, pageFor);
  return async (ctx, next) => {
    const template = asTemplate(ctx.path);
    // The template's own file (and its .gz) is never sent as it lies on disk, placeholders unfilled.
    if (template === 'other-file') return next();
    // Only a path with an extension can be a file: a page's address skips the file system (two
    // calls per page; without them a cached rendered page answered 5,000 a second instead of 3,200).
    if (template === 'no' && path.extname(ctx.path)) await assets(ctx, async () => {});
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
    // Rendered for a phone or a desktop, as the browser says, and zipped for a browser that takes it.
    if (rendered) ctx.vary(['Sec-CH-UA-Mobile', 'User-Agent']);
    if (rendered) ctx.vary('Accept-Encoding');
    const page = await rendered?.(ctx, address);
    ctx.status = page?.status ?? 200;
    ctx.type = 'html';
    if (page?.zipped) ctx.set('Content-Encoding', 'gzip');
    ctx.body = page?.body ?? pageFor(address.path, address.language, ctx.querystring, 'template', sessionToken(ctx) !== undefined);
  };
};
