import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ByteRange, FileContent, FileFacts, FileKey, FileStorage, StorageUnavailable, StoredFile } from '../../core/delivery/ports/file-storage';
import { checkedKey, isRangeWithin } from './file-keys';
import { StorageReadiness, isOutage } from './s3-faults';

export interface S3Settings {
  readonly bucket: string;
  /** 'us-east-1' by default; R2 takes 'auto'. */
  readonly region: string;
  /** Any S3-compatible service (R2, Garage, Ceph RGW...); unset: AWS S3 itself. */
  readonly endpoint?: string;
  /** Unset: the SDK's own chain (AWS_* variables, a profile, an instance or task role). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Bucket in the path (`host/bucket/key`) rather than the host name: what most self-hosted services need. */
  readonly forcePathStyle: boolean;
}

/** Where a file's visibility is kept: object metadata (`x-amz-meta-visibility`), which every S3 service keeps. */
const VISIBILITY = 'visibility';
/**
 * Parts of a multipart upload: each is held in memory while it is sent and while the next is
 * gathered, so a put costs a few times PART_BYTES whatever the file's size. S3's least part (5 MiB)
 * keeps that small, and its 10,000 parts still allow 50 GB, far above the 2 GB a product file may be.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** A presigned link lives at most a week (S3's limit for signature v4). */
