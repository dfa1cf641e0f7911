/** The password hash could not even wait its turn: the store is answering too many at once. */
export class HashingBusy extends Error {
  constructor() {
    super('Too many password hashes are waiting');
    this.name = 'HashingBusy';
  }
}

export const isHashingBusy = (error: unknown): error is HashingBusy => error instanceof HashingBusy;

/**
 * Lets at most `atOnce` hashes run, the next `waiting` wait in order, and refuses the rest at once.
 * Argon2id runs on libuv's threadpool (4 threads): unbounded, four sign-ins take every core of a
 * 2-core machine from the event loop, which serves every other shopper (and on PGlite runs the
 * database). The queue is bounded so that a flood from many addresses is turned away quickly
 * instead of piling up memory (19 MiB a hash) and waits no shopper would sit through.
 */
export class HashingQueue {
  private running = 0;
  private readonly queued: (() => void)[] = [];

  constructor(
    readonly atOnce: number,
    readonly waiting: number = 64,
  ) {
    if (!Number.isInteger(atOnce) || atOnce < 1) throw new Error('A hashing queue runs at least one hash at once');
  }

  /** How many run now and how many wait (for tests and the benchmark). */
  get load() {
    return { running: this.running, waiting: this.queued.length };
  }

  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.queued.length >= this.waiting) throw new HashingBusy();
      // The finishing hash hands its place over, so `running` never drops and rises again.
      await new Promise<void>((resolve) => this.queued.push(resolve));
    } else this.running++;
    try {
      return await hash();
    } finally {
      const next = this.queued.shift();
      if (next) next();
      else this.running--;
    }
  }
}
