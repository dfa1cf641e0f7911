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

export const jobQueueDb = (db: Knex): JobQueueDb => {
  const running = new Set<Promise<unknown>>();
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
  return {
    executeSql(text: string, values?: unknown[]) {
      const statement = run(text, values?.length ? values : undefined);
      running.add(statement);
      void statement.finally(() => running.delete(statement)).catch(() => {});
      return statement as Promise<{ rows: never[] }>;
    },
    drained: async () => {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
};
