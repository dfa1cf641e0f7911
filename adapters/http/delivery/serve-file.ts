import { Transform, pipeline } from 'node:stream';
import { Context } from 'koa';
import { OpenedFile } from '../../../core/delivery/use-cases/downloads';
import { CONTENT_TYPE_OF } from '../../../core/delivery/domain/product-file';
import { DOWNLOAD_NOT_FOUND } from '../../../core/delivery/domain/downloads';
import { fail } from '../respond';

export const RANGE_NOT_SATISFIABLE = 'The requested range is outside the file';

/**
 * The one range a request asks for (RFC 9110 14.1.2): the whole file when it asks none, or more
 * than one (serving the whole is allowed), or writes it wrong; 'outside' when it asks only bytes
 * the file does not have.
 */
export const rangeOf = (header: string | undefined, size: number): { start: number; end: number } | 'whole' | 'outside' => {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'outside';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'outside';
  if (end < start) return 'whole';
  return { start, end };
};

/** RFC 6266: an ASCII fallback and the exact UTF-8 name, so every browser saves it under its name. */
export const attachmentOf = (name: string): string => {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
};

/**
 * Serves an opened file: the whole (200) or one range (206), streamed from the storage, so a large
 * file resumes and memory stays flat. When the response is over (finished or cut), it is logged
 * with the bytes written; the log decides whether it completed the download.
 */
export const serveFile = async (ctx: Context, opened: OpenedFile, log: (error: unknown) => void): Promise<void> => {
  const { size, file } = opened;
  const range = rangeOf(ctx.get('range') || undefined, size);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'no-store');
  if (range === 'outside') {
    ctx.set('Content-Range', `bytes */${size}`);
    return fail(ctx, 416, RANGE_NOT_SATISFIABLE);
  }
  const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
  const length = end - start + 1;
  // HEAD: the headers only; nothing read, nothing logged.
  const content = ctx.method === 'HEAD' ? undefined : await opened.read(range === 'whole' ? undefined : { start, end });
  // Removed between the check and the read.
  if (ctx.method !== 'HEAD' && !content) return fail(ctx, 404, DOWNLOAD_NOT_FOUND);
  // Only now, with the bytes at hand, does the answer become a file: a storage that fails before
  // (it throws) is answered 503 with its message, never a JSON message saved as "atlas.pdf".
  ctx.set('Content-Disposition', attachmentOf(file.name));
  ctx.type = CONTENT_TYPE_OF[file.kind];
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (range !== 'whole') ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
  ctx.status = range === 'whole' ? 200 : 206;
  ctx.length = length;
  if (!content) return;
  let sent = 0;
  // A storage that stops early or sends too much breaks the answer: the connection is cut, so the
  // client knows its copy is not whole, and the log never counts it.
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(sent > length ? new Error(`The storage sent more than ${length} bytes`) : null, chunk);
    },
    flush(done) {
      done(sent < length ? new Error(`The storage ended after ${sent} of ${length} bytes`) : null);
    },
  });
  // pipeline: a response cut by the client closes the storage's stream too (no file left open), and
  // a storage failing midway cuts the response (Koa destroys it when its body stream errs).
  pipeline(content.body, counting, () => {});
  ctx.res.once('close', () => {
    const finished = ctx.res.writableFinished;
    opened.served({ start, end, fileSize: size, bytesSent: sent, finished }).catch(log);
  });
  ctx.body = counting;
};