const LONGEST_LINK_SECONDS = 7 * 24 * 3600;
/** How long a HeadBucket answer stands for the readiness probe: a flood of probes costs one call. */
const PROBE_KEPT_MS = 5_000;

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => statusOf(error) === 404 || (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey'));

/** The service's outages become StorageUnavailable; any other failure (a refused signature, a bug) stays as it is. */
const storageFault = (error: unknown): unknown => (error instanceof StorageUnavailable || !isOutage(error) ? error : new StorageUnavailable(error));

/** Remembers whether the content itself failed, so its own error (an upload cut by the client) is the one told. */
class WatchedContent {
  failure: { error: unknown } | undefined;
  constructor(private readonly content: AsyncIterable<Uint8Array>) {}
  async *[Symbol.asyncIterator]() {
    try {
      for await (const part of this.content) yield part;
    } catch (error) {
      this.failure = { error };
      throw error;
    }
  }
}

/**
 * FileStorage on any S3-compatible service through the AWS SDK. Puts stream through a multipart
 * upload, which the service makes visible at the key only when it completes, and which is aborted on
 * failure (a cut upload leaves nothing at the key); media type and visibility ride on the object.
 * Reads stream the object's body; temporary links are presigned GETs.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private probed: { at: number; answer: Promise<StorageReadiness> } | undefined;

  constructor(
    private readonly settings: S3Settings,
    private readonly now: () => number = Date.now,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials && { accessKeyId: settings.credentials.accessKeyId, secretAccessKey: settings.credentials.secretAccessKey },
      // Checksums only where S3 demands them: many S3-compatible services refuse the newer
      // aws-chunked trailing checksums the SDK would otherwise send with every streamed part.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable service is told within seconds; a download may take as long as it takes,
      // but a connection idle for a minute is given up. Many downloads at once each hold a socket.
      requestHandler: {
        connectionTimeout: 5_000,
        socketTimeout: 60_000,
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
      maxAttempts: 2,
    });
  }

  async put(key: FileKey, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile> {
    const Key = checkedKey(key);
    const watched = new WatchedContent(content);
    let size = 0;
    // Bytes, not objects: Readable.from would otherwise read sixteen parts ahead, whatever their size.
    const counted = Readable.from(
      (async function* () {
        for await (const part of watched) {
          size += part.byteLength;
          yield part;
        }
      })(),
      { objectMode: false, highWaterMark: 64 * 1024 },
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key, Body: counted, ContentType: facts.contentType, Metadata: { [VISIBILITY]: facts.visibility } },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      counted.destroy();
      // The content's own failure is the one to tell, not the abort that followed it.
      throw watched.failure ? watched.failure.error : storageFault(error);
    }
    return { key: Key, size, contentType: facts.contentType, visibility: facts.visibility };
  }

  async stat(key: FileKey): Promise<StoredFile | undefined> {
    const Key = checkedKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return this.fileOf(Key, head.ContentLength ?? 0, head.ContentType, head.Metadata);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw storageFault(error);
    }
  }

  async read(key: FileKey, range?: ByteRange): Promise<FileContent | undefined> {
    const Key = checkedKey(key);
    // Checked here too: S3 answers a range that begins inside the file but ends past it with less.
    if (range && !isRangeWithin(range, Number.MAX_SAFE_INTEGER)) throw new RangeError(`Outside ${Key}: ${range.start}-${range.end}`);
    let object: GetObjectCommandOutput;
    try {
      object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (statusOf(error) === 416) throw new RangeError(`Outside ${Key}: ${range?.start}-${range?.end}`);
      throw storageFault(error);
    }
    const body = object.Body as (Readable & AsyncIterable<Uint8Array>) | undefined;
    const answered = answeredRange(object);
    if (range && !isRangeWithin(range, answered.size)) {
      body?.destroy();
      throw new RangeError(`Outside ${Key}: ${range.start}-${range.end}`);
    }
    if (range && (answered.start > range.start || answered.end < range.end)) {
      body?.destroy();
      throw new Error(`The storage answered bytes ${answered.start}-${answered.end} of ${Key} for ${range.start}-${range.end}`);
    }
    const file = this.fileOf(Key, answered.size, object.ContentType, object.Metadata);
    if (!body) return { file, body: (async function* () {})() };
    // A service or proxy may answer more than the range asked (the whole object, or to its end):
    // only the bytes asked for go on, or a resumed download would be corrupted.
    return { file, body: faultsTold(range ? within(body, range.start - answered.start, range.end - range.start + 1) : body) };
  }

  async remove(key: FileKey): Promise<void> {
    const Key = checkedKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return;
      throw storageFault(error);
    }
  }

  async temporaryLink(key: FileKey, seconds: number): Promise<string | undefined> {
    const Key = checkedKey(key);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > LONGEST_LINK_SECONDS) throw new RangeError(`A link lives 1 to ${LONGEST_LINK_SECONDS} seconds, not ${seconds}`);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key }), { expiresIn: seconds });
  }

  /**
   * Whether the bucket answers (HeadBucket), for GET /api/ready; one answer stands a few seconds.
   * The reasons name no bucket, host or error text: the answer goes to whoever asks.
   */
  readiness(): Promise<StorageReadiness> {
    const at = this.now();
    if (this.probed && at - this.probed.at < PROBE_KEPT_MS) return this.probed.answer;
    const answer = this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })).then(
      (): StorageReadiness => ({ ready: true }),
      (error: unknown): StorageReadiness => ({
        ready: false,
        reason: isOutage(error) ? 'The file storage does not answer' : 'The file storage refuses the store (bucket or credentials)',
      }),
    );
    this.probed = { at, answer };
    return answer;
  }

  close(): void {
    this.client.destroy();
  }

  private fileOf(key: FileKey, size: number, contentType: string | undefined, metadata: Record<string, string> | undefined): StoredFile {
    return {
      key,
      size,
      contentType: contentType ?? 'application/octet-stream',
      // A file of unknown visibility is private: nothing is shown to the public by mistake.
      visibility: metadata?.[VISIBILITY] === 'public' ? 'public' : 'private',
    };
  }
}

/** The bytes an answer holds, and the whole object's size: from Content-Range, or the whole object without one. */
const answeredRange = (object: GetObjectCommandOutput) => {
  const ranged = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
  if (ranged) return { start: Number(ranged[1]), end: Number(ranged[2]), size: Number(ranged[3]) };
  const size = object.ContentLength ?? 0;
  return { start: 0, end: size - 1, size };
};

/** `take` bytes of `body` after the first `skip`; the body is let go once they are given. */
async function* within(body: AsyncIterable<Uint8Array>, skip: number, take: number): AsyncIterable<Uint8Array> {
  let left = take;
  for await (const part of body) {
    const from = Math.min(skip, part.length);
    skip -= from;
    const given = part.subarray(from, from + left);
    left -= given.length;
    if (given.length) yield given;
    if (left === 0) return;
  }
}

/** The body's own failures (the connection to the service lost midway) become StorageUnavailable too. */
async function* faultsTold(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* body;
  } catch (error) {
    throw storageFault(error);
  }
}
