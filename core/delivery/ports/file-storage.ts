/**
 * Where the store keeps files of its own: covers (public), product files, stamped copies and
 * transfer receipts (private). Adapters: local disk under DATA_DIR (the embedded default) and any
 * S3-compatible service through the AWS SDK; one contract suite holds both (and the memory twin).
 *
 * Content is streamed both ways: nothing here holds a whole file in memory, so a 2 GB upload or a
 * hundred downloads at once cost a process little.
 */
export interface FileStorage {
  /**
   * Streams `content` to `key`. The file appears at the key only once its last byte is written: a
   * reader never sees half a file, and a write that fails or is cut (the stream throws) leaves
   * nothing behind. A file already at the key is replaced whole.
   */
  put(key: FileKey, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile>;
  /** What is kept at `key`, or undefined. */
  stat(key: FileKey): Promise<StoredFile | undefined>;
  /**
   * The file's bytes from `range.start` to `range.end` inclusive (the whole file without a range),
   * or undefined when there is no file at the key. The range must lie within the file.
   */
  read(key: FileKey, range?: ByteRange): Promise<FileContent | undefined>;
  /** Forgets the file; nothing at the key is fine. */
  remove(key: FileKey): Promise<void>;
  /**
   * A link that reads the file straight from the storage until it expires (S3: a presigned GET), or
   * undefined where the storage has none (local disk: the store serves its files itself).
   */
  temporaryLink(key: FileKey, seconds: number): Promise<string | undefined>;
}

/**
 * A file's name in the storage: lower-case letters, digits, '-', '_' and '.', in segments joined by
 * '/' ('covers/5f0c….jpg', 'products/<id>/<file id>.pdf'). Never a name a visitor chose.
 */
export type FileKey = string;

export const FILE_KEY = /^[a-z0-9_-][a-z0-9._-]{0,127}(?:\/[a-z0-9_-][a-z0-9._-]{0,127}){0,7}$/;

export const isFileKey = (key: string): key is FileKey => FILE_KEY.test(key) && !key.split('/').some((s) => s === '..' || s === '.');

export interface FileFacts {
  /** The media type the file is served with ('application/pdf'). */
  readonly contentType: string;
  /** Public files (covers) may be served to anyone at a stable address; private ones never are. */
  readonly visibility: 'public' | 'private';
}

export interface StoredFile extends FileFacts {
  readonly key: FileKey;
  readonly size: number;
}

export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface FileContent {
  readonly file: StoredFile;
  readonly body: AsyncIterable<Uint8Array>;
}

/** The storage cannot be reached: uploads answer 503 and nothing is half-written. */
export class StorageUnavailable extends Error {
  constructor(cause?: unknown) {
    super('File storage is unavailable', { cause });
    this.name = 'StorageUnavailable';
  }
}
