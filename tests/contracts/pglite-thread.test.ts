import { Worker } from 'node:worker_threads';
import { PGliteThread } from '../../adapters/persistence/pglite-thread';
import { TestPglite, testPglite } from '../support/databases';

/** The embedded database on its own thread: what knex and the store rely on beyond the contracts. */
describe('PGlite on a thread of its own', () => {
  // A copy of the run's migrated database opens in a moment; a new one would take seconds.
  const folders: TestPglite[] = [];
  const open = async () => {
    const folder = testPglite();
    folders.push(folder);
    const opened = new PGliteThread(`${folder.dataDir}/pglite`);
    await opened.waitReady;
    return opened;
  };
  let thread: PGliteThread;
  beforeAll(async () => {
    thread = await open();
  });
  afterAll(async () => {
    await thread.close();
    for (const folder of folders) folder.remove();
  });

  it('answers statements in the order they were sent, with their rows and counts', async () => {
    await thread.query('create table shelf (n int primary key)');
    const writes = [1, 2, 3].map((n) => thread.query('insert into shelf values ($1)', [n]));
    const read = thread.query<{ n: number }>('select n from shelf order by n');
    expect((await Promise.all(writes)).map((r) => r.affectedRows)).toEqual([1, 1, 1]);
    expect((await read).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("keeps a refused statement's code and constraint, which the adapters read", async () => {
    await thread.query('create table paid (payment_id text constraint paid_once unique)');
    await thread.query("insert into paid values ('CAP-1')");
    await expect(thread.query("insert into paid values ('CAP-1')")).rejects.toMatchObject({ code: '23505', constraint: 'paid_once' });
    expect((await thread.query('select count(*)::int as n from paid')).rows).toEqual([{ n: 1 }]);
  });

  it('leaves the event loop free while a statement runs', async () => {
    const slow = thread.query('select pg_sleep(0.4)');
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // On the store's own thread, the timer would wait for the whole statement (400 ms).
    expect(performance.now() - started).toBeLessThan(200);
    await slow;
  });

  it('fails what waits and what comes after, once the thread has stopped', async () => {
    const dying = await open();
    const waiting = dying.query('select pg_sleep(1)');
    await (dying as unknown as { worker: Worker }).worker.terminate();
    await expect(waiting).rejects.toThrow('The database thread stopped');
    await expect(dying.query('select 1')).rejects.toThrow('The database is closed');
    await dying.close();
  });
});
