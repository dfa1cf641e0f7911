import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { coverStorageContract } from './cover-storage.contract';

coverStorageContract('over the local disk FileStorage', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'covers-'));
  return { files: new LocalDiskStorage(path.join(root, 'files')), close: () => fs.rm(root, { recursive: true, force: true }) };
});
