import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { Knex } from 'knex';
import { migrate } from '../../adapters/persistence/migrations';

/**
 * Jest's globalSetup: one PGlite, migrated, dumped to a file that every in-memory test database
 * starts from (tests/support/databases.ts). A fresh PGlite spends about 2 s in initdb and the
 * migrations (3 to 5 s with two suites starting side by side); one loaded from the dump starts in
 * well under one. The file is named by what makes its content: the migrations' source and the
 * PGlite and knex versions; a change to any of them builds a new one at the next run.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'STORE_TEST_PGLITE_TEMPLATE';

const root = path.join(__dirname, '..', '..');
const MIGRATIONS = path.join(root, 'adapters', 'persistence', 'migrations');
const PREFIX = 'store-tests-pglite-';

const versionOf = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

const templateName = () => {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  hash.update(versionOf('@electric-sql/pglite')).update(versionOf('knex'));
  return `${PREFIX}${hash.digest('hex').slice(0, 16)}.tar`;
};

const migratedDump = async (): Promise<Buffer> => {
  const [{ default: ClientPgLite }, { PGlite }, { pg_trgm }] = await Promise.all([
    import('knex-pglite'),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const pglite = new PGlite({ extensions: { pg_trgm } });
  // As adapters/persistence/database.ts opens it, so that the migrations run as they do there.
  const db = knex({ client: ClientPgLite, dialect: 'postgres', connection: () => ({ pglite }) } as unknown as Knex.Config);
  try {
    await migrate(db, (message) => console.warn(message));
    return Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
  }
};

export default async function pgliteTemplate(): Promise<void> {
  const dir = os.tmpdir();
  const file = path.join(dir, templateName());
  if (!fs.existsSync(file)) {
    const dump = await migratedDump();
    // Written aside and renamed: a run started beside this one never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, file);
    for (const old of fs.readdirSync(dir))
      if (old.startsWith(PREFIX) && old.endsWith('.tar') && path.join(dir, old) !== file) fs.rmSync(path.join(dir, old), { force: true });
  }
  // Jest starts its workers after this: they inherit the variable.
  process.env[PGLITE_TEMPLATE_VARIABLE] = file;
}
