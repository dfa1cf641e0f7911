import { S3Storage } from '../../adapters/storage/s3-storage';
import { RunningS3, aClosedPort, startS3Server } from '../support/s3-server';
import { fileStorageContract } from './file-storage.contract';

// Runs in `npm run test:e2e`, which sets STORE_S3_TEST: an S3 server (s3rver) started here, reached
// by the real SDK over HTTP, presigned links included.
if (process.env.STORE_S3_TEST === '1')
  fileStorageContract('S3 (s3rver over HTTP)', { links: true, streams: true, remote: true }, async () => {
    const server: RunningS3 = await startS3Server();
    const storage = new S3Storage(server.settings);
    const closedPort = await aClosedPort();
    const down: S3Storage[] = [];
    return {
      storage,
      unreachable: () => {
        const unreachable = new S3Storage({ ...server.settings, endpoint: `http://127.0.0.1:${closedPort}` });
        down.push(unreachable);
        return unreachable;
      },
      close: async () => {
        storage.close();
        down.forEach((s) => s.close());
        await server.close();
      },
    };
  });
else test.skip('FileStorage contract: S3 (needs STORE_S3_TEST=1; run npm run test:e2e)', () => {});
