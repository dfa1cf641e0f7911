import { LRUCache } from 'lru-cache';

/**
 * Encoded answers of catalogue reads, which are the same for every shopper. Turning cached
 * products into JSON again on every request cost more than everything else a request does;
 * this keeps the bytes. The composition root clears it whenever the catalogue changes.
 */
export class ResponseCache {
  private readonly bodies = new LRUCache<string, Buffer>({ max: 5000, maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.length });
  /** Bumped by every clear, so an answer computed across a change is not kept. */
  private generation = 0;

  get(key: string): Buffer | undefined {
    return this.bodies.get(key);
  }

  /** Keeps `body` unless the cache was cleared since `since` (a `mark()`). */
  set(key: string, body: Buffer, since: number): void {
    if (since === this.generation) this.bodies.set(key, body);
  }

  mark(): number {
    return this.generation;
  }

  clear(): void {
    this.generation += 1;
    this.bodies.clear();
  }
}
