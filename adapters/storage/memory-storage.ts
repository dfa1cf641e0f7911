import { ByteRange, FileContent, FileFacts, FileKey, FileStorage, StoredFile, isFileKey } from '../../core/delivery/ports/file-storage';

/** The in-memory twin of FileStorage for use-case tests; the same contract suite holds it. */
export class MemoryStorage implements FileStorage {
  private readonly files = new Map<FileKey, { file: StoredFile; bytes: Uint8Array }>();

  async put(key: FileKey, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile> {
    if (!isFileKey(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
    const parts: Uint8Array[] = [];
    for await (const part of content) parts.push(part);
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
    const file = { key, size: bytes.length, contentType: facts.contentType, visibility: facts.visibility };
    this.files.set(key, { file, bytes });
    return file;
  }

  async stat(key: FileKey): Promise<StoredFile | undefined> {
    return this.files.get(key)?.file;
  }

  async read(key: FileKey, range?: ByteRange): Promise<FileContent | undefined> {
    const kept = this.files.get(key);
    if (!kept) return undefined;
    if (range && (range.start < 0 || range.end < range.start || range.end >= kept.file.size)) throw new RangeError(`Outside ${key}: ${range.start}-${range.end}`);
    const bytes = range ? kept.bytes.slice(range.start, range.end + 1) : kept.bytes;
    return { file: kept.file, body: (async function* () { yield bytes; })() };
  }

  async remove(key: FileKey): Promise<void> {
    this.files.delete(key);
  }

  async temporaryLink(): Promise<string | undefined> {
    return undefined;
  }
}
