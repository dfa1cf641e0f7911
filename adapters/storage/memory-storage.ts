import { ByteRange, FileContent, FileFacts, FileKey, FileStorage, StoredFile } from '../../core/delivery/ports/file-storage';
import { checkedKey, isRangeWithin } from './file-keys';

/** The in-memory twin of FileStorage for use-case tests; the same contract suite holds it. */
export class MemoryStorage implements FileStorage {
  private readonly files = new Map<FileKey, { file: StoredFile; bytes: Uint8Array }>();

  async put(key: FileKey, content: AsyncIterable<Uint8Array>, facts: FileFacts): Promise<StoredFile> {
    checkedKey(key);
    const parts: Uint8Array[] = [];
    // Copied as they come: a source may reuse its buffer for the next part.
    for await (const part of content) parts.push(Uint8Array.from(part));
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
    const file = { key, size: bytes.length, contentType: facts.contentType, visibility: facts.visibility };
    this.files.set(key, { file, bytes });
    return file;
  }

  async stat(key: FileKey): Promise<StoredFile | undefined> {
    return this.files.get(checkedKey(key))?.file;
  }

  async read(key: FileKey, range?: ByteRange): Promise<FileContent | undefined> {
    const kept = this.files.get(checkedKey(key));
    if (!kept) return undefined;
    if (range && !isRangeWithin(range, kept.file.size)) throw new RangeError(`Outside ${key}: ${range.start}-${range.end}`);
    // A copy: what a reader does with its bytes never changes what is kept.
    const bytes = range ? kept.bytes.slice(range.start, range.end + 1) : kept.bytes.slice();
    return { file: kept.file, body: (async function* () { yield bytes; })() };
  }

  async remove(key: FileKey): Promise<void> {
    this.files.delete(checkedKey(key));
  }

  async temporaryLink(key: FileKey): Promise<string | undefined> {
    checkedKey(key);
    return undefined;
  }

  /** Every key kept, for tests (no orphan file). */
  keys(): FileKey[] {
    return [...this.files.keys()];
  }

  /** The bytes kept at a key, for tests. */
  bytesAt(key: FileKey): Uint8Array | undefined {
    return this.files.get(key)?.bytes.slice();
  }
}
