import { Product } from '../../core/catalog/domain/product';

/**
 * Products of one search index kept in memory, by their position in it (search-index.ts), up to
 * `max`: a read is an array's, where an LRU by id cost a search more than its index walk. When
 * full, a clock hand goes round the kept positions, giving each one read since it last passed a
 * second chance, and forgets the first that was not: close to least recently used, each step
 * in constant time on average.
 */
export class KeptProducts {
  private readonly products: (Product | undefined)[];
  private readonly read: Uint8Array;
  /** The kept positions, in the order the hand goes round them. */
  private readonly ring: Uint32Array;
  private count = 0;
  private hand = 0;

  constructor(positions: number, max: number) {
    this.products = new Array<Product | undefined>(positions).fill(undefined);
    this.read = new Uint8Array(positions);
    this.ring = new Uint32Array(Math.max(1, Math.min(max, positions)));
  }

  get size(): number {
    return this.count;
  }

  get(position: number): Product | undefined {
    const product = this.products[position];
    if (product) this.read[position] = 1;
    return product;
  }

  set(position: number, product: Product): void {
    if (!this.products[position]) this.ring[this.place()] = position;
    this.products[position] = product;
  }

  /** A free place in the ring: the next, or the first the hand finds unread (forgetting its product). */
  private place(): number {
    if (this.count < this.ring.length) return this.count++;
    for (;;) {
      const at = this.hand;
      const position = this.ring[at];
      this.hand = (at + 1) % this.ring.length;
      if (this.read[position]) this.read[position] = 0;
      else {
        this.products[position] = undefined;
        return at;
      }
    }
  }
}
