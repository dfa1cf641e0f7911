import { S3Storage } from '../../adapters/storage/s3-storage';
import { startS3Server } from '../support/s3-server';
import { coverStorageContract } from './cover-storage.contract';

// Runs in `npm run test:e2e`, which sets STORE_S3_TEST: the S3 server of file-storage.s3.test.ts.
if (process.env.STORE_S3_TEST === '1')
  coverStorageContract('over S3 (s3rver over HTTP)', async () => {
    const server = await startS3Server();
    const files = new S3Storage(server.settings);
    return {
      files,
      close: async () => {
        files.close();
        await server.close();
      },
    };
  });
else test.skip('cover storage with sizes: S3 (needs STORE_S3_TEST=1; run npm run test:e2e)', () => {});
