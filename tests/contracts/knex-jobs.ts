import { Database } from '../../adapters/persistence/database';
import { KnexUnitOfWork } from '../../adapters/persistence/knex-unit-of-work';
import { PgBossJobs } from '../../adapters/persistence/pg-boss-jobs';
import { CONTRACT_KINDS, JobsUnderTest } from './jobs.contract';

const open = (db: Database) => PgBossJobs.open(db.knex, { kinds: Object.values(CONTRACT_KINDS), log: () => {}, maintain: true, pollMs: 500, stopWithinMs: 5_000 });

/** PgBossJobs on a database, and `other` on `otherDb` (another pool on it, as another process has). */
export const knexJobs = async (db: Database, otherDb: Database = db): Promise<JobsUnderTest> => {
  // The admin whose retries the contract audits.
  await db.knex('users').insert({ id: '5f0000000000000000000001', username: 'Owner', email: 'owner@store.test', password_hash: 'hash', role: 'Admin' });
  const queue = await open(db);
  const other = await open(otherDb);
  return {
    queue,
    other,
    work: new KnexUnitOfWork(db.knex, queue),
    close: async () => {
      if (otherDb !== db) await otherDb.close();
      await db.close();
    },
  };
};
