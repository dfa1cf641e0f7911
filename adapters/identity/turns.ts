/** Work that could not even wait its turn: the process is answering too much of it at once. */
export class NoTurnLeft extends Error {
  constructor() {
    super('Too much work of this kind is waiting');
    this.name = 'NoTurnLeft';
  }
}

export const isNoTurnLeft = (error: unknown): error is NoTurnLeft => error instanceof NoTurnLeft;

/**
 * Lets at most `atOnce` pieces of work run, the next `waiting` wait in order, and refuses the rest
 * at once. Used for password hashes (argon2-hasher.ts) and for the sign-in calls as a whole
 * (adapters/http/sign-in-turns.ts), which also rest and share the queue out by address (TurnSharing): Argon2id runs on libuv's threadpool (4 threads), so unbounded,
 * four sign-ins take every core of a 2-core machine from the event loop, which serves every other
 * shopper; and on PGlite a sign-in's statements take the database's one connection, so twenty at
 * once hold it for a few hundred milliseconds where one at a time never holds it for long. The queue
 * is bounded so that a flood from many addresses is turned away quickly instead of piling up
 * memory and waits no shopper would sit through.
 */
export interface TurnSharing {
  /**
   * After a turn's work took d ms, its place stays taken for d × restRatio more: the work of this
   * kind never takes more than 1 / (1 + restRatio) of a place's time, whoever sends it, so a flood
   * of valid sign-ins leaves the machine's cores to the other shoppers' pages.
   */
  readonly restRatio?: number;
  /** Places (running or waiting) one key (an address) may hold at once: no one address fills the queue. */
  readonly perKey?: number;
}

export class Turns {
  private running = 0;
  private readonly queued: (() => void)[] = [];
  private readonly held = new Map<string, number>();

  constructor(
    readonly atOnce: number,
    readonly waiting: number = 64,
    private readonly sharing: TurnSharing = {},
  ) {
    if (!Number.isInteger(atOnce) || atOnce < 1) throw new Error('Turns let at least one piece of work run at once');
  }

  /** How many run now and how many wait (for tests). */
  get load() {
    return { running: this.running, waiting: this.queued.length };
  }

  /**
   * Runs `work` in its turn. Work whose `gone` signal fires while it waits (its client left) leaves
   * the queue at once and is never run: a flood that sends and hangs up holds no place in it.
   */
  async run<T>(work: () => Promise<T>, gone?: AbortSignal, key?: string): Promise<T> {
    const { perKey } = this.sharing;
    if (key === undefined || perKey === undefined) return this.take(work, gone);
    const places = this.held.get(key) ?? 0;
    if (places >= perKey) throw new NoTurnLeft();
    this.held.set(key, places + 1);
    try {
      return await this.take(work, gone);
    } finally {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    }
  }

  private async take<T>(work: () => Promise<T>, gone?: AbortSignal): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.queued.length >= this.waiting || gone?.aborted) throw new NoTurnLeft();
      // The work that finishes hands its place over, so `running` never drops and rises again.
      await new Promise<void>((resolve, reject) => {
        const leave = () => {
          const at = this.queued.indexOf(turn);
          if (at < 0) return;
          this.queued.splice(at, 1);
          reject(new NoTurnLeft());
        };
        const turn = () => {
          gone?.removeEventListener('abort', leave);
          resolve();
        };
        this.queued.push(turn);
        gone?.addEventListener('abort', leave, { once: true });
      });
    } else this.running++;
    const began = Date.now();
    try {
      return await work();
    } finally {
      const rest = (Date.now() - began) * (this.sharing.restRatio ?? 0);
      if (rest >= 1) setTimeout(() => this.handOver(), rest);
      else this.handOver();
    }
  }

  private handOver() {
    const next = this.queued.shift();
    if (next) next();
    else this.running--;
  }
}
