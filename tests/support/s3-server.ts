import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { S3Settings } from '../../adapters/storage/s3-storage';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const TEST_BUCKET = 'store-files';

export interface RunningS3 {
  /** Settings the store's S3Storage reaches it with: the real SDK, over HTTP, path-style. */
  readonly settings: S3Settings;
  close(): Promise<void>;
}

/**
 * An S3 server of the tests' own (s3rver, a protocol-level S3 in Node) on 127.0.0.1, in a child
 * process, with one bucket, its objects in a temporary folder removed at close.
 */
export const startS3Server = async (): Promise<RunningS3> => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const child = fork(path.join(__dirname, 's3rver-process.js'), [directory, TEST_BUCKET], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver stopped at start (exit ${code})`)));
  });
  return {
    settings: { bucket: TEST_BUCKET, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials: CREDENTIALS, forcePathStyle: true },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
};

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
export const aClosedPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
