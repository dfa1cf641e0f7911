import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { COVERS, RECEIPTS, StoredImages } from '../../adapters/storage/stored-images';
import { aPng } from '../support/images';
import { filesOnShelf } from '../support/stored-files';
import { imageStorageContract } from './image-storage.contract';

const aFolder = () => fs.mkdtemp(path.join(os.tmpdir(), 'images-'));

imageStorageContract('over the local disk FileStorage', async () => {
  const root = await aFolder();
  const storage = new StoredImages(new LocalDiskStorage(path.join(root, 'files')), COVERS);
  return {
    storage,
    bytesAt: (address) => fs.readFile(path.join(root, 'files', 'covers', path.basename(address))).catch(() => undefined),
    addresses: async () => (await filesOnShelf(storage)).map((name) => `/uploads/${name}`),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

describe('images over the local disk FileStorage', () => {
  let root: string;
  beforeEach(async () => {
    root = await aFolder();
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('makes its folder when missing, keeps covers public and receipts private, and leaves no temporary file behind', async () => {
    const files = new LocalDiskStorage(path.join(root, 'data', 'files'));
    const cover = await new StoredImages(files, COVERS).save({ format: 'webp', bytes: aPng() });
    const receipt = await new StoredImages(files, RECEIPTS).save({ format: 'png', bytes: aPng() });
    expect(await filesOnShelf(new StoredImages(files, COVERS))).toEqual([path.basename(cover)]);
    expect(await files.stat(`covers/${path.basename(cover)}`)).toMatchObject({ contentType: 'image/webp', visibility: 'public' });
    expect(await files.stat(`receipts/${path.basename(receipt)}`)).toMatchObject({ contentType: 'image/png', visibility: 'private' });
  });

  it('never deletes a file outside its folder, whatever the address says', async () => {
    const storage = new StoredImages(new LocalDiskStorage(path.join(root, 'files')), COVERS);
    await storage.save({ format: 'png', bytes: aPng() });
    const victim = path.join(root, 'files', 'abcdefabcdefabcdefabcdef.png');
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
    const blocked = path.join(root, 'files');
    await fs.writeFile(blocked, 'a file where the folder should be');
    await expect(new StoredImages(new LocalDiskStorage(blocked), COVERS).save({ format: 'png', bytes: aPng() })).rejects.toThrow();
    expect(await fs.readdir(root)).toEqual(['files']);
  });
});
