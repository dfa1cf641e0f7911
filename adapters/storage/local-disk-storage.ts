import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteRange, FileContent, FileFacts, FileKey, FileStorage, StoredFile } from '../../core/delivery/ports/file-storage';
import { checkedKey, isRangeWithin } from './file-keys';

/** What a file's facts are kept in, beside it: a dot name, so no key ever names it. */
const factsPath = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.facts.json`);

/**
 * Files on the local disk (the embedded default), under one folder. A file is written to a
 * temporary dot name, then renamed over its key, so a reader never sees half a file and a cut write
 * leaves nothing at the key. Its facts (media type, visibility) are kept in a file beside it.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: FileKey): string {
    return path.join(this.root, ...checkedKey(key).split('/'));
  }

  async put(key: FileKey, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);
    try {
      await pipeline(Readable.from(content), createWriteStream(temporary, { flags: 'wx' }));
      const { size } = await fs.stat(temporary);
      await fs.writeFile(factsPath(file), JSON.stringify({ contentType: facts.contentType, visibility: facts.visibility }));
      await fs.rename(temporary, file);
      return { key, size, ...facts };
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(key: FileKey): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    const stats = await fs.stat(file).catch(() => undefined);
    if (!stats?.isFile()) return undefined;
    const facts = await fs
      .readFile(factsPath(file), 'utf8')
      .then((text) => JSON.parse(text) as FileFacts)
      .catch((): FileFacts => ({ contentType: 'application/octet-stream', visibility: 'private' }));
    return { key, size: stats.size, contentType: facts.contentType, visibility: facts.visibility };
  }

  async read(key: FileKey, range?: ByteRange): Promise<FileContent | undefined> {
    const file = await this.stat(key);
    if (!file) return undefined;
    if (range && !isRangeWithin(range, file.size)) throw new RangeError(`Outside ${key}: ${range.start}-${range.end}`);
    return { file, body: createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {}) };
  }

  async remove(key: FileKey): Promise<void> {
    const file = this.pathOf(key);
    // A key that names a folder of other files holds no file of its own: nothing to forget.
    if ((await fs.stat(file).catch(() => undefined))?.isDirectory()) return;
    await fs.rm(file, { force: true });
    await fs.rm(factsPath(file), { force: true });
  }

  async temporaryLink(key: FileKey): Promise<string | undefined> {
    this.pathOf(key);
    return undefined;
  }
}
