import { Knex } from 'knex';
import type PgBoss from 'pg-boss';

/** What pg-boss reads of a statement's result. */
interface Rows {
  readonly rows: unknown[];
}

/** A connection of knex's pool: node-postgres's client, or the embedded database's thread (pglite-thread.ts). */
interface Connection {
  query(text: string, values?: unknown[]): Promise<Rows | Rows[]>;
  exec?(text: string): Promise<Rows>;
}

/**
 * pg-boss's statements on the store's own connections, taken from knex: its pool, or, given a
 * transaction, that transaction's connection, so that jobs sent there commit or roll back with the
 * change. On PGlite this is the only way: it has one session, and a statement sent beside knex would
 * land inside whatever transaction knex has open. A text without values may hold several statements
 * (pg-boss's schema, its locked maintenance): PGlite runs those with `exec`, node-postgres with its
 * simple protocol (answering one result per statement: the last is kept).
 */
export interface JobQueueDb extends PgBoss.Db {
  /** pg-boss sends some texts without values (its schema, its maintenance). */
  executeSql(text: string, values?: unknown[]): ReturnType<PgBoss.Db['executeSql']>;
  /** Once every statement sent so far has answered: pg-boss does not wait for a job's completion it records. */
  drained(): Promise<void>;
}

/**
 * The statements pg-boss sends without waiting for them: a worker records its job's completion or
 * failure and moves on (its `watch`), so a failure there (the database gone mid-statement) would be
 * a rejection nobody handles, which ends a Node process. Given these, such a failure is told to `log`,
 * answered as a statement that changed no job, and sent again every `againMs` until it lands or the
 * queue stops: a job whose completion was lost would otherwise stay active until its kind's expiry,
 * and a chain of jobs, one waiting at a time, would stall that long after the database came back.
 */
export interface Unawaited {
  readonly texts: ReadonlySet<string>;
  readonly log: (error: unknown) => void;
  /** How long between two tries of a statement that failed (a second by default). */
  readonly againMs?: number;
}

/** What pg-boss reads of a completion's or failure's answer: how many jobs it changed. */
const NO_JOB_CHANGED = { rows: [{ count: 0 }] };

export const jobQueueDb = (db: Knex, unawaited?: Unawaited): JobQueueDb => {
  const running = new Set<Promise<unknown>>();
  let stopping = false;
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    const connection = (await db.client.acquireConnection()) as Connection;
    try {
      const result = values === undefined && connection.exec ? await connection.exec(text) : await connection.query(text, values);
      return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
    } catch (error) {
      // pg-boss's scripts hold their own BEGIN: one that failed midway leaves the session in an
      // aborted transaction, and the connection goes back to the pool (PGlite's only session).
      if (values === undefined && !db.isTransaction) await connection.query('rollback').catch(() => {});
      throw error;
    } finally {
      await db.client.releaseConnection(connection);
    }
  };
  /** A lost completion or failure, sent again until it lands; given up once the queue stops. */
  const sendAgain = async (text: string, values: unknown[] | undefined, againMs: number): Promise<void> => {
    while (!stopping) {
      await new Promise((resolve) => setTimeout(resolve, againMs).unref());
      if (stopping) return;
      try {
        await run(text, values);
        return;
      } catch {
        // Still out of reach: the next try says nothing more than the first failure did.
      }
    }
  };
  return {
    executeSql(text: string, values?: unknown[]) {
      const given = values?.length ? values : undefined;
      const sent = run(text, given);
      const statement = unawaited?.texts.has(text)
        ? sent.catch((error) => {
            unawaited.log(error);
            void sendAgain(text, given, unawaited.againMs ?? 1_000);
            return NO_JOB_CHANGED;
          })
        : sent;
      running.add(statement);
      void statement.finally(() => running.delete(statement)).catch(() => {});
      return statement as Promise<{ rows: never[] }>;
    },
    drained: async () => {
      stopping = true;
      while (running.size) await Promise.allSettled([...running]);
    },
  };
};
