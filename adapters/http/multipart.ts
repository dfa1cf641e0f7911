import { Writable } from 'node:stream';
import type { File, Part } from 'formidable';
import { Context } from 'koa';
import { koaBody } from 'koa-body';
import { DomainError, invalid, tooLarge } from '../../core/shared/errors';

/** A file of a multipart form, read into memory (no temporary file is ever written). */
export interface ReceivedFile {
  /** The form field it came under, as sent (`covers[]`). */
  readonly field: string;
  /** The name the sender's computer gave it: for messages only. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface ReceivedForm {
  /** Text fields as sent: one value, or a list for a repeated name. */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly files: readonly ReceivedFile[];
}

export interface FormLimits {
  /** The only field names files may come under; a file under any other is refused. */
  readonly fileFields: readonly string[];
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxFields: number;
  readonly maxFieldBytes: number;
  readonly tooManyFiles: string;
  /** The message for a file over `maxFileBytes`, naming it. */
  readonly fileTooBig: (name: string) => string;
}

export const FORM_TOO_LARGE = 'The form has too many fields or too much text';
export const FORM_UNREADABLE = 'The form could not be read: send it as multipart/form-data or JSON';
export const unknownFileField = (field: string) => `Files cannot be sent under "${field.slice(0, 40)}"`;

// formidable's error codes (formidable/src/FormidableError.js) that say the form was too large.
const FIELDS_TOO_LARGE = 1006;
const TOO_MANY_FIELDS = 1007;
const FILES_TOO_LARGE = 1009;
const TOO_MANY_FILES = 1015;
const FILE_TOO_LARGE = 1016;

/** A refusal decided while the form streams in (a file over the limit), carried out of formidable. */
class Refused extends Error {
  constructor(readonly refusal: DomainError) {
    super(refusal.message);
  }
}

/** Keeps a file's bytes, and stops the upload as soon as it passes the limit, not after it. */
class Bytes extends Writable {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(
    private readonly limit: number,
    private readonly tooBig: () => DomainError,
  ) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.chunks.length = 0;
      return done(new Refused(this.tooBig()));
    }
    this.chunks.push(chunk);
    done();
  }
  bytes(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.chunks));
  }
}

const codeOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined;

/** formidable's failures as the store words them: too large is 413, anything else unreadable (400); never a 500. */
const refusalOf = (error: unknown, limits: FormLimits): DomainError => {
  if (error instanceof Refused) return error.refusal;
  switch (codeOf(error)) {
    case TOO_MANY_FILES:
      return tooLarge(limits.tooManyFiles);
    case FILE_TOO_LARGE:
    case FILES_TOO_LARGE:
      return tooLarge(limits.fileTooBig(''));
    case FIELDS_TOO_LARGE:
    case TOO_MANY_FIELDS:
      return tooLarge(FORM_TOO_LARGE);
    default:
      return invalid(FORM_UNREADABLE);
  }
};

/**
 * Reads a multipart form (koa-body with formidable 3) into text fields and in-memory files, within
 * `limits`; any other body is the one the API's JSON parser already read. Each file streams into
 * memory and the upload is cut off at the first byte over its limit, so nothing is ever left on
 * disk, whatever happens to the request.
 */
export const receiveForm = async (ctx: Context, limits: FormLimits): Promise<ReceivedForm | DomainError> => {
  if (!ctx.is('multipart')) {
    const body: unknown = ctx.request.body;
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    return fields ? { fields, files: [] } : invalid(FORM_UNREADABLE);
  }
  // Beyond every file and field at their limits, the body is refused before a byte is read.
  const most = limits.maxFiles * limits.maxFileBytes + limits.maxFieldBytes + 1024 * 1024;
  if (Number(ctx.get('content-length') || 0) > most) return tooLarge(limits.tooManyFiles);

  const received: { field: string; file: File }[] = [];
  const sinks = new Map<unknown, Bytes>();
  const unknownFields: string[] = [];
  const parse = koaBody({
    multipart: true,
    // The API's own parser has read JSON, form and text bodies already.
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFiles: limits.maxFiles,
      maxFileSize: limits.maxFileBytes,
      maxTotalFileSize: limits.maxFiles * limits.maxFileBytes,
      maxFields: limits.maxFields,
      maxFieldsSize: limits.maxFieldBytes,
      // An empty file is the core's to refuse ('not an image'), with its name.
      allowEmptyFiles: true,
      minFileSize: 0,
      filter: (part: Part) => {
        if (limits.fileFields.includes(part.name ?? '')) return true;
        unknownFields.push(part.name ?? '');
        return false;
      },
      // Called when formidable opens the file, just after 'fileBegin' named its field.
      fileWriteStreamHandler: (file) => {
        const name = (file as { originalFilename?: string | null } | undefined)?.originalFilename ?? '';
        const sink = new Bytes(limits.maxFileBytes, () => tooLarge(limits.fileTooBig(name)));
        sinks.set(file, sink);
        return sink;
      },
      onFileBegin: (field: string, file: File) => void received.push({ field, file }),
    },
  });
  try {
    await parse(ctx, async () => {});
  } catch (error) {
    return refusalOf(error, limits);
  }
  if (unknownFields.length > 0) return invalid(unknownFileField(unknownFields[0]!));
  const files = received
    .map(({ field, file }) => ({ field, name: file.originalFilename ?? '', bytes: sinks.get(file)?.bytes() ?? new Uint8Array() }))
    // What a browser sends for a file input left empty: no name and no content.
    .filter((file) => !(file.name === '' && file.bytes.length === 0));
  return { fields: (ctx.request.body ?? {}) as Record<string, unknown>, files };
};
