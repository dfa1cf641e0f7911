import fs from 'node:fs';
import path from 'node:path';
import { Middleware } from 'koa';
import serve from 'koa-static';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Serves the built React app: hashed assets for a year (precompressed .gz when the build made
 * them), and index.html, with the operator's support address, for every other path so that the
 * app's router takes over (DECISIONS 1).
 */
export const serveUi = (uiDir: string, supportEmail: string): Middleware => {
  const index = fs
    .readFileSync(path.join(uiDir, 'index.html'), 'utf8')
    .replace('%STORE_SUPPORT_EMAIL%', escapeHtml(supportEmail));
  const assets = serve(uiDir, {
    index: false,
    gzip: true,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
  return async (ctx, next) => {
    if (ctx.path !== '/index.html') await assets(ctx, async () => {});
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // A missing file is a 404; any other path is a route of the app.
    if (path.extname(ctx.path) && ctx.path !== '/index.html') return next();
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = index;
  };
};
