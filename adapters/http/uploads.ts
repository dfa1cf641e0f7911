import { Readable } from 'node:stream';
import { Middleware } from 'koa';
import { coverSizeOf, uploadedCoverOf } from '../../core/catalog/domain/cover-sizes';
import { FileKey, FileStorage } from '../../core/delivery/ports/file-storage';
import { fail } from './respond';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * The format an address names, for the two shapes of address the cover storage hands out
 * (core/catalog/domain/cover-sizes.ts): a cover, or one of its sizes. Anything else under
 * /uploads/ is not ours to serve: no other file, no traversal.
 */
const formatOf = (path: string): string | undefined => uploadedCoverOf(path)?.format ?? coverSizeOf(path)?.format;

export const NO_SUCH_IMAGE = 'No such image';

/** The covers in the file storage: where an address is kept (the image storage knows), and the files. */
export interface CoverFiles {
  readonly files: FileStorage;
  keyOf(address: string): FileKey | undefined;
  /** Makes the missing sizes of a cover uploaded before sizes were made; whether this one is there now. */
  sizesFor(sizeAddress: string): Promise<boolean>;
}

/**
 * Serves the admin's uploaded covers and their sizes, streamed from the file storage (local disk or
 * a bucket), so every process serves the same covers. A name is never reused for other content, so browsers and
 * proxies may keep each for a year without asking again. Only a public file is served.
 */
export const serveUploads =
  (covers: CoverFiles): Middleware =>
  async (ctx, next) => {
    if (ctx.path !== '/uploads' && !ctx.path.startsWith('/uploads/')) return next();
    const format = formatOf(ctx.path);
    const key = format && covers.keyOf(ctx.path);
    if (!format || !key || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return fail(ctx, 404, NO_SUCH_IMAGE);
    // HEAD gets the headers only: no file is opened for it.
    const open = async () => {
      const content = ctx.method === 'GET' ? await covers.files.read(key) : undefined;
      return { content, file: content?.file ?? (ctx.method === 'HEAD' ? await covers.files.stat(key) : undefined) };
    };
    let { content, file } = await open();
    // A size of a cover older than its sizes is made the first time it is asked for, then kept.
    if (!file && coverSizeOf(ctx.path) && (await covers.sizesFor(ctx.path))) ({ content, file } = await open());
    if (!file || file.visibility !== 'public') {
      // A private file's body is let go unread (a bucket's connection goes back to the pool).
      await content?.body[Symbol.asyncIterator]().return?.();
      return fail(ctx, 404, NO_SUCH_IMAGE);
    }
    // The type comes from the checked format the name carries, never from what the storage says.
    ctx.type = CONTENT_TYPES[format]!;
    ctx.length = file.size;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    // The content was checked to be an image; should it ever be opened as a page, it runs nothing.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.status = 200;
    if (content) ctx.body = Readable.from(content.body, { objectMode: false });
  };
