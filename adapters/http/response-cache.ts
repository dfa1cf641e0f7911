import { LRUCache } from 'lru-cache';

/**
 * The answer caches: catalogue pages, and searches apart, so that a stream of searches never seen
 * before (cheap now, search-index.ts) cannot push the pages out.
 */
export interface AnswerCaches {
  readonly pages: ResponseCache;
  readonly searches: ResponseCache;
}

export const answerCaches = (): AnswerCaches => ({
  pages: new ResponseCache({ answers: 5000, megabytes: 64 }),
  searches: new ResponseCache({ answers: 1000, megabytes: 16 }),
});

/**
 * Encoded answers of catalogue reads, which are the same for every shopper. Turning cached
 * products into JSON again on every request cost more than everything else a request does;
 * this keeps the bytes. The composition root clears it whenever the catalogue changes.
 */
export class ResponseCache {
  private readonly bodies: LRUCache<string, Buffer>;
  /** Bumped by every clear, so an answer computed across a change is not kept. */
  private generation = 0;

  constructor({ answers, megabytes }: { answers: number; megabytes: number }) {
    this.bodies = new LRUCache({ max: answers, maxSize: megabytes * 1024 * 1024, sizeCalculation: (b) => b.length });
  }

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
