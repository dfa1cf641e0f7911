import { Knex } from 'knex';
import { TOKENS } from '../../adapters/di/tokens';
import { BEHIND, NOT_ANSWERING, TOO_SLOW, databaseReadiness } from '../../adapters/persistence/readiness';
import { answerSchemaOf } from '../../api/schemas';
import { failure } from '../../api/envelope';
import { RunningStore, startStore } from '../support/http';

/** Answers checked strictly against api/: the call's own schema on success, the failure's otherwise. */
const checked = async (api: RunningStore, path: string) => {
  const answer = await api.get(path);
  const schema = answer.status === 200 ? answerSchemaOf('GET', path)! : failure;
  expect(schema.safeParse(answer.body).success).toBe(true);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer;
};

describe('health and readiness', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([])));
  afterAll(() => api.close());

  it('says the process is alive', async () => {
    expect(await checked(api, '/api/health')).toMatchObject({ status: 200, body: { success: true, status: 'ok' } });
  });

  it('says the store is ready when the database answers and its migrations have all run', async () => {
    expect(await checked(api, '/api/ready')).toMatchObject({ status: 200, body: { success: true, status: 'ready' } });
  });

  it('is not ready, and says why, while a migration of this version has not run', async () => {
    const { knex } = api.store.get(TOKENS.Database);
    const [last] = await knex('knex_migrations').orderBy('id', 'desc').limit(1);
    await knex('knex_migrations').where({ id: last.id }).delete();
    try {
      expect(await checked(api, '/api/ready')).toMatchObject({ status: 503, body: { success: false, message: BEHIND(1), code: 'store.not_ready' } });
    } finally {
      await knex('knex_migrations').insert(last);
    }
    expect((await api.get('/api/ready')).status).toBe(200);
  });

  it("stays ready beside a newer version's migrations", async () => {
    const { knex } = api.store.get(TOKENS.Database);
    await knex('knex_migrations').insert({ name: '999-from-the-future', batch: 99, migration_time: new Date() });
    try {
      expect((await api.get('/api/ready')).status).toBe(200);
    } finally {
      await knex('knex_migrations').where({ name: '999-from-the-future' }).delete();
    }
  });
});

describe('readiness without a database', () => {
  it('answers 503 with a reason once the database is closed, while the process stays alive', async () => {
    const api = await startStore([]);
    try {
      await api.store.get(TOKENS.Database).close();
      const started = Date.now();
      expect(await checked(api, '/api/ready')).toMatchObject({ status: 503, body: { success: false, message: NOT_ANSWERING, code: 'store.not_ready' } });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect((await checked(api, '/api/health')).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('gives up on a database that does not answer within its time', async () => {
    const silent = (() => ({ pluck: () => new Promise(() => {}) })) as unknown as Knex;
    const started = Date.now();
    expect(await databaseReadiness(silent, 100)()).toEqual({ ready: false, reason: TOO_SLOW(100) });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('names no error text of the database in its reason', async () => {
    const failing = (() => ({ pluck: () => Promise.reject(new Error('connect ECONNREFUSED db.internal:5432 password=hunter2')) })) as unknown as Knex;
    expect(await databaseReadiness(failing, 100)()).toEqual({ ready: false, reason: NOT_ANSWERING });
  });
});
