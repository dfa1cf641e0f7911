import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { Database, DatabaseConfig, openDatabase } from '../../adapters/persistence/database';
import { COPIES_VARIABLE, TEMPLATE_VARIABLE } from './pglite-template';

/** A PGlite of a test's own: its folder, the store's configuration for it, and how to remove it once closed. */
export interface TestPglite {
  readonly dataDir: string;
  readonly config: DatabaseConfig & { readonly engine: 'pglite' };
  remove(): void;
}

/**
 * A folder holding a copy of the run's migrated PGlite (pglite-template.ts, Jest's globalSetup),
 * opened as the store opens its own DATA_DIR; without that setup, an empty folder that the store
 * makes its database in (initdb and the migrations: seconds more).
 */
export const testPglite = (): TestPglite => {
  const template = process.env[TEMPLATE_VARIABLE];
  const copies = process.env[COPIES_VARIABLE];
  const dataDir = fs.mkdtempSync(path.join(copies ?? os.tmpdir(), 'store-test-db-'));
  if (template && copies) fs.cpSync(template, dataDir, { recursive: true });
  return { dataDir, config: { engine: 'pglite', dataDir }, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
};

/** A fresh PGlite with the store's schema, removed when closed. */
export const freshPglite = async (): Promise<Database> => {
  const pglite = testPglite();
  try {
    const db = await openDatabase(pglite.config);
    return {
      knex: db.knex,
      close: async () => {
        await db.close();
        pglite.remove();
      },
    };
  } catch (error) {
    pglite.remove();
    throw error;
  }
};

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
