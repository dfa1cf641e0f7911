import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import knex from 'knex';
import { Database, DatabaseConfig, openDatabase } from '../../adapters/persistence/database';
import { PGLITE_TEMPLATE_VARIABLE } from './pglite-template';

let template: Blob | undefined;

/**
 * An in-memory PGlite of its own, started from the run's migrated dump (tests/support/pglite-template.ts)
 * when Jest's globalSetup made one; empty, and migrated at start, when not.
 */
export const testPglite = (): DatabaseConfig => {
  const file = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!file) return { engine: 'pglite' };
  template ??= new Blob([fs.readFileSync(file)]);
  return { engine: 'pglite', startFrom: template };
};

/** A fresh in-memory PGlite with the store's schema. */
export const freshPglite = (): Promise<Database> => openDatabase(testPglite());

/** The real PostgreSQL server of `npm run test:e2e`, when TEST_DATABASE_URL names it. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A throwaway database on that server, dropped on close; `url` names it, for more connections to it. */
export const freshPostgres = async (url: string): Promise<Database & { readonly url: string }> => {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ engine: 'postgres', url: target.toString(), poolSize: 5 });
  return {
    url: target.toString(),
    knex: db.knex,
    close: async () => {
      await db.close();
      await admin.raw(`drop database if exists ${name}`);
      await admin.destroy();
    },
  };
};
