import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import path from 'node:path';
import { ArchiveListing } from '../../../core/delivery/domain/file-content';
import { UploadedFile } from '../../../core/delivery/ports/uploaded-file';
import { listZip } from './zip-listing';

/** An upload kept in a temporary file under the data folder until the use case is done with it. */
export class TemporaryUpload implements UploadedFile {
  constructor(
    readonly file: string,
    readonly name: string,
    readonly size: number,
  ) {}

  async head(length: number): Promise<Uint8Array> {
    const handle = await fs.open(this.file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(length, this.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  listing(): Promise<ArchiveListing | { readonly unreadable: string }> {
    return listZip(this.file);
  }

  content(): AsyncIterable<Uint8Array> {
    return createReadStream(this.file);
  }

  discard(): Promise<void> {
    return fs.rm(this.file, { force: true });
  }
}

export type Received = TemporaryUpload | 'too-large' | 'cut';

/**
 * Streams a request's body into a temporary file, never into memory. Refused ('too-large') as soon
 * as it passes `max` bytes, at once when its announced length does; 'cut' when the client stopped
 * sending before the end. Either way nothing is left in `dir`. The request is paused, not
 * destroyed, on a refusal, so the client still reads the answer (sent with Connection: close).
 */
export const receiveUpload = async (req: IncomingMessage, dir: string, name: string, max: number): Promise<Received> => {
  const announced = Number(req.headers['content-length'] ?? NaN);
  if (announced > max) return 'too-large';
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `upload-${randomBytes(12).toString('hex')}.part`);
  const out = createWriteStream(file, { flags: 'wx' });
  let size = 0;
  const outcome = await new Promise<'done' | 'too-large' | 'cut' | Error>((resolve) => {
    let settled = false;
    const settle = (result: 'done' | 'too-large' | 'cut' | Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onError);
      if (result !== 'done') req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return settle('too-large');
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => settled || req.resume());
      }
    };
    const onEnd = () => out.end(() => settle('done'));
    const onClose = () => (req.complete ? undefined : settle('cut'));
    const onError = () => settle('cut');
    out.on('error', (error) => settle(error));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onError);
    req.resume();
    // A client gone while the folder was made: its 'close' came before anyone listened.
    if (req.destroyed) onClose();
  });
  if (outcome === 'done') return new TemporaryUpload(file, name, size);
  await new Promise<void>((resolve) => {
    if (out.closed) return resolve();
    out.once('close', () => resolve());
    out.destroy();
  });
  await fs.rm(file, { force: true });
  if (outcome instanceof Error) throw outcome;
  return outcome;
};
