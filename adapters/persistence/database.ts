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

/** Opens the database and brings its schema up to date. */
export const openDatabase = async (config: DatabaseConfig): Promise<Database> => {
  const db = config.engine === 'postgres' ? await openPostgres(config.url, config.poolSize) : await openPglite(config.dataDir);
  try {
    await migrate(db.knex);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
};

const openPostgres = async (url: string, poolSize = 10): Promise<Database> => {
  const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: poolSize } });
  return { knex: db, close: () => db.destroy() };
};

const openPglite = async (dataDir?: string): Promise<Database> => {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // Loaded only for the embedded database: a store on PostgreSQL starts without them.
    const [{ default: ClientPgLite }, { PGlite }, { pg_trgm }] = await Promise.all([
      import('knex-pglite'),
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    const pglite = new PGlite({ dataDir: dataDir && path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await pglite.waitReady;
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
