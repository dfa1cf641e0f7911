import { Readable } from 'node:stream';
import { Middleware } from 'koa';
import { FileKey, FileStorage } from '../../core/delivery/ports/file-storage';
import { fail } from './respond';

/**
 * The one shape of an uploaded image's address, as the image storage hands it out
 * (adapters/storage/stored-images.ts): a random name and the extension of its checked format.
 * Anything else under /uploads/ is not ours to serve: no other file, no traversal.
 */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{24})\.(jpg|png|gif|webp)$/;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

export const NO_SUCH_IMAGE = 'No such image';

/** The covers in the file storage: where an address is kept (the image storage knows), and the files. */
export interface CoverFiles {
  readonly files: FileStorage;
  keyOf(address: string): FileKey | undefined;
}

/**
 * Serves the admin's uploaded covers, streamed from the file storage (local disk or a bucket), so
 * every process serves the same covers. A name is never reused for other content, so browsers and
 * proxies may keep each for a year without asking again. Only a public file is served.
 */
export const serveUploads =
  (covers: CoverFiles): Middleware =>
  async (ctx, next) => {
    if (ctx.path !== '/uploads' && !ctx.path.startsWith('/uploads/')) return next();
    const match = UPLOAD_PATH.exec(ctx.path);
    const key = match && covers.keyOf(ctx.path);
    if (!match || !key || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return fail(ctx, 404, NO_SUCH_IMAGE);
    // HEAD gets the headers only: no file is opened for it.
    const content = ctx.method === 'GET' ? await covers.files.read(key) : undefined;
    const file = content?.file ?? (ctx.method === 'HEAD' ? await covers.files.stat(key) : undefined);
    if (!file || file.visibility !== 'public') {
      // A private file's body is let go unread (a bucket's connection goes back to the pool).
      await content?.body[Symbol.asyncIterator]().return?.();
      return fail(ctx, 404, NO_SUCH_IMAGE);
    }
    // The type comes from the checked format the name carries, never from what the storage says.
    ctx.type = CONTENT_TYPES[match[2]!]!;
    ctx.length = file.size;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    // The content was checked to be an image; should it ever be opened as a page, it runs nothing.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.status = 200;
    if (content) ctx.body = Readable.from(content.body, { objectMode: false });
  };
