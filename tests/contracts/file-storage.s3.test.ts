import { S3Storage } from '../../adapters/storage/s3-storage';
import { aProductForm, multipart, signedInAdmin } from '../support/admin';
import { startStore } from '../support/http';
import { aPng } from '../support/images';
import { RunningS3, aClosedPort, startS3Server } from '../support/s3-server';
import { fileStorageContract } from './file-storage.contract';

// Runs in `npm run test:e2e`, which sets STORE_S3_TEST: an S3 server (s3rver) started here, reached
// by the real SDK over HTTP, presigned links included.
if (process.env.STORE_S3_TEST === '1') {
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

  describe('a store on an S3 bucket', () => {
    it('is ready, keeps an uploaded cover in the bucket and serves it from there', async () => {
      const server = await startS3Server();
      const api = await startStore([], { storage: { kind: 's3', s3: server.settings } });
      try {
        expect(await api.get('/api/ready')).toMatchObject({ status: 200 });
        const admin = await signedInAdmin(api);
        const created = await admin.form('/api/backendproduct/addnew', multipart(aProductForm(), [{ field: 'coversFiles', name: 'cover.png', bytes: aPng(8, 8), type: 'image/png' }]));
        expect(created.status).toBe(201);
        const [cover] = (await api.get(`/api/backendproduct/details/${created.body.id}`)).body.productDetails.covers as string[];
        const bucket = new S3Storage(server.settings);
        const key = `covers/${cover!.slice('/uploads/'.length)}`;
        expect(await bucket.stat(key)).toMatchObject({ contentType: 'image/png', visibility: 'public' });
        // Its sizes beside it in the bucket (cover-storage.s3.test.ts).
        expect(await bucket.stat(key.replace('.png', '-8w.avif'))).toMatchObject({ contentType: 'image/avif', visibility: 'public' });
        const content = await bucket.read(key);
        const kept: Uint8Array[] = [];
        for await (const part of content!.body) kept.push(part);
        bucket.close();
        const image = await fetch(api.url + cover);
        expect([image.status, image.headers.get('content-type'), Buffer.from(await image.arrayBuffer())]).toEqual([200, 'image/png', Buffer.concat(kept)]);
      } finally {
        await api.close();
        await server.close();
      }
    });
  });
} else test.skip('FileStorage contract: S3 (needs STORE_S3_TEST=1; run npm run test:e2e)', () => {});
