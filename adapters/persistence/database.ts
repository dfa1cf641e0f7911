import fs from 'node:fs';
import path from 'node:path';
import knex, { Knex } from 'knex';
import { migrate } from './migrations';

export type DatabaseConfig =
  | { readonly engine: 'postgres'; readonly url: string; readonly poolSize?: number }
  /** `dataDir` undefined: in memory (tests). */
  | { readonly engine: 'pglite'; readonly dataDir?: string };

export interface Database {
  readonly knex: Knex;
  close(): Promise<void>;
}

/** Where knex's own warnings go: the store's log. */
export interface DatabaseLog {
  warn(message: string): void;
  error(message: string): void;
}

/** Opens the database and brings its schema up to date. */
export const openDatabase = async (config: DatabaseConfig, log: DatabaseLog = console): Promise<Database> => {
  if (config.engine === 'postgres') return openPostgres(config.url, config.poolSize, log);
  const db = await openPglite(config.dataDir);
  try {
    await migrate(db.knex, (message) => log.warn(message));
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
};

/**
 * Every wait on PostgreSQL is bounded, so that a request during a database outage answers 503 in
 * under 2 s instead of hanging (adapters/http/app.ts, database-unavailable.ts): a free connection
 * from the pool, a new connection, a statement (the bulk reprice sets its own, REPRICE_TIMEOUT),
 * and, last, an answer on a socket that went silent. A connection that fails while idle is marked
 * by knex and dropped at its next checkout; new ones are made once the server is back.
 */
export const POSTGRES_WAITS = {
  acquireMs: 1_500,
  connectMs: 1_500,
  statementMs: 5_000,
  /** Longer than any statement, the bulk reprice's included: only a socket that went silent waits this long. */
  answerMs: 65_000,
};

const postgresKnex = (url: string, poolSize: number, log: DatabaseLog, statementMs?: number) =>
  knex({
    // A request waits this long for a free connection; a migration as long as knex's default.
    ...(statementMs ? { acquireConnectionTimeout: POSTGRES_WAITS.acquireMs } : {}),
    client: 'pg',
    connection: {
      connectionString: url,
      connectionTimeoutMillis: POSTGRES_WAITS.connectMs,
      ...(statementMs ? { statement_timeout: statementMs, query_timeout: POSTGRES_WAITS.answerMs } : {}),
      keepAlive: true,
    },
    pool: { min: 0, max: poolSize },
    log: quietAboutOutages(log),
  });

/** While the database is down, every request would print knex's line: the request log already tells each 503. */
const OUTAGE_LINE = /^(Connection Error|Acquire connection error)/;
const quietAboutOutages = (log: DatabaseLog) => ({
  warn: (message: unknown) => void (OUTAGE_LINE.test(String(message)) || log.warn(String(message))),
  error: (message: unknown) => void (OUTAGE_LINE.test(String(message)) || log.error(String(message))),
});

/**
 * A migration may build an index over every product, for longer than a request's statement may
 * take: it runs on a connection of its own without the limit, closed before the store serves.
 */
const openPostgres = async (url: string, poolSize: number | undefined, log: DatabaseLog): Promise<Database> => {
  const migrator = postgresKnex(url, 2, log);
  try {
    await migrate(migrator, (message) => log.warn(message));
  } finally {
    await migrator.destroy();
  }
  const db = postgresKnex(url, poolSize ?? 10, log, POSTGRES_WAITS.statementMs);
  return { knex: db, close: () => db.destroy() };
};

const openPglite = async (dataDir?: string): Promise<Database> => {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // Loaded only for the embedded database: a store on PostgreSQL starts without them.
    const [{ default: ClientPgLite }, { PGliteThread }] = await Promise.all([import('knex-pglite'), import('./pglite-thread')]);
    // On a thread of its own, so that its statements never hold up the requests the caches answer.
    const pglite = new PGliteThread(dataDir && path.join(dataDir, 'pglite'));
    await pglite.waitReady.catch(async (error: unknown) => {
      await pglite.close();
      throw error;
    });
    // knex-pglite's typings do not cover the connection-factory form the PGlite docs describe.
    const db = knex({ client: ClientPgLite, dialect: 'postgres', connection: () => ({ pglite }) } as unknown as Knex.Config);
    return {
      knex: db,
      close: async () => {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};

export class DataDirInUse extends Error {}

/**
 * PGlite takes no lock of its own and two processes on one directory corrupt it, so the app holds
 * a lock file with its pid. A lock left by a process that no longer runs is taken over.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => fs.rmSync(lockFile, { force: true });
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (isRunning(holder))
        throw new DataDirInUse(
          `The database folder ${dataDir} is in use by another process (pid ${holder}). ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUse(`Could not lock the database folder ${dataDir}.`);
};

const isRunning = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return pid === process.pid;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
