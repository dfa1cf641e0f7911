import { COVERS, ImageShelf, StoredImages } from './stored-images';
import { MemoryStorage } from './memory-storage';

/** The in-memory twin of the image storage, for use-case tests: the real one over the memory FileStorage. */
export class MemoryImages extends StoredImages {
  private readonly memory: MemoryStorage;

  constructor(shelf: ImageShelf = COVERS) {
    const memory = new MemoryStorage();
    super(memory, shelf);
    this.memory = memory;
  }

  /** The bytes kept at an address, for tests. */
  bytesAt(address: string): Uint8Array | undefined {
    const key = this.keyOf(address);
    return key === undefined ? undefined : this.memory.bytesAt(key);
  }

  /** Every address kept, for tests (no orphan file). */
  addresses(): string[] {
    return this.memory.keys().map((key) => `/uploads/${key.slice(this.shelf.folder.length + 1)}`);
  }
}
