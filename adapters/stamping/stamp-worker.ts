import { parentPort, workerData } from 'node:worker_threads';
import * as E from 'fp-ts/Either';
import { FileStamper } from './stamper';
import type { StampRequest } from './stamping-thread';

// One stamp per thread: its answer goes back (the bytes moved, not copied) and the thread ends.
const { format, original, buyer } = workerData as StampRequest;
new FileStamper().stamp(format, original, buyer).then(
  (result) => parentPort!.postMessage({ result }, E.isRight(result) ? [result.right.buffer as ArrayBuffer] : []),
  (error: unknown) => parentPort!.postMessage({ crashed: error instanceof Error ? error.stack ?? error.message : String(error) }),
);
