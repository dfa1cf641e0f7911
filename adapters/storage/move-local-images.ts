import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStorage } from '../../core/delivery/ports/file-storage';
import { IMAGE_TYPES, ImageShelf } from './stored-images';

/** The names the store gave images on disk before they went through FileStorage. */
const IMAGE_NAME = /^[0-9a-f]{24}\.(jpg|png|gif|webp)$/;

/**
 * Images a store kept on disk before its files went through FileStorage (DATA_DIR/uploads, covers;
 * DATA_DIR/receipts) are moved onto their shelf, once, at start: their addresses (`/uploads/<name>`)
 * stay as the products and receipts hold them. Each is put before its file is removed, so a start
 * cut midway moves the rest the next time; the emptied folder goes. Answers how many were moved.
 */
export const moveLocalImages = async (dir: string, shelf: ImageShelf, files: FileStorage): Promise<number> => {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => IMAGE_NAME.test(name));
  for (const name of names) {
    const format = IMAGE_NAME.exec(name)![1] as keyof typeof IMAGE_TYPES;
    const file = path.join(dir, name);
    await files.put(`${shelf.folder}/${name}`, createReadStream(file), { contentType: IMAGE_TYPES[format], visibility: shelf.visibility });
    await fs.rm(file, { force: true });
  }
  // Only an empty folder goes: anything else in it is not the store's to remove.
  await fs.rmdir(dir).catch(() => undefined);
  return names.length;
};
