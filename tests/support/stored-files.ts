import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageStorage } from '../../core/catalog/ports/product-editor';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { StoredImages } from '../../adapters/storage/stored-images';

/**
 * Every file on an image storage's shelf of the local disk (none when it was never made), a half-written
 * one included; the facts kept beside each file are left out.
 */
export const filesOnShelf = async (images: ImageStorage): Promise<string[]> => {
  const stored = images as StoredImages;
  const folder = path.join((stored.files as LocalDiskStorage).root, stored.shelf.folder);
  return (await fs.readdir(folder).catch(() => [] as string[])).filter((name) => !name.endsWith('.facts.json'));
};
