import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as E from 'fp-ts/Either';
import { StampFor } from '../../core/delivery/domain/stamp';
import { StampedFormat, Stamper } from '../../core/delivery/ports/stamper';
import { DomainError } from '../../core/shared/errors';

/** What a stamping thread is given. */
export interface StampRequest {
  readonly format: StampedFormat;
  readonly original: Uint8Array;
  readonly buyer: StampFor;
}

type FromThread = { readonly result: E.Either<DomainError, Uint8Array> } | { readonly crashed: string };

/** The compiled worker beside the compiled server (scripts/builds.js); else its source, through tsx's require hook (tests). */
const startWorker = (request: StampRequest): Worker => {
  const options = { workerData: request, transferList: [request.original.buffer as ArrayBuffer] };
  const built = path.join(__dirname, 'stamp-worker.js');
  if (fs.existsSync(built)) return new Worker(built, options);
  const source = path.join(__dirname, 'stamp-worker.ts');
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(source)});`, { ...options, eval: true });
};

/**
 * The store's Stamper: FileStamper on a thread of its own, one thread per file. Parsing a PDF of
 * 200 MB takes pdf-lib seconds of CPU (minutes for one that is mostly noise), which on the store's
 * own thread would stop every shopper's request for as long; here only the thread waits. The
 * original's bytes move to the thread and the copy's move back, so nothing is copied twice.
 */
export class ThreadStamper implements Stamper {
  stamp(format: StampedFormat, original: Uint8Array, buyer: StampFor): Promise<E.Either<DomainError, Uint8Array>> {
    // A view into a larger buffer (a pooled Buffer) is copied: only a buffer of its own can move.
    const own = original.byteOffset === 0 && original.byteLength === original.buffer.byteLength ? original : original.slice();
    return new Promise((resolve, reject) => {
      const worker = startWorker({ format, original: own, buyer });
      // A store closing mid-stamp does not wait for it: the job is claimed again after a restart.
      worker.unref();
      worker.once('message', (message: FromThread) => {
        if ('crashed' in message) reject(new Error(`Stamping failed: ${message.crashed}`));
        else resolve(message.result);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The stamping thread stopped (exit code ${code})`)));
    });
  }
}
