import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOB_RETRIED } from '../../api/jobs';
import { HOUSEKEEPING } from '../../adapters/di/background';
import { TOKENS } from '../../adapters/di/tokens';
import { queueMail } from '../../adapters/persistence/knex-outbox';
import { BAD_JOB_ID, JOB_NOT_FAILED } from '../../core/jobs/use-cases';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { withCode } from '../support/codes';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Background work runs as jobs on the store's queue (pg-boss), and the admin sees the ones that failed. */
describe('background jobs', () => {
  let api: RunningStore;
  let dataDir: string;
  const knex = () => api.store.get(TOKENS.Database).knex;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-jobs-'));
    // The store's own workers, with the e-mail job every 100 ms and housekeeping as often.
    api = await startStore([], { background: true, dataDir, sendMailEveryMs: 100, housekeepingEveryMs: 100 });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends queued e-mail by itself, once, as a job', async () => {
    await queueMail(knex(), 'order-jobs-1', { to: 'amal@mail.test', subject: 'Your order', text: 'Thanks.', html: '<p>Thanks.</p>' });
    const state = () => knex()('outbox').where({ id: 'order-jobs-1' }).first('status', 'attempts');
    for (let i = 0; i < 60 && (await state()).status !== 'sent'; i++) await pause(50);
    expect(await state()).toEqual({ status: 'sent', attempts: 1 });
    expect(fs.readdirSync(path.join(dataDir, 'outbox')).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
  });

  describe('the failed jobs, for the admin', () => {
    let admin: Shopper;
    let failedId: string;

    beforeAll(async () => {
      admin = await signedInAdmin(api);
      // A job that ran out of tries: queued through the store's queue, then as pg-boss leaves one
      // whose three runs failed (pg-boss keeps the last run's error as its output).
      await api.store.get(TOKENS.Jobs).enqueue(HOUSEKEEPING, { reason: 'test' }, { inMs: 3_600_000 });
      const [row] = await knex()('pgboss.job').where({ name: 'housekeeping' }).whereRaw("data->>'reason' = 'test'").update(
        {
          state: 'failed',
          retry_count: 2,
          start_after: knex().raw("now() - interval '2 minutes'"),
          started_on: knex().raw("now() - interval '1 minute'"),
          completed_on: knex().raw('now()'),
          output: JSON.stringify({ message: 'ECONNREFUSED: the retention table could not be read' }),
        },
        ['id'],
      );
      failedId = row.id;
    });

    it('answers 401 signed out and 403 to a shopper', async () => {
      expect(await api.get('/api/admin/jobs')).toMatchObject({ status: 401 });
      expect(await api.post(`/api/admin/jobs/${failedId}/retry`, {})).toMatchObject({ status: 401 });
      const shopper = await signedInShopper(api, 'Hana');
      expect(await shopper.get('/api/admin/jobs')).toMatchObject({ status: 403, body: { success: false, ...withCode(ADMINS_ONLY) } });
      expect(await shopper.post(`/api/admin/jobs/${failedId}/retry`)).toMatchObject({ status: 403, body: { success: false, ...withCode(ADMINS_ONLY) } });
    });

    it('lists a failed job with its error, attempts and times', async () => {
      const listed = await admin.get('/api/admin/jobs');
      expect(listed.status).toBe(200);
      expect(listed.body.jobs).toEqual([
        {
          id: failedId,
          name: 'housekeeping',
          data: { reason: 'test' },
          error: 'ECONNREFUSED: the retention table could not be read',
          attempts: 3,
          createdAt: expect.any(String),
          startedAt: expect.any(String),
          failedAt: expect.any(String),
        },
      ]);
      expect(Date.parse(listed.body.jobs[0].failedAt)).toBeGreaterThan(Date.parse(listed.body.jobs[0].startedAt));
    });

    it('refuses an id that is no job id (400) and one that names no failed job (404)', async () => {
      expect(await admin.post('/api/admin/jobs/not-a-job/retry')).toMatchObject({ status: 400, body: { success: false, ...withCode(BAD_JOB_ID) } });
      expect(await admin.post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry')).toMatchObject({
        status: 404,
        body: { success: false, ...withCode(JOB_NOT_FAILED) },
      });
    });

    it('retries it: the job runs again, leaves the list, and the audit log says who asked', async () => {
      const retried = await admin.post(`/api/admin/jobs/${failedId}/retry`);
      expect(retried).toMatchObject({ status: 200, body: { success: true, ...withCode(JOB_RETRIED), job: { id: failedId, attempts: 3 } } });
      const state = async () => (await knex()('pgboss.job').where({ id: failedId }).first('state')).state;
      for (let i = 0; i < 60 && (await state()) !== 'completed'; i++) await pause(50);
      expect(await state()).toBe('completed');
      expect((await admin.get('/api/admin/jobs')).body.jobs).toEqual([]);
      expect(await admin.post(`/api/admin/jobs/${failedId}/retry`)).toMatchObject({ status: 404, body: { message: JOB_NOT_FAILED } });
      const audit = await admin.get('/api/admin/audit?page=1&limit=5');
      expect(audit.body.entries[0]).toMatchObject({
        actorName: 'Owner',
        action: 'job-retried',
        subject: failedId,
        detail: { name: 'housekeeping', attempts: 3, error: 'ECONNREFUSED: the retention table could not be read' },
      });
    });
  });
});
