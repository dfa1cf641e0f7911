import { Knex } from 'knex';
import { pendingMigrations } from './migrations';

export const NOT_ANSWERING = 'The database does not answer';
export const TOO_SLOW = (ms: number) => `The database did not answer within ${ms} ms`;
export const BEHIND = (pending: number) => `The database schema is not current: ${pending} migration${pending === 1 ? '' : 's'} to run`;

class TimedOut extends Error {}

const within = <A>(ms: number, work: Promise<A>): Promise<A> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  // A late answer after the timeout is dropped, not left as an unhandled rejection.
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/**
 * Whether the database can serve now: it answers a trivial query, and every migration this version
 * knows has run (a newer version's extra migrations do not make an older process unready). The
 * reasons name no query, host or error text: the answer goes to whoever asks.
 */
export const databaseReadiness =
  (knex: Knex, timeoutMs = 2_000) =>
  async (): Promise<{ ready: true } | { ready: false; reason: string }> => {
    try {
      // Reading knex's table of migrations is the trivial query: it answers both questions at once.
      const pending = await within(timeoutMs, pendingMigrations(knex));
      return pending === 0 ? { ready: true } : { ready: false, reason: BEHIND(pending) };
    } catch (error) {
      return { ready: false, reason: error instanceof TimedOut ? TOO_SLOW(timeoutMs) : NOT_ANSWERING };
    }
  };
