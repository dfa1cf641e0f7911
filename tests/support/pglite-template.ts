import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../adapters/persistence/database';

/**
 * Jest's globalSetup. A fresh PGlite spends about 2.5 s in initdb and the migrations (twice that
 * with two suites starting side by side): here one data folder is made and migrated, as the store
 * makes its own, and every test database starts as a copy of it (tests/support/databases.ts),
 * which PGlite opens in under a second.
 *
 * The folder is named by what makes its content (the migrations' source, the PGlite and knex
 * versions) and kept between runs: a change to any of them makes a new one, and one unused for a
 * day is removed. The copies live in a
 * folder of this run's, removed at its end (pglite-template-teardown.ts), or at the next run when
 * this one was killed. All of it in memory (/dev/shm) where the system has room for it.
 */
export const TEMPLATE_VARIABLE = 'STORE_TEST_PGLITE_TEMPLATE';
export const COPIES_VARIABLE = 'STORE_TEST_PGLITE_COPIES';

const ROOT = path.join(__dirname, '..', '..');
const MIGRATIONS = path.join(ROOT, 'adapters', 'persistence', 'migrations');
const TEMPLATE_PREFIX = 'store-tests-pglite-';
const RUN_PREFIX = 'store-tests-run-';
/** A template no run used for this long is removed (another checkout's may be in use meanwhile). */
const A_DAY_MS = 24 * 60 * 60_000;

/** A copy holds about 40 MB and two test files run at once: /dev/shm when it has room (a container's often has 64 MB). */
const ROOM_NEEDED = 1024 ** 3;
const base = () => {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    if (bavail * bsize >= ROOM_NEEDED) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux): the temp folder.
  }
  return os.tmpdir();
};

const versionOf = (name: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

const templateName = () => {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  hash.update(versionOf('@electric-sql/pglite')).update(versionOf('knex'));
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
};

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export default async function pgliteTemplate(): Promise<void> {
  const dir = base();
  const template = path.join(dir, templateName());
  if (!fs.existsSync(template)) {
    // Made aside and renamed: a run started beside this one never copies half a folder.
    const partial = `${template}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    const db = await openDatabase({ engine: 'pglite', dataDir: partial }, { warn: console.warn, error: console.error });
    await db.close();
    try {
      fs.renameSync(partial, template);
    } catch (error) {
      // Another run made it first.
      if (!fs.existsSync(template)) throw error;
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  const now = new Date();
  fs.utimesSync(template, now, now);
  for (const entry of fs.readdirSync(dir)) {
    const [name, pid] = entry.split('.');
    const unused = entry.startsWith(TEMPLATE_PREFIX) && !pid && now.getTime() - fs.statSync(path.join(dir, entry)).mtimeMs > A_DAY_MS;
    const abandoned =
      (entry.startsWith(TEMPLATE_PREFIX) && pid && !isRunning(Number(pid))) ||
      (entry.startsWith(RUN_PREFIX) && !isRunning(Number(name!.slice(RUN_PREFIX.length))));
    if (unused || abandoned) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  const copies = path.join(dir, `${RUN_PREFIX}${process.pid}`);
  fs.mkdirSync(copies, { recursive: true });
  // Jest starts its workers after this: they inherit both.
  process.env[TEMPLATE_VARIABLE] = template;
  process.env[COPIES_VARIABLE] = copies;
}
