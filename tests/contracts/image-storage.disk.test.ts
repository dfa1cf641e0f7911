import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskImages } from '../../adapters/uploads/local-images';
import { aPng } from '../support/images';
import { imageStorageContract } from './image-storage.contract';

const aFolder = () => fs.mkdtemp(path.join(os.tmpdir(), 'images-'));

imageStorageContract('on local disk', async () => {
  const root = await aFolder();
  const storage = new LocalDiskImages(path.join(root, 'uploads'));
  return {
    storage,
    bytesAt: (address) => fs.readFile(path.join(storage.dir, path.basename(address))).catch(() => undefined),
    addresses: async () => (await fs.readdir(storage.dir)).map((name) => `/uploads/${name}`),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

describe('images on local disk', () => {
  let root: string;
  beforeEach(async () => {
    root = await aFolder();
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('makes its folder when missing, and leaves no temporary file behind', async () => {
    const storage = new LocalDiskImages(path.join(root, 'data', 'uploads'));
    const address = await storage.save({ format: 'webp', bytes: aPng() });
    expect(await fs.readdir(storage.dir)).toEqual([path.basename(address)]);
  });

  it('never deletes a file outside its folder, whatever the address says', async () => {
    const storage = new LocalDiskImages(path.join(root, 'uploads'));
    await storage.save({ format: 'png', bytes: aPng() });
    const victim = path.join(root, 'abcdefabcdefabcdefabcdef.png');
    await fs.writeFile(victim, 'keep me');
    for (const address of [
      '/uploads/../abcdefabcdefabcdefabcdef.png',
      '/uploads/..%2Fabcdefabcdefabcdefabcdef.png',
      '/uploads/..\\abcdefabcdefabcdefabcdef.png',
      victim,
      `/uploads/${victim}`,
    ])
      await storage.remove(address);
    expect(await fs.readFile(victim, 'utf8')).toBe('keep me');
  });

  it('fails when it cannot write, and leaves no file', async () => {
    const blocked = path.join(root, 'uploads');
    await fs.writeFile(blocked, 'a file where the folder should be');
    await expect(new LocalDiskImages(blocked).save({ format: 'png', bytes: aPng() })).rejects.toThrow();
    expect(await fs.readdir(root)).toEqual(['uploads']);
  });
});
