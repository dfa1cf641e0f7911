import { Database } from '../../adapters/persistence/database';
import { jobQueueDb } from '../../adapters/persistence/job-queue-db';
import { freshPglite } from '../support/databases';

/** pg-boss's statements on the store's PGlite: several in one text, and a script that fails midway. */
describe("pg-boss's statements on the embedded database", () => {
  let db: Database;
  beforeAll(async () => (db = await freshPglite()));
  afterAll(() => db.close());

  it('runs a text of several statements, answering the last one', async () => {
    const answer = await jobQueueDb(db.knex).executeSql("create temporary table t (n int); insert into t values (1), (2); select count(*)::int as n from t");
    expect(answer.rows).toEqual([{ n: 2 }]);
  });

  it('leaves the one session usable after a script of its own transaction fails midway', async () => {
    await expect(jobQueueDb(db.knex).executeSql('begin; select 1 / 0; commit;')).rejects.toThrow('division by zero');
    expect((await db.knex.raw('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('sends such a statement again until it lands, and stops once the queue has stopped', async () => {
    await db.knex.raw('create table landed (n int)');
    let refuse = true;
    const told: unknown[] = [];
    const text = 'insert into landed select 1 / $1::int';
    const queue = jobQueueDb(db.knex, { texts: new Set([text]), log: (error) => told.push(error), againMs: 20 });
    // The first try finds no connection (the database away), the next ones land.
    const original = db.knex.client.acquireConnection.bind(db.knex.client);
    db.knex.client.acquireConnection = async () => {
      if (refuse) {
        refuse = false;
        throw new Error('Connection terminated unexpectedly');
      }
      return original();
    };
    try {
      await expect(queue.executeSql(text, [1])).resolves.toEqual({ rows: [{ count: 0 }] });
      for (let i = 0; i < 50 && Number((await db.knex('landed').count({ n: '*' }))[0]!.n) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(Number((await db.knex('landed').count({ n: '*' }))[0]!.n)).toBe(1);
      expect(told).toHaveLength(1);
    } finally {
      db.knex.client.acquireConnection = original;
    }
    await queue.drained();
  });

  it("answers a failed statement pg-boss sends without waiting as changing no job, and tells the log", async () => {
    const told: unknown[] = [];
    const queue = jobQueueDb(db.knex, { texts: new Set(['select 1 / $1::int']), log: (error) => told.push(error) });
    await expect(queue.executeSql('select 1 / $1::int', [0])).resolves.toEqual({ rows: [{ count: 0 }] });
    expect(told).toEqual([expect.objectContaining({ message: 'division by zero' })]);
    // Any other statement's failure still reaches its caller, who waits for it.
    await expect(queue.executeSql('select 2 / $1::int', [0])).rejects.toThrow('division by zero');
    expect(told).toHaveLength(1);
    await queue.drained();
  });
});
