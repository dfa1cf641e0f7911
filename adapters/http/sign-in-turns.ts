import { Middleware } from 'koa';
import { networkOf } from './address-limits';

/**
 * Takes a turn for a piece of work; rejects at once when too much already waits (answered 503), or
 * when `gone` fires while it waits.
 */
export interface SignInTurns {
  /** `key`: who asks (an address), when the turns share their queue out by it. */
  run<T>(work: () => Promise<T>, gone?: AbortSignal, key?: string): Promise<T>;
}

/**
 * Each sign-in call (marked `turn` in api/calls.ts) waits its turn once its body is in (so that a
 * client sending its body slowly holds no turn), and the process handles only a few at once,
 * whoever sends them, counted by address (networkOf) when the turns share out: one at a time,
 * a sign-in's hash and statements never hold the event loop (and on PGlite the database's one
 * connection) for long, where twenty at once held it for a few hundred milliseconds.
 */
export const takeTurns =
  (turns: SignInTurns): Middleware =>
  async (ctx, next) => {
    // A client that hangs up while its call waits gives its place back (the answer goes nowhere).
    const gone = new AbortController();
    const hungUp = () => gone.abort();
    ctx.res.once('close', hungUp);
    try {
      await turns.run(next, gone.signal, networkOf(ctx));
    } finally {
      ctx.res.off('close', hungUp);
    }
  };
