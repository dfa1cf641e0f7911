import fs from 'node:fs';
import path from 'node:path';
import { Middleware } from 'koa';
import { fail } from './respond';

/**
 * The one shape of an uploaded image's address, as the image storage hands it out
 * (adapters/uploads/local-images.ts): a random name and the extension of its checked format.
 * Anything else under /uploads/ is not ours to serve: no other file of the folder, no traversal.
 */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{24})\.(jpg|png|gif|webp)$/;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

export const NO_SUCH_IMAGE = 'No such image';

/**
 * Serves the admin's uploaded images. A name is never reused for other content, so browsers and
 * proxies may keep each for a year without asking again.
 */
export const serveUploads =
  (dir: string): Middleware =>
  async (ctx, next) => {
    if (ctx.path !== '/uploads' && !ctx.path.startsWith('/uploads/')) return next();
    const match = UPLOAD_PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return fail(ctx, 404, NO_SUCH_IMAGE);
    const file = path.join(dir, `${match[1]}.${match[2]}`);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return fail(ctx, 404, NO_SUCH_IMAGE);
    ctx.type = CONTENT_TYPES[match[2]!]!;
    ctx.length = stat.size;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    // The content was checked to be an image; should it ever be opened as a page, it runs nothing.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.status = 200;
    // HEAD gets the headers only: no file is opened for it.
    if (ctx.method === 'GET') ctx.body = fs.createReadStream(file);
  };
