import fs from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { TemporaryUpload, receiveUpload } from '../../adapters/http/delivery/received-upload';

/** A request body as the edge reads it: a stream with headers, complete once it ended. */
const aRequest = (headers: Record<string, string> = {}) => {
  const body = new PassThrough() as PassThrough & { headers: Record<string, string>; complete: boolean };
  body.headers = headers;
  body.complete = false;
  body.on('end', () => (body.complete = true));
  return body;
};

describe('receiving an upload into a temporary file', () => {
  let dir: string;
  beforeEach(async () => (dir = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'))));
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps the whole body, in order', async () => {
    const req = aRequest();
    const received = receiveUpload(req as unknown as IncomingMessage, dir, 'a.pdf', 1000);
    req.write(Buffer.from('%PDF-'));
    req.end(Buffer.from('1.7'));
    const upload = (await received) as TemporaryUpload;
    expect([upload.size, Buffer.from(await upload.head(64)).toString()]).toEqual([8, '%PDF-1.7']);
    await upload.discard();
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('stops at the first byte past the limit, whatever length was announced, and leaves nothing', async () => {
    const req = aRequest();
    const received = receiveUpload(req as unknown as IncomingMessage, dir, 'a.pdf', 1000);
    req.write(Buffer.alloc(600));
    req.write(Buffer.alloc(600));
    expect(await received).toBe('too-large');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('refuses an announced length past the limit before reading, and a body cut short', async () => {
    expect(await receiveUpload(aRequest({ 'content-length': '1001' }) as unknown as IncomingMessage, dir, 'a.pdf', 1000)).toBe('too-large');
    const req = aRequest();
    const received = receiveUpload(req as unknown as IncomingMessage, dir, 'a.pdf', 1000);
    req.write(Buffer.alloc(100));
    await new Promise((resolve) => setTimeout(resolve, 20));
    req.destroy();
    expect(await received).toBe('cut');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('answers a client gone before its body was read at all, and leaves nothing', async () => {
    const req = aRequest();
    req.destroy();
    expect(await receiveUpload(req as unknown as IncomingMessage, dir, 'a.pdf', 1000)).toBe('cut');
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
