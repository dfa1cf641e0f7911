import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { fileStorageContract } from './file-storage.contract';

fileStorageContract('on local disk', { links: false, streams: true, remote: false }, async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-'));
  return { storage: new LocalDiskStorage(path.join(root, 'files')), close: () => fs.rm(root, { recursive: true, force: true }) };
});
