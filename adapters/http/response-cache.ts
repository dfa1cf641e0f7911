import { LRUCache } from 'lru-cache';

/**
 * The answer caches: catalogue pages, and searches apart, so that a stream of searches never seen
 * before (cheap now, search-index.ts) cannot push the pages out; the sitemaps' files apart too, few
 * and large (sitemaps.ts).
 */
export interface AnswerCaches {
  readonly pages: ResponseCache;
  readonly searches: ResponseCache;
  /** The shopper's pages rendered on the server (issue 22), each some 30 to 60 KB. */
  readonly rendered: ResponseCache;
  readonly sitemaps: ResponseCache;
}

export const answerCaches = (): AnswerCaches => ({
  pages: new ResponseCache({ answers: 5000, megabytes: 64 }),
  searches: new ResponseCache({ answers: 1000, megabytes: 16, keepWhenAskedAgain: true }),
  rendered: new ResponseCache({ answers: 2000, megabytes: 64 }),
  // Zipped, 100,000 products' files take about 5 MB; unzipped, each is some 3 MB.
  sitemaps: new ResponseCache({ answers: 200, megabytes: 64 }),
});

/** Keys remembered as asked once, before they are forgotten all together (some 50 bytes each). */
const ASKED_ONCE = 10_000;

/**
 * Encoded answers of catalogue reads, which are the same for every shopper. Turning cached
 * products into JSON again on every request cost more than everything else a request does;
 * this keeps the bytes. The composition root clears it whenever the catalogue changes.
 */
export class ResponseCache {
  private readonly bodies: LRUCache<string, Buffer>;
  /** Bumped by every clear, so an answer computed across a change is not kept. */
  private generation = 0;

  /**
   * With `keepWhenAskedAgain`, an answer is kept the second time it is asked for, not the first.
   * Most searches are asked once: keeping each would push out the answers that are asked again,
   * and a stream of them (thousands of 13 KB answers a second at 100,000 products) would only make
   * work for the garbage collector.
   */
  private readonly askedOnce: Set<string> | undefined;

  constructor({ answers, megabytes, keepWhenAskedAgain = false }: { answers: number; megabytes: number; keepWhenAskedAgain?: boolean }) {
    this.bodies = new LRUCache({ max: answers, maxSize: megabytes * 1024 * 1024, sizeCalculation: (b) => b.length });
    this.askedOnce = keepWhenAskedAgain ? new Set() : undefined;
  }

  get(key: string): Buffer | undefined {
    return this.bodies.get(key);
  }

  /** Keeps `body` unless the cache was cleared since `since` (a `mark()`). */
  set(key: string, body: Buffer, since: number): void {
    if (since !== this.generation || this.firstAsked(key)) return;
    this.bodies.set(key, body);
  }

  /** Whether this is the first time `key` is asked for, when that is not enough to keep its answer. */
  private firstAsked(key: string): boolean {
    const asked = this.askedOnce;
    if (!asked || asked.delete(key)) return false;
    if (asked.size >= ASKED_ONCE) asked.clear();
    asked.add(key);
    return true;
  }

  mark(): number {
    return this.generation;
  }

  clear(): void {
    this.generation += 1;
    this.bodies.clear();
  }
}
